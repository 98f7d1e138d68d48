/**
 * Stop with refund (issue 36 §1): ending a prepaid package early. Pure: the
 * preview, the confirm page and the refund itself use it, so the figure shown
 * is the figure paid back. Decision 080.
 *
 * The rule, for any package length (hours, days, months, and renewals):
 * - the unused WHOLE days are counted from now to the package's expiry; the
 *   part of a day left over is not refunded (it is still being used);
 * - those days are the last ones paid for: each paid period (the rental and
 *   every renewal, one purchase order each) gives back the value of its part of
 *   them, at the price it was bought after its discounts (duration, membership),
 *   minus the whole of what its coupon paid; never less than nothing, never
 *   more than its order charged;
 * - what an order gives back returns to the wallets that paid it, in the same
 *   proportion: vouchers back to vouchers (rounded down), the rest to cash.
 * - a package downgrade (decision 095) gave money back for [downgrade, expiry):
 *   it is a period with a NEGATIVE price, so its share of the unused days is
 *   taken off again (the removed GPUs were already refunded); each wallet's
 *   total stays within [0, what the instance's orders paid it minus what was
 *   given back].
 */
import { formatMoney } from "./money";

export const DAY_MS = 24 * 3_600_000;

/**
 * One paid period of a package: a purchase order referring to the instance (rental, renewal, upgrade), or a
 * downgrade's refund (decision 095): then the price, amount and paid figures are negative (what it gave back).
 */
export interface PaidPeriod {
  orderNo: string;
  periodStart: Date;
  periodEnd: Date;
  /** Its price after the duration and membership discounts, before the coupon. */
  afterDiscountsFen: number;
  /** What its coupon paid (afterDiscounts − charged). */
  couponSavingFen: number;
  /** What the order charged: paidVoucherFen + paidCashFen. */
  amountFen: number;
  paidVoucherFen: number;
  paidCashFen: number;
}

/** What one paid period gives back. */
export interface RefundLine {
  orderNo: string;
  periodMs: number;
  /** Its part of the unused whole days. */
  unusedMs: number;
  /** afterDiscountsFen × unusedMs / periodMs, rounded half-up. */
  unusedValueFen: number;
  couponSavingFen: number;
  /** max(0, unusedValue − coupon), at most what the order charged. */
  refundFen: number;
  voucherFen: number;
  cashFen: number;
}

export interface PackageRefund {
  /** Whole days between now and the expiry. */
  unusedDays: number;
  /** The refunded span: [from, until) = the last `unusedDays` days of the package. */
  refundFrom: Date;
  until: Date;
  /** Time left that is not a whole day (not refunded). */
  partDayMs: number;
  lines: RefundLine[];
  voucherFen: number;
  cashFen: number;
  totalFen: number;
}

/** The rule in one sentence, for the confirm page. */
export const REFUND_RULE_TEXT =
  "提前结束套餐时，退还到期前未使用的整天（不足一天的部分不退）：每笔套餐订单（租用和续费）按其折后价格折算未用天数的金额，" +
  "再扣除该订单优惠券抵扣的全部金额；退款按原支付比例退回，算力券退回算力券，余额退回余额。" +
  "包时套餐（1–23 小时）不足一天，提前结束不退款。减少 GPU 时已退还的部分不重复退还。结束后实例立即释放。";

function roundHalfUpRatio(value: number, num: number, den: number): number {
  const n = BigInt(value) * BigInt(num);
  const d = BigInt(den);
  return Number((2n * n + d) / (2n * d));
}

/**
 * `fen` split as `paidVoucherFen` of `paidFen` was paid: vouchers ⌊fen × voucher / paid⌋ (toward zero for a
 * negative `fen`), the rest cash. So a wallet never gets back more than its share.
 */
export function splitLikePayment(fen: number, paidVoucherFen: number, paidFen: number) {
  const size = Math.abs(fen);
  const voucher =
    paidFen !== 0 ? Number((BigInt(size) * BigInt(Math.abs(paidVoucherFen))) / BigInt(Math.abs(paidFen))) : 0;
  const voucherFen = fen < 0 ? -voucher : voucher;
  return { voucherFen, cashFen: fen - voucherFen };
}

function refundLine(p: PaidPeriod, from: number, until: number): RefundLine {
  const start = p.periodStart.getTime();
  const end = p.periodEnd.getTime();
  const periodMs = Math.max(0, end - start);
  const unusedMs = Math.max(0, Math.min(end, until) - Math.max(start, from));
  const sign = p.afterDiscountsFen < 0 ? -1 : 1;
  const unusedValueFen = periodMs > 0 ? sign * roundHalfUpRatio(sign * p.afterDiscountsFen, unusedMs, periodMs) : 0;
  // A downgrade's negative period takes back its share, at most what it gave.
  const refundFen =
    sign < 0
      ? Math.max(p.amountFen, Math.min(0, unusedValueFen))
      : Math.min(p.amountFen, Math.max(0, unusedValueFen - p.couponSavingFen));
  const { voucherFen, cashFen } = splitLikePayment(refundFen, p.paidVoucherFen, p.amountFen);
  return {
    orderNo: p.orderNo,
    periodMs,
    unusedMs,
    unusedValueFen,
    couponSavingFen: p.couponSavingFen,
    refundFen,
    voucherFen,
    cashFen,
  };
}

