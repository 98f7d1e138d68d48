/**
 * What changing an instance's GPU count costs (issue 36 §1, decision 081).
 * Pure: the options list, the confirmation and the charge all use it.
 *
 * - Hourly: nothing is charged now; from the change the instance is billed at
 *   the new hourly rate (hourlyRateFen with the new GPU count).
 * - Package, more GPUs: the added GPUs for the rest of the term, prorated to
 *   the second: remaining seconds × added GPUs × unit price × the package's
 *   duration discount × membership discount, rounded half-up to the fen once
 *   (the same exact expression as usageChargeFen).
 * - Package, fewer GPUs (decision 095): the mirror, refunded: the same
 *   expression for the removed GPUs, at most what the instance's paid orders
 *   can still give back.
 */
import { formatMoney } from "./money";
import { discountText } from "./bill-explanation";
import { hourlyRateFen, usageChargeFen, type BillingMode } from "./rental-price";

/** The downgrade rule in one sentence, for the confirmation (decision 095). */
export const DOWNGRADE_RULE_TEXT =
  "包时、包天、包月实例减少 GPU 时，按到期前剩余的秒数退还减少的 GPU 的费用（与加卡补差价的算法相同：剩余秒数 × 减少卡数 × " +
  "单价 × 时长折扣 × 会员折扣），以该实例订单已付未退的金额为限；按原支付比例退回，算力券退回算力券，余额退回余额。" +
  "减少的 GPU 立即归还主机，之后提前结束套餐时不再重复退还这部分。";

/** The GPU count an instance can have; the host's size caps it further. */
export const MAX_GPU_COUNT = 8;

export interface ResizeBasis {
  billingMode: BillingMode;
  gpuCount: number;
  unitPriceFen: number;
  durationDiscountBp: number;
  vipDiscountBp: number;
}

export type ResizeQuote =
  | { kind: "hourly"; toGpuCount: number; fromRateFen: number; toRateFen: number; explanation: string }
  | {
      kind: "package_upgrade";
      toGpuCount: number;
      addedGpus: number;
      remainingSeconds: number;
      chargeFen: number;
      explanation: string;
    }
  | {
      kind: "package_downgrade";
      toGpuCount: number;
      removedGpus: number;
      remainingSeconds: number;
      /** What the removed GPUs are worth for the remaining seconds (the upgrade's expression). */
      valueFen: number;
      /** Given back: valueFen, at most what the instance's paid orders can still give (`refundableFen`). */
      refundFen: number;
      explanation: string;
    };

const discounts = (durationBp: number, vipBp: number) =>
  (durationBp < 10_000 ? ` × 时长 ${discountText(durationBp)}` : "") +
  (vipBp < 10_000 ? ` × 会员 ${discountText(vipBp)}` : "");

/** An hourly instance's rates before and after; nothing is charged at the change. */
export function quoteHourlyResize(basis: ResizeBasis, toGpuCount: number): ResizeQuote {
  const rate = (gpuCount: number) => hourlyRateFen({ ...basis, gpuCount });
  const fromRateFen = rate(basis.gpuCount);
  const toRateFen = rate(toGpuCount);
  return {
    kind: "hourly",
    toGpuCount,
    fromRateFen,
    toRateFen,
    explanation:
      `按量计费：调整后按 ${toGpuCount} 卡 × ${formatMoney(basis.unitPriceFen)}/卡·时` +
      `${discounts(10_000, basis.vipDiscountBp)} = ${formatMoney(toRateFen)}/时计费（原 ${formatMoney(fromRateFen)}/时），调整时不收费`,
  };
}

/**
 * A package's added GPUs for the `remainingSeconds` left of its term (whole
 * seconds, the partial second dropped in the renter's favour).
 */
