/**
 * The bill that explains itself (issue 12 §5): how a settlement or a package
 * charge was computed, in words and figures, from what the billing engine and
 * the rental recorded with it (an instance_settlements row,
 * purchase_orders.detail), e.g.
 * "3600 秒 × 1 卡 × ¥1.98/卡·时 × 会员 0.98 = ¥1.94；算力券 ¥0.00，余额 ¥1.94".
 * Pure: the expense detail and the instance's cost view share it.
 */
import { packageLengthText } from "./billing-mode-text";
import { purchaseKindName } from "./finance";
import { formatMoney } from "./money";
import { PACKAGE_MODES } from "./rental-price";

/** What settle.ts records in an instance_settlements row, as the explanation reads it. */
export interface SettlementDetail {
  seconds: number;
  gpuCount: number;
  unitPriceFen: number;
  durationDiscountBp: number;
  vipDiscountBp: number;
  /** The monthly price of the instance's extra data disk GB (decision 093); 0 or absent for none. */
  extraDiskMonthFen?: number;
  /** usageChargeFen of the period, plus its extra data disk's. */
  amountDueFen: number;
  voucherFen: number;
  cashFen: number;
  /** What the wallets could not pay (the arrears stop came too late); not charged. */
  uncollectedFen: number;
}

/** 9800 → "0.98", 9850 → "0.985". */
export function discountText(bp: number): string {
  return String(bp / 10_000);
}

function discounts(durationBp: number, vipBp: number): string {
  return (
    (durationBp < 10_000 ? ` × 时长 ${discountText(durationBp)}` : "") +
    (vipBp < 10_000 ? ` × 会员 ${discountText(vipBp)}` : "")
  );
}

const paidBy = (voucherFen: number, cashFen: number) =>
  `算力券 ${formatMoney(voucherFen)}，余额 ${formatMoney(cashFen)}`;

/** The extra data disk's part of a settlement, e.g. " + 3600 秒 × 数据盘扩容 ¥20.00/月". */
const diskTerm = (d: SettlementDetail) =>
  d.extraDiskMonthFen ? ` + ${d.seconds} 秒 × 数据盘扩容 ${formatMoney(d.extraDiskMonthFen)}/月` : "";

export function settlementExplanation(d: SettlementDetail): string {
  // 0 GPUs: a period run without GPU (decision 086), at its own hourly price with no discount.
  const formula =
    d.gpuCount === 0
      ? `${d.seconds} 秒 × 无卡模式 ${formatMoney(d.unitPriceFen)}/时${diskTerm(d)} = ${formatMoney(d.amountDueFen)}`
      : `${d.seconds} 秒 × ${d.gpuCount} 卡 × ${formatMoney(d.unitPriceFen)}/卡·时` +
        `${discounts(d.durationDiscountBp, d.vipDiscountBp)}${diskTerm(d)} = ${formatMoney(d.amountDueFen)}`;
  const unpaid = d.uncollectedFen > 0 ? `；余额不足未收 ${formatMoney(d.uncollectedFen)}` : "";
  return `${formula}；${paidBy(d.voucherFen, d.cashFen)}${unpaid}`;
}

const int = (v: unknown): number | null => (typeof v === "number" && Number.isSafeInteger(v) ? v : null);

/** The columns of an instance_settlements row that explain it (as the schema names them). */
export type SettlementRow = Omit<SettlementDetail, "voucherFen" | "cashFen" | "uncollectedFen"> & {
  amountFen: number;
  paidVoucherFen: number;
  paidCashFen: number;
};

/** A settlement row as its explanation reads it. */
export function settlementDetailOf(row: SettlementRow): SettlementDetail {
  return {
    seconds: row.seconds,
    gpuCount: row.gpuCount,
    unitPriceFen: row.unitPriceFen,
    durationDiscountBp: row.durationDiscountBp,
    vipDiscountBp: row.vipDiscountBp,
    extraDiskMonthFen: row.extraDiskMonthFen ?? 0,
    amountDueFen: row.amountDueFen,
    voucherFen: row.paidVoucherFen,
    cashFen: row.paidCashFen,
    uncollectedFen: row.amountDueFen - row.amountFen,
  };
}

/**
 * A package charge's explanation from its order's detail (a PackageQuote or
 * the rental's PriceBreakdown, at the top or under `quote` or `price`) and what each wallet
 * paid; null when the detail does not say how the price was computed.
 */
export function packageExplanation(detail: unknown, paidVoucherFen: number, paidCashFen: number): string | null {
  if (!detail || typeof detail !== "object") return null;
  const d = detail as Record<string, unknown>;
  if (typeof d.explanation === "string" && d.explanation) return d.explanation;
  const q = (["quote", "price"].map((k) => d[k]).find((x) => x && typeof x === "object") ?? d) as Record<
    string,
    unknown
  >;
  // A PackageQuote names them mode/units/payFen; the PriceBreakdown a rental order keeps
  // (modules/instances/create.ts RentalOrderDetail) billingMode/duration/amountFen.
  const mode = q.mode ?? q.billingMode;
  const [units, hours, gpus, unit, duration, vip, after, saving, pay] = [
    q.units ?? q.duration,
    q.hours,
    q.gpuCount,
    q.unitPriceFen,
    q.durationDiscountBp,
    q.vipDiscountBp,
    q.afterDiscountsFen,
    q.couponSavingFen,
    q.payFen ?? q.amountFen,
  ].map(int);
  const packageMode = PACKAGE_MODES.find((m) => m === mode);
  if (!packageMode || [units, hours, gpus, unit, duration, vip, pay].some((x) => x === null)) return null;
  // An hour package's length is its hours: "3 小时 × "; a day or month package's says its hours too: "1 天（24 小时）× ".
  const length =
    packageMode === "hour_package"
      ? `${packageLengthText(packageMode, units!)} × `
      : `${packageLengthText(packageMode, units!)}（${hours} 小时）× `;
  const coupon =
    saving && saving > 0 && after !== null ? ` = ${formatMoney(after)} − 优惠券 ${formatMoney(saving)}` : "";
  // A renewal's extra data disk for its hours (decision 093), in the price after discounts.
  const extraDisk = int(q.extraDiskFen);
  const disk = extraDisk ? ` + 数据盘扩容 ${hours} 小时 ${formatMoney(extraDisk)}` : "";
  return (
    `${length}${gpus} 卡 × ${formatMoney(unit!)}/卡·时${discounts(duration!, vip!)}${disk}` +
    `${coupon} = ${formatMoney(pay!)}；${paidBy(paidVoucherFen, paidCashFen)}`
  );
}

/**
 * Any purchase's explanation: a package charge's formula when its detail has
 * one, a voucher offer's price and what it gave, else what was bought and how
 * it was paid, so no charge is left without one.
 */
export function purchaseExplanation(
  kind: string,
  detail: unknown,
  amountFen: number,
  paidVoucherFen: number,
  paidCashFen: number,
): string {
  const formula = packageExplanation(detail, paidVoucherFen, paidCashFen);
  if (formula) return formula;
  const d = (detail && typeof detail === "object" ? detail : {}) as Record<string, unknown>;
  const [price, voucher] = [int(d.priceFen), int(d.voucherFen)];
  if (kind === "power_money" && price !== null && voucher !== null)
    return `算力券套餐：售价 ${formatMoney(price)}，得算力券 ${formatMoney(voucher)}；${paidBy(paidVoucherFen, paidCashFen)}`;
  return `购买${purchaseKindName(kind)}，订单金额 ${formatMoney(amountFen)}；${paidBy(paidVoucherFen, paidCashFen)}`;
}
