/**
 * How the billing modes are named on every page, bill and log line (decision
 * 085): one table, so the rental form, the instance page, the renew form and
 * the instance log never disagree. Pure: shared with the pages.
 */
import { PACKAGE_LIMITS, type BillingMode, type PackageMode } from "./rental-price";

export const BILLING_MODE_LABELS: Record<BillingMode, string> = {
  hour: "按量计费",
  hour_package: "包时",
  day: "包日",
  month: "包月",
};

/** The unit one package counts in: 小时, 天, 个月. */
export const PACKAGE_UNIT_WORDS: Record<PackageMode, string> = { hour_package: "小时", day: "天", month: "个月" };

/** A package's length: "3 小时", "2 天", "6 个月". */
export function packageLengthText(mode: PackageMode, units: number): string {
  return `${units} ${PACKAGE_UNIT_WORDS[mode]}`;
}

/** A rental's term: "包时 3 小时", "包日 2 天", "包月 1 个月", or "按量计费". */
export function rentalTermText(mode: BillingMode, units: number): string {
  return mode === "hour" ? BILLING_MODE_LABELS.hour : `${BILLING_MODE_LABELS[mode]} ${packageLengthText(mode, units)}`;
}

/** What a package's length must be, said next to its field: 包时时长必须在1到23小时之间, 续费天数必须在1到29天之间. */
export function packageLengthError(mode: PackageMode, purpose: "rental" | "renewal"): string {
  const { min, max } = PACKAGE_LIMITS[mode];
  const unit = PACKAGE_UNIT_WORDS[mode];
  if (purpose === "rental") return `${BILLING_MODE_LABELS[mode]}时长必须在${min}到${max}${unit}之间`;
  const what = { hour_package: "小时数", day: "天数", month: "月数" }[mode];
  return `续费${what}必须在${min}到${max}${unit}之间`;
}

/** What an hour package is, beside its price (the rental form, the renew form, the refund preview). */
export const HOUR_PACKAGE_NOTE =
  "包时：按小时预付（1–23 小时），不享受时长折扣（1），可叠加会员折扣与套餐优惠券；到期自动关机，与包日、包月相同。" +
  "提前结束只退未使用的整天，包时不足一天，提前结束不退款。";