export function quotePackageUpgrade(basis: ResizeBasis, toGpuCount: number, remainingSeconds: number): ResizeQuote {
  const addedGpus = toGpuCount - basis.gpuCount;
  if (!Number.isInteger(addedGpus) || addedGpus <= 0) throw new RangeError("a package upgrade adds GPUs");
  const charge = usageChargeFen({
    seconds: remainingSeconds,
    gpuCount: addedGpus,
    unitPriceFen: basis.unitPriceFen,
    vipDiscountBp: basis.vipDiscountBp,
    durationDiscountBp: basis.durationDiscountBp,
  });
  return {
    kind: "package_upgrade",
    toGpuCount,
    addedGpus,
    remainingSeconds,
    chargeFen: charge.amountFen,
    explanation:
      `升配补差价：剩余 ${remainingSeconds} 秒 × 新增 ${addedGpus} 卡 × ${formatMoney(basis.unitPriceFen)}/卡·时` +
      `${discounts(basis.durationDiscountBp, basis.vipDiscountBp)} = ${formatMoney(charge.amountFen)}`,
  };
}

/**
 * A package's removed GPUs for the `remainingSeconds` left of its term: the
 * upgrade's charge mirrored (so 1 → 2 → 1 GPUs at the same second gives the
 * charge back), capped at `refundableFen`, what the instance's paid orders
 * can still give back (paid minus earlier refunds).
 */
export function quotePackageDowngrade(
  basis: ResizeBasis,
  toGpuCount: number,
  remainingSeconds: number,
  refundableFen: number,
): ResizeQuote {
  const removedGpus = basis.gpuCount - toGpuCount;
  if (!Number.isInteger(removedGpus) || removedGpus <= 0 || toGpuCount < 1)
    throw new RangeError("a package downgrade removes GPUs and keeps at least one");
  const value = usageChargeFen({
    seconds: remainingSeconds,
    gpuCount: removedGpus,
    unitPriceFen: basis.unitPriceFen,
    vipDiscountBp: basis.vipDiscountBp,
    durationDiscountBp: basis.durationDiscountBp,
  }).amountFen;
  const refundFen = Math.max(0, Math.min(value, refundableFen));
  const cap = refundFen < value ? `，以实例订单已付未退的 ${formatMoney(refundFen)} 为限` : "";
  return {
    kind: "package_downgrade",
    toGpuCount,
    removedGpus,
    remainingSeconds,
    valueFen: value,
    refundFen,
    explanation:
      `降配退差价：剩余 ${remainingSeconds} 秒 × 减少 ${removedGpus} 卡 × ${formatMoney(basis.unitPriceFen)}/卡·时` +
      `${discounts(basis.durationDiscountBp, basis.vipDiscountBp)} = ${formatMoney(value)}${cap}，退 ${formatMoney(refundFen)}`,
  };
}

/** How long a downgrade's confirmation stands: its refund shrinks by the second while the page is open. */
export const DOWNGRADE_CONFIRM_SECONDS = 600;

/**
 * Whether the refund a confirmation showed (`shownFen`) still stands for `quote`, the downgrade quoted now: the
 * refund now is never more than shown, and at most DOWNGRADE_CONFIRM_SECONDS' worth (and a fen of rounding)
 * less. Otherwise the figure changed (REFUND_CHANGED) and the page asks again with the new one.
 */
export function downgradeRefundStands(basis: ResizeBasis, quote: ResizeQuote, shownFen: number): boolean {
  if (quote.kind !== "package_downgrade") return shownFen === 0;
  if (quote.refundFen > shownFen) return false;
  const slack = usageChargeFen({
    seconds: DOWNGRADE_CONFIRM_SECONDS,
    gpuCount: quote.removedGpus,
    unitPriceFen: basis.unitPriceFen,
    vipDiscountBp: basis.vipDiscountBp,
    durationDiscountBp: basis.durationDiscountBp,
  }).amountFen;
  return shownFen - quote.refundFen <= slack + 1;
}

/** Whole seconds from `now` to the package's end (0 once it ended). */
export function remainingSeconds(now: Date, expiresAt: Date): number {
  return Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
}
