import { BP, DURATION_DISCOUNT_BP } from "../../rules/price";
import { hourlyRateFen, quotePackage, type BillingMode, type PackageMode } from "../../rules/rental-price";
import { priceCouponOf, type CouponTerms } from "../../rules/coupons";
import { extraDiskChargeFen } from "../../rules/data-disk-growth";

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
  /**
   * A renewal of an instance with extra data disk GB (decision 093): what they cost for the package's hours,
   * included in afterDiscountsFen and amountFen (no discount, no coupon); absent or 0 for none.
   */
  extraDiskFen?: number;
}

/** A package's price by `quotePackage`, with its coupon (whose applicability was checked by the caller). */
export function packageBreakdown(input: {
  mode: PackageMode;
  units: number;
  gpuCount: number;
  unitPriceFen: number;
  vipDiscountBp: number;
  coupon: { id: number; terms: CouponTerms } | null;
  /** The monthly price of the instance's extra data disk GB, renewed with it (decision 093). */
  extraDiskMonthFen?: number;
}): PriceBreakdown {
  const quote = quotePackage({
    mode: input.mode,
    units: input.units,
    gpuCount: input.gpuCount,
    unitPriceFen: input.unitPriceFen,
    vipDiscountBp: input.vipDiscountBp,
    coupon: input.coupon ? priceCouponOf(input.coupon.terms) : null,
  });
  const extraDiskFen = input.extraDiskMonthFen
    ? extraDiskChargeFen({ seconds: quote.hours * 3600, gb: 1, gbMonthFen: input.extraDiskMonthFen })
    : 0;
  return {
    billingMode: input.mode,
    unitPriceFen: input.unitPriceFen,
    gpuCount: input.gpuCount,
    hours: quote.hours,
    duration: input.units,
    listFen: quote.listFen,
    durationDiscountBp: quote.durationDiscountBp,
    vipDiscountBp: input.vipDiscountBp,
    afterDiscountsFen: quote.afterDiscountsFen + extraDiskFen,
    couponId: input.coupon?.id ?? null,
    couponSavingFen: quote.couponSavingFen,
    amountFen: quote.payFen + extraDiskFen,
    ...(extraDiskFen > 0 && { extraDiskFen }),
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
