import type { PayChannel } from "../../providers/payment/types";

/** Spec §5: 1 WeChat, 0 Alipay, 2 corporate transfer. */
export type PayType = 0 | 1 | 2;

export const PAY_TYPES: readonly PayType[] = [1, 0, 2];

/** The QR channel of a pay type; null for the corporate transfer. */
export function channelOf(payType: PayType): PayChannel | null {
  return payType === 1 ? "wechat" : payType === 0 ? "alipay" : null;
}

/** A QR is valid five minutes (spec §9). */
export const QR_VALIDITY_MS = 5 * 60_000;

/** At most this much in one top-up (the rule the top-up field checks too). */
export { MAX_TOP_UP_FEN as MAX_RECHARGE_FEN } from "../../rules/money";

/** A caller may create at most this many top-up orders in ten minutes. */
export const MAX_ORDERS_PER_TEN_MINUTES = 10;

/** A caller may keep at most this many corporate transfers waiting for confirmation. */
export const MAX_PENDING_TRANSFERS = 5;
