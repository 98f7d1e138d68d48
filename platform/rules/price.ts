/**
 * The one price function (DESIGN.md "Money"): unit price × quantity × duration
 * discount × membership discount, then the coupon; computed exactly with BigInt
 * and rounded half-up to the fen once, at the end. Both the preview and the
 * charge use it. Pure: no I/O, shared with the pages.
 */

/** Basis points: 10000 = 1.00 (no discount), 9800 = 0.98. */
export const BP = 10_000;

/**
 * Spec §9: duration discounts, hourly 1, daily 0.98, monthly 0.95. An hour
 * package (包时, 1–23 hours prepaid) has the hourly discount: 1 (decision 085).
 */
export const DURATION_DISCOUNT_BP = { hour: 10_000, hour_package: 10_000, day: 9_800, month: 9_500 } as const;

/** What a coupon does to a price: Type 1 multiplies by its discount; Type 2 takes an amount off. */
export type PriceCoupon = { type: 1; discountBp: number } | { type: 2; amountFen: number };

export interface PriceInput {
  unitPriceFen: number;
  quantity: number;
  /** 10000 hourly, 9800 daily, 9500 monthly. */
  durationDiscountBp: number;
  /** The membership tier's discount, 9400–10000. */
  vipDiscountBp: number;
  /** Applied last; its applicability is decided by couponApplies (rules/coupons.ts). */
  coupon?: PriceCoupon | null;
}

export interface Quote {
  /** unit × quantity. */
  listFen: number;
  /** After the duration and membership discounts, before the coupon (rounded for display). */
  afterDiscountsFen: number;
  /** afterDiscountsFen − payFen: what the coupon saves, so the shown figures add up. */
  couponSavingFen: number;
  /** What is charged: the exact result rounded half-up once, never negative. */
  payFen: number;
}

const B = BigInt(BP);

function checkInteger(name: string, value: number, min: number, max: number): bigint {
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw new RangeError(`${name} must be an integer in [${min}, ${max}], got ${value}`);
  return BigInt(value);
}

/** num/den rounded half-up (num ≥ 0, den > 0). */
function roundHalfUp(num: bigint, den: bigint): bigint {
  return (2n * num + den) / (2n * den);
}

function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`amount too large: ${value}`);
  return Number(value);
}

export function quotePrice(input: PriceInput): Quote {
  const unit = checkInteger("unitPriceFen", input.unitPriceFen, 0, Number.MAX_SAFE_INTEGER);
  const quantity = checkInteger("quantity", input.quantity, 0, Number.MAX_SAFE_INTEGER);
  const duration = checkInteger("durationDiscountBp", input.durationDiscountBp, 0, BP);
  const vip = checkInteger("vipDiscountBp", input.vipDiscountBp, 0, BP);

  const list = unit * quantity;
  // Exact: list × duration/BP × vip/BP = afterNum / afterDen.
  const afterNum = list * duration * vip;
  const afterDen = B * B;

  let payNum = afterNum;
  let payDen = afterDen;
  const coupon = input.coupon;
  if (coupon?.type === 1) {
    payNum = afterNum * checkInteger("discountBp", coupon.discountBp, 0, BP);
    payDen = afterDen * B;
  } else if (coupon?.type === 2) {
    payNum = afterNum - checkInteger("amountFen", coupon.amountFen, 0, Number.MAX_SAFE_INTEGER) * afterDen;
  }
  if (payNum < 0n) payNum = 0n;

  const listFen = toSafeNumber(list);
  const afterDiscountsFen = toSafeNumber(roundHalfUp(afterNum, afterDen));
  const payFen = toSafeNumber(roundHalfUp(payNum, payDen));
  return { listFen, afterDiscountsFen, couponSavingFen: afterDiscountsFen - payFen, payFen };
}
