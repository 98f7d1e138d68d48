import { BP, DURATION_DISCOUNT_BP } from "../../rules/price";
import { hourlyRateFen, quotePackage, type BillingMode, type PackageMode } from "../../rules/rental-price";
import { priceCouponOf, type CouponTerms } from "../../rules/coupons";

/** How a rental's price was computed (kept on the package's purchase order, shown on the form and the bill). */
export interface PriceBreakdown {
  billingMode: BillingMode;
  unitPriceFen: number;
  gpuCount: number;
  /** Package: hours bought; hourly: 1. */
  hours: number;
  /** Package: its hours, days or months; hourly: 0. */
  duration: number;
  listFen: number;
  durationDiscountBp: number;
  vipDiscountBp: number;
  afterDiscountsFen: number;
  couponId: number | null;
  couponSavingFen: number;
  /** Package: charged now; hourly: what one hour costs while running. */
  amountFen: number;
}

/** A package's price by `quotePackage`, with its coupon (whose applicability was checked by the caller). */
export function packageBreakdown(input: {
  mode: PackageMode;
  units: number;
  gpuCount: number;
  unitPriceFen: number;
  vipDiscountBp: number;
  coupon: { id: number; terms: CouponTerms } | null;
}): PriceBreakdown {
  const quote = quotePackage({
    mode: input.mode,
    units: input.units,
    gpuCount: input.gpuCount,
    unitPriceFen: input.unitPriceFen,
    vipDiscountBp: input.vipDiscountBp,
    coupon: input.coupon ? priceCouponOf(input.coupon.terms) : null,
  });
  return {
    billingMode: input.mode,
    unitPriceFen: input.unitPriceFen,
    gpuCount: input.gpuCount,
    hours: quote.hours,
    duration: input.units,
    listFen: quote.listFen,
    durationDiscountBp: quote.durationDiscountBp,
    vipDiscountBp: input.vipDiscountBp,
    afterDiscountsFen: quote.afterDiscountsFen,
    couponId: input.coupon?.id ?? null,
    couponSavingFen: quote.couponSavingFen,
    amountFen: quote.payFen,
  };
}

/** An hourly rental's rate: one hour of its GPUs after the membership discount (`hourlyRateFen`). */
export function hourlyBreakdown(input: {
  gpuCount: number;
  unitPriceFen: number;
  vipDiscountBp: number;
}): PriceBreakdown {
  const amountFen = hourlyRateFen(input);
  return {
    billingMode: "hour",
    unitPriceFen: input.unitPriceFen,
    gpuCount: input.gpuCount,
    hours: 1,
    duration: 0,
    listFen: input.unitPriceFen * input.gpuCount,
    durationDiscountBp: DURATION_DISCOUNT_BP.hour,
    vipDiscountBp: input.vipDiscountBp,
    afterDiscountsFen: amountFen,
    couponId: null,
    couponSavingFen: 0,
    amountFen,
  };
}

/** A discount in basis points as the bill writes it: 10000 → "1", 9800 → "0.98". */
export const discountFigure = (bp: number): string => String(bp / BP);