/** What the periods paid into each wallet, net of what downgrades gave back: the most that can still come back. */
export function refundableOf(periods: readonly PaidPeriod[]): {
  voucherFen: number;
  cashFen: number;
  totalFen: number;
} {
  const voucherFen = Math.max(
    0,
    periods.reduce((s, p) => s + p.paidVoucherFen, 0),
  );
  const cashFen = Math.max(
    0,
    periods.reduce((s, p) => s + p.paidCashFen, 0),
  );
  return { voucherFen, cashFen, totalFen: voucherFen + cashFen };
}

/**
 * How a downgrade's `refundFen` (at most refundableOf(periods).totalFen) goes back: in proportion to what the
 * instance's orders paid each wallet and have not given back yet, vouchers rounded down.
 */
export function splitDowngradeRefund(refundFen: number, periods: readonly PaidPeriod[]) {
  const left = refundableOf(periods);
  if (refundFen < 0 || refundFen > left.totalFen) throw new RangeError("a downgrade refunds at most what is left");
  return splitLikePayment(refundFen, left.voucherFen, left.totalFen);
}

/** The refund for ending, at `now`, a package that is paid until `expiresAt` by `periods`. */
export function planPackageRefund(periods: readonly PaidPeriod[], expiresAt: Date, now: Date): PackageRefund {
  const until = expiresAt.getTime();
  const left = Math.max(0, until - now.getTime());
  const unusedDays = Math.floor(left / DAY_MS);
  const from = until - unusedDays * DAY_MS;
  const lines = unusedDays > 0 ? periods.map((p) => refundLine(p, from, until)).filter((l) => l.unusedMs > 0) : [];
  const most = refundableOf(periods);
  const clamp = (fen: number, most: number) => Math.min(most, Math.max(0, fen));
  const voucherFen = clamp(
    lines.reduce((s, l) => s + l.voucherFen, 0),
    most.voucherFen,
  );
  const cashFen = clamp(
    lines.reduce((s, l) => s + l.cashFen, 0),
    most.cashFen,
  );
  return {
    unusedDays,
    refundFrom: new Date(from),
    until: new Date(until),
    partDayMs: left - unusedDays * DAY_MS,
    lines,
    voucherFen,
    cashFen,
    totalFen: voucherFen + cashFen,
  };
}

/** 7_200_000 → "2 小时"; a span that is not whole hours in seconds. */
function spanText(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} 小时`;
  return `${Math.floor(ms / 1000)} 秒`;
}

function lineText(l: RefundLine, afterDiscountsFen: number): string {
  if (afterDiscountsFen < 0)
    return (
      `降配 ${l.orderNo} 已退 ${formatMoney(-afterDiscountsFen)} × ${spanText(l.unusedMs)}/${spanText(l.periodMs)}` +
      ` = ${formatMoney(-l.unusedValueFen)}，扣回 ${formatMoney(-l.refundFen)}`
    );
  const value = `${formatMoney(afterDiscountsFen)} × ${spanText(l.unusedMs)}/${spanText(l.periodMs)} = ${formatMoney(l.unusedValueFen)}`;
  const coupon = l.couponSavingFen > 0 ? ` − 优惠券 ${formatMoney(l.couponSavingFen)}` : "";
  return `订单 ${l.orderNo}：${value}${coupon}，退 ${formatMoney(l.refundFen)}`;
}

/**
 * The refund explained with its figures, e.g. "提前结束套餐：剩余 5 天 3 小时，退还未用整天 5 天（不足一天的
 * 3 小时不退）；订单 P…：¥240.00 × 120 小时/240 小时 = ¥120.00 − 优惠券 ¥10.00，退 ¥110.00；
 * 合计退 ¥110.00（算力券 ¥0.00，余额 ¥110.00）".
 */
export function refundExplanation(refund: PackageRefund, periods: readonly PaidPeriod[]): string {
  if (refund.unusedDays === 0)
    return `提前结束套餐：剩余 ${spanText(Math.floor(refund.partDayMs / 1000) * 1000)}，不足一天，不退款（包时套餐不足一天，提前结束不退款）`;
  const part = refund.partDayMs > 0 ? `（不足一天的 ${spanText(Math.floor(refund.partDayMs / 1000) * 1000)}不退）` : "";
  const head = `提前结束套餐：退还未用整天 ${refund.unusedDays} 天${part}`;
  const lines = refund.lines.map((l) => lineText(l, periods.find((p) => p.orderNo === l.orderNo)!.afterDiscountsFen));
  const total =
    `合计退 ${formatMoney(refund.totalFen)}` +
    `（算力券 ${formatMoney(refund.voucherFen)}，余额 ${formatMoney(refund.cashFen)}）`;
  return [head, ...lines, total].join("；");
}
