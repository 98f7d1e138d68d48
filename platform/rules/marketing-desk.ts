/**
 * The desk's marketing areas (issue 39, docs/decisions/125), shared by the platform and the desk's pages: who may
 * work them, the words for their states, and the raffle window as typed in a page (Beijing time, to the minute).
 */

/** 运营 (and admins) run the points store and the raffle. */
export const canRunMarketing = (role: string): boolean => role === "marketing" || role === "admin";

/** Finance (and admins) see the sales partners and the refused bindings: commission is money. */
export const canSeePartners = (role: string): boolean => role === "finance" || role === "admin";

export const STORE_ITEM_KIND_LABELS = { coupon: "优惠券", voucher: "算力券", goods: "实物" } as const;
export const STORE_ORDER_STATUS_LABELS = {
  pending_shipment: "待发货",
  shipped: "已发货",
  completed: "已完成",
} as const;
export const RAFFLE_PRIZE_KIND_LABELS = { voucher: "算力券", points: "积分", coupon: "优惠券" } as const;
export const RAFFLE_OUTCOME_LABELS = {
  won: "中奖",
  none: "谢谢参与",
  out_of_stock: "奖品已抽完",
  already_held: "已持有同组优惠券",
} as const;
export const RAFFLE_STATE_LABELS = { upcoming: "未开始", open: "进行中", ended: "已结束" } as const;
export const REFERRAL_REFUSAL_LABELS = {
  same_phone: "自我推荐：与合伙人手机号相同",
  same_device: "自我推荐：注册前在同一设备登录过合伙人账号",
  sub_account: "子账号推荐：注册前登录的是合伙人的子账号",
  same_id_number: "自我推荐：与合伙人实名证件号相同",
  touch_expired: "推广链接访问已超过30天",
} as const;

/** A carrier's tracking number: 4-40 letters, digits or "-" (as `store order ship` takes it). */
export const TRACKING_NUMBER = /^[A-Za-z0-9-]{4,40}$/;

const LOCAL_MINUTE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/** "2026-11-29T10:00" (a datetime-local input, Beijing time) → the instant; null when it is not such a minute. */
export function beijingMinuteToDate(text: string): Date | null {
  const m = LOCAL_MINUTE.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || y < 2000 || y > 2999) return null;
  const utc = Date.UTC(y, mo - 1, d, h, mi) - BEIJING_OFFSET_MS;
  const back = new Date(utc + BEIJING_OFFSET_MS);
  return back.getUTCDate() === d ? new Date(utc) : null;
}

/** The instant as a datetime-local value in Beijing time ("2026-11-29T10:00"). */
export function dateToBeijingMinute(at: Date): string {
  const d = new Date(at.getTime() + BEIJING_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}
