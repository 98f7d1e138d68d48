/**
 * What a rental costs (issue 12 §3 and §5), on top of the one price function
 * (price.ts): a package (by the hour, the day or the month) is charged up front as
 * GPU-hours × unit price × duration discount × membership discount, then the
 * coupon; an hourly instance is charged afterwards for the seconds it ran.
 * Each is rounded half-up to the fen once. Pure: the rental form's preview,
 * the charge and the billing engine all use these.
 */
import { BP, DURATION_DISCOUNT_BP, quotePrice, type PriceCoupon, type Quote } from "./price";

/**
 * "hour" is pay-as-you-go (billed afterwards by the second; the wire's
 * meaning since issue 12); "hour_package" (包时), "day" (包天) and "month"
 * (包月) are prepaid packages (decision 085).
 */
export const BILLING_MODES = ["hour", "hour_package", "day", "month"] as const;
export type BillingMode = (typeof BILLING_MODES)[number];
export type PackageMode = Exclude<BillingMode, "hour">;
export const PACKAGE_MODES = ["hour_package", "day", "month"] as const satisfies readonly PackageMode[];

export function isPackageMode(mode: BillingMode): mode is PackageMode {
  return mode !== "hour";
}

/** Spec §9: hours 1–23, days 1–29, months 1–12 (6 is half a year, 12 one year, a month is 30 days). */
export const PACKAGE_LIMITS = {
  hour_package: { min: 1, max: 23 },
  day: { min: 1, max: 29 },
  month: { min: 1, max: 12 },
} as const;
export const HOURS_PER_DAY = 24;
export const DAYS_PER_MONTH = 30;

/** The hours one unit of a package lasts: an hour, a day, a month of 30 days. */
export const PACKAGE_UNIT_HOURS = {
  hour_package: 1,
  day: HOURS_PER_DAY,
  month: DAYS_PER_MONTH * HOURS_PER_DAY,
} as const;

/** The hours a package of `units` hours, days or months lasts. */
export function packageHours(mode: PackageMode, units: number): number {
  const { min, max } = PACKAGE_LIMITS[mode];
  if (!Number.isInteger(units) || units < min || units > max)
    throw new RangeError(`${mode} package of ${units} is outside ${min}–${max}`);
  return units * PACKAGE_UNIT_HOURS[mode];
}

/** How a package's price was computed, kept with its charge so a user can check it by hand. */
export interface PackageQuote extends Quote {
  mode: PackageMode;
  units: number;
  hours: number;
  gpuCount: number;
  unitPriceFen: number;
  durationDiscountBp: number;
  vipDiscountBp: number;
}

export function quotePackage(input: {
  mode: PackageMode;
  units: number;
  gpuCount: number;
  unitPriceFen: number;
  vipDiscountBp: number;
  coupon?: PriceCoupon | null;
}): PackageQuote {
  const hours = packageHours(input.mode, input.units);
  const durationDiscountBp = DURATION_DISCOUNT_BP[input.mode];
  const quote = quotePrice({
    unitPriceFen: input.unitPriceFen,
    quantity: input.gpuCount * hours,
    durationDiscountBp,
    vipDiscountBp: input.vipDiscountBp,
    coupon: input.coupon ?? null,
  });
  return {
    ...quote,
    mode: input.mode,
    units: input.units,
    hours,
    gpuCount: input.gpuCount,
    unitPriceFen: input.unitPriceFen,
    durationDiscountBp,
    vipDiscountBp: input.vipDiscountBp,
  };
}

/** What one hour of an hourly instance costs after the membership discount (what the form and the list show). */
export function hourlyRateFen(input: { unitPriceFen: number; gpuCount: number; vipDiscountBp: number }): number {
  return quotePrice({
    unitPriceFen: input.unitPriceFen,
    quantity: input.gpuCount,
    durationDiscountBp: DURATION_DISCOUNT_BP.hour,
    vipDiscountBp: input.vipDiscountBp,
  }).payFen;
}

export interface UsageCharge {
  seconds: number;
  gpuCount: number;
  unitPriceFen: number;
  durationDiscountBp: number;
  vipDiscountBp: number;
  /** seconds × gpus × unit × duration × membership / (3600 × 10000 × 10000), rounded half-up once. */
  amountFen: number;
}

/**
 * What `seconds` of an hourly instance cost: exact in BigInt, rounded half-up
 * to the fen once. The billing engine's set-based SQL computes the same
 * expression; tests hold the two together.
 */
export function usageChargeFen(input: {
  seconds: number;
  gpuCount: number;
  unitPriceFen: number;
  vipDiscountBp: number;
  durationDiscountBp?: number;
}): UsageCharge {
  const durationDiscountBp = input.durationDiscountBp ?? DURATION_DISCOUNT_BP.hour;
  for (const [name, value] of Object.entries({ ...input, durationDiscountBp }))
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer`);
  if (input.vipDiscountBp > BP || durationDiscountBp > BP) throw new RangeError("a discount above 1");
  const num =
    BigInt(input.seconds) *
    BigInt(input.gpuCount) *
    BigInt(input.unitPriceFen) *
    BigInt(durationDiscountBp) *
    BigInt(input.vipDiscountBp);
  const den = 3600n * BigInt(BP) * BigInt(BP);
  const amount = (2n * num + den) / (2n * den);
  return {
    seconds: input.seconds,
    gpuCount: input.gpuCount,
    unitPriceFen: input.unitPriceFen,
    durationDiscountBp,
    vipDiscountBp: input.vipDiscountBp,
    amountFen: Number(amount),
  };
}
