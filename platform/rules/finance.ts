/**
 * Finance records (issue 10 §5): the names the pages and the CSV export show
 * for the codes on the wire, and the date ranges of the filters. Pure: shared
 * by the platform (which filters by them) and the pages (which label by them).
 */
import { z } from "zod";

export const ENTRY_KINDS = [
  "top_up",
  "purchase",
  "refund",
  "coupon",
  "voucher",
  "credit",
  "withdrawal",
  "adjustment",
  "commission",
] as const;
export type EntryKindCode = (typeof ENTRY_KINDS)[number];

export const ENTRY_KIND_NAMES: Record<EntryKindCode, string> = {
  top_up: "充值",
  purchase: "消费",
  refund: "退款",
  coupon: "优惠券",
  voucher: "算力券",
  credit: "授信额度",
  withdrawal: "提现",
  adjustment: "调账",
  commission: "佣金转入",
};

export const WALLETS = ["cash", "voucher", "credit"] as const;
export type WalletCode = (typeof WALLETS)[number];

export const WALLET_NAMES: Record<WalletCode, string> = {
  cash: "余额",
  voucher: "算力券",
  credit: "授信额度",
};

export const ORDER_KINDS = ["recharge", "purchase"] as const;
export type OrderKindCode = (typeof ORDER_KINDS)[number];
export const ORDER_KIND_NAMES: Record<OrderKindCode, string> = { recharge: "充值", purchase: "消费" };

export const ORDER_STATUSES = ["pending", "paid", "closed", "rejected", "refunded"] as const;
export type OrderStatusCode = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_NAMES: Record<OrderStatusCode, string> = {
  pending: "待支付",
  paid: "已支付",
  closed: "已关闭",
  rejected: "已驳回",
  refunded: "已退款",
};

/** Spec §5: 1 WeChat, 0 Alipay, 2 corporate transfer. */
export const PAY_TYPE_NAMES: Record<number, string> = { 0: "支付宝", 1: "微信支付", 2: "对公转账" };

/** What a purchase order bought, by its kind; an unknown kind shows as itself. */
const PURCHASE_KIND_NAMES: Record<string, string> = {
  power_money: "算力券",
  rental: "实例租用",
  renewal: "实例续费",
  upgrade: "实例升配",
  sftp_size: "存储空间",
};
export const purchaseKindName = (kind: string): string => PURCHASE_KIND_NAMES[kind] ?? kind;

export const WITHDRAWAL_STATUSES = ["pending", "approved", "rejected"] as const;
export type WithdrawalStatusCode = (typeof WITHDRAWAL_STATUSES)[number];
export const WITHDRAWAL_STATUS_NAMES: Record<WithdrawalStatusCode, string> = {
  pending: "审核中",
  approved: "已通过",
  rejected: "已驳回",
};

/** The longest date range a filter or an export may span, in days (both ends included). */
export const MAX_RANGE_DAYS = 366;

const DAY_MS = 86_400_000;
/** Asia/Shanghai is UTC+8 all year (no daylight saving), so a day there is a fixed UTC interval. */
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** "2026-11-23" → the instant that day starts in Asia/Shanghai; null when not a real date. */
export function shanghaiDayStart(date: string): Date | null {
  if (!DATE.test(date)) return null;
  const utc = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(utc) || new Date(utc).toISOString().slice(0, 10) !== date) return null;
  return new Date(utc - SHANGHAI_OFFSET_MS);
}

/** The Asia/Shanghai calendar date of an instant, "YYYY-MM-DD". */
export function shanghaiDate(at: Date): string {
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The calendar date `days` after `date` ("YYYY-MM-DD"). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included (1 for the same day). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** A date range as instants: from the start of `from` (included) to the start of the day after `to` (excluded). */
export interface InstantRange {
  from: Date | null;
  until: Date | null;
}

export function shanghaiRange(from: string | undefined, to: string | undefined): InstantRange {
  return {
    from: from ? shanghaiDayStart(from) : null,
    until: to ? shanghaiDayStart(addDays(to, 1)) : null,
  };
}

const dateField = (label: string) =>
  z
    .string({ invalid_type_error: `${label}格式不正确` })
    .max(10, `${label}格式不正确`)
    .refine((v) => shanghaiDayStart(v) !== null, `${label}格式不正确，应为 YYYY-MM-DD`);

/**
 * A date range filter (inclusive days in Asia/Shanghai), either end optional;
 * an empty field means no bound. Refuses an end before its start and a range
 * longer than MAX_RANGE_DAYS.
 */
export const dateRangeFields = z
  .object({
    start_date: z.preprocess((v) => (v === "" ? undefined : v), dateField("开始日期").optional()),
    end_date: z.preprocess((v) => (v === "" ? undefined : v), dateField("结束日期").optional()),
  })
  .superRefine((value, ctx) => {
    if (!value.start_date || !value.end_date) return;
    if (value.end_date < value.start_date)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["end_date"], message: "结束日期不能早于开始日期" });
    else if (daysInRange(value.start_date, value.end_date) > MAX_RANGE_DAYS)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["end_date"],
        message: `日期范围不能超过${MAX_RANGE_DAYS}天`,
      });
  });

/** An idempotency key a page renders into its form: 16–64 letters, digits, "-" or "_". */
export const idempotencyKey = z
  .string({ required_error: "请求有误，请刷新页面后重试", invalid_type_error: "请求有误，请刷新页面后重试" })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, "请求有误，请刷新页面后重试");
