import { packageLengthText } from "../../platform/rules/billing-mode-text";
import { PACKAGE_MODES, type PackageMode } from "../../platform/rules/rental-price";

/** The renew form's choice as its query string holds it (GET, so the preview works without JavaScript). */
export interface RenewChoice {
  /** The package bought: hours (包时), days or months. */
  unit: PackageMode;
  /** The count as typed: checked by the platform (hours 1–23, days 1–29, months 1–12), refused beside the field. */
  count: number;
  /** "" the best applicable coupon, "0" none, else a CouponId. */
  coupon: string;
}

/**
 * The choice in `params` (the page's URL); anything unreadable falls back to 1 of `defaultUnit` (the
 * instance's own package, else days) and the best coupon.
 */
export function readRenewChoice(
  params: URLSearchParams,
  defaultUnit: PackageMode = "day",
): { choice: RenewChoice; countError: string | null } {
  const unit = PACKAGE_MODES.find((m) => m === params.get("unit")) ?? defaultUnit;
  const coupon = /^\d+$/.test(params.get("coupon") ?? "") ? params.get("coupon")! : "";
  const typed = (params.get("count") ?? "1").trim();
  if (!/^\d{1,3}$/.test(typed)) return { choice: { unit, count: 1, coupon }, countError: "请输入续费时长（整数）" };
  return { choice: { unit, count: Number(typed), coupon }, countError: null };
}

/** " 3 小时", " 3 天" or " 2 个月". */
export const renewLengthText = (choice: Pick<RenewChoice, "unit" | "count">): string =>
  ` ${packageLengthText(choice.unit, choice.count)}`;
