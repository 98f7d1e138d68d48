/**
 * The rental form's choice (issue 12 §3) as the page names it: the query of
 * /createInstance (the store's 租用 links, the 计算价格 GET submit, the live
 * preview's fetcher) and the fields of the 立即租用 POST are the same names,
 * so a choice has one URL and the price shown is the price of what is posted.
 * Shared by the route's loader, its action and the form.
 */
import { z } from "zod";
import { BILLING_MODES, PACKAGE_LIMITS, type BillingMode } from "../../platform/rules/rental-price";

export const MAX_GPUS_PER_INSTANCE = 8;

/** What the form posts; absent or bad values fall back to the defaults (the loader shows the preview's own errors). */
export interface RentalChoice {
  type: "kvm" | "docker";
  region: string;
  gpu: string;
  gpus: number;
  /** The image's id; 0 until one is chosen (the first official image is then preselected). */
  image: number;
  mode: BillingMode;
  /** 包时: 1–23 hours. */
  hours: number;
  days: number;
  months: number;
  /** "" for the best applicable coupon, "0" for none, else a CouponId. */
  coupon: string;
}

const code = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]{1,32}$/)
  .catch("");
const intIn = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).catch(fallback);

const ChoiceQuery = z.object({
  type: z.enum(["kvm", "docker"]).catch("docker"),
  region: code,
  gpu: code,
  gpus: intIn(1, MAX_GPUS_PER_INSTANCE, 1),
  image: intIn(0, Number.MAX_SAFE_INTEGER, 0),
  mode: z.enum(BILLING_MODES).catch("hour"),
  hours: intIn(PACKAGE_LIMITS.hour_package.min, PACKAGE_LIMITS.hour_package.max, 1),
  days: intIn(PACKAGE_LIMITS.day.min, PACKAGE_LIMITS.day.max, 1),
  months: intIn(PACKAGE_LIMITS.month.min, PACKAGE_LIMITS.month.max, 1),
  coupon: z
    .string()
    .regex(/^\d{1,12}$/)
    .catch(""),
});

/** The choice in a query string or a posted form; what is missing or malformed takes its default. */
export function parseRentalChoice(source: URLSearchParams | FormData): RentalChoice {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(ChoiceQuery.shape)) {
    const value = source.get(key);
    if (typeof value === "string") raw[key] = value;
  }
  return ChoiceQuery.parse(raw);
}

/** The query of a choice, in a stable order (the form's action URL, the fetcher's URL). */
export function rentalChoiceQuery(choice: RentalChoice): string {
  const query = new URLSearchParams({
    type: choice.type,
    region: choice.region,
    gpu: choice.gpu,
    gpus: String(choice.gpus),
    mode: choice.mode,
  });
  if (choice.image) query.set("image", String(choice.image));
  if (choice.mode === "hour_package") query.set("hours", String(choice.hours));
  if (choice.mode === "day") query.set("days", String(choice.days));
  if (choice.mode === "month") query.set("months", String(choice.months));
  if (choice.coupon) query.set("coupon", choice.coupon);
  return query.toString();
}

/** True when two choices rent the same thing at the same price (what was previewed is what is posted). */
export function sameRental(a: RentalChoice, b: RentalChoice): boolean {
  return rentalChoiceQuery(a) === rentalChoiceQuery(b);
}

/** A package's length in words: 6 months are 半年 and 12 months 一年 (spec §9). */
export function monthsLabel(months: number): string {
  if (months === 6) return "半年";
  if (months === 12) return "一年";
  return `${months} 个月`;
}

/** The package's length the choice posts as `duration` (hours, days or months); none for pay-as-you-go. */
export function chosenDuration(choice: RentalChoice): number | undefined {
  return { hour: undefined, hour_package: choice.hours, day: choice.days, month: choice.months }[choice.mode];
}

/** The form's select that holds the length of the chosen mode (where a duration error is shown). */
export const DURATION_FIELDS = {
  hour: "mode",
  hour_package: "hours",
  day: "days",
  month: "months",
} as const satisfies Record<BillingMode, keyof RentalChoice>;
