import {
  COUPON_TYPE_NAMES,
  couponConditions,
  thresholdText as thresholdTextOf,
  type CouponConditionTerms,
} from "../../../platform/rules/coupons";
import type { CouponGroupWire } from "~/upstream/coupons.server";
import { formatDateTime } from "~/utils/format";
import { formatWireMoney, yuanToFen } from "../../../platform/rules/money";

/** What a card says about a coupon group (spec §3), in the words of the page. */

export const typeName = (g: CouponGroupWire) => COUPON_TYPE_NAMES[g.Type];

/** "¥10.00" for an amount, "8.5折" for a discount. */
export function valueText(g: CouponGroupWire): string {
  if (g.Type === 1) return `${Math.round(g.Discount * 1000) / 100}折`;
  return formatWireMoney(g.Amount);
}

export function thresholdText(g: CouponGroupWire): string {
  if (g.Type === 0) return "领取后可直接充值到余额";
  return thresholdTextOf(yuanToFen(g.MoneyLimit));
}

/**
 * What a coupon may pay towards, in the words of the rule the checkout applies
 * (couponConditions in platform/rules/coupons.ts): billing mode, user type,
 * goods, image. The threshold is shown on its own line.
 */
export function targetTexts(g: CouponGroupWire): string[] {
  return couponConditions(conditionTermsOf(g))
    .filter((c) => c.reason !== "threshold" && c.reason !== "not_for_orders")
    .map((c) => c.text);
}

/** A group's terms on the wire, as the coupon rule reads them. */
export function conditionTermsOf(g: CouponGroupWire): CouponConditionTerms {
  return {
    type: g.Type,
    moneyLimitFen: yuanToFen(g.MoneyLimit),
    targetGoods: g.TargetGoods,
    targetImage: g.TargetImage,
    targetUseMode: g.TargetUseMode,
    targetUserVerifyType: g.TargetUserVerifyType,
  };
}

export const secondsToText = (seconds: number) => formatDateTime(new Date(seconds * 1000).toISOString());

/** A group's validity as the coupon centre shows it. */
export function groupValidityText(g: CouponGroupWire): string {
  return g.UseTimeLimit > 0
    ? `领取后 ${g.UseTimeLimit} 天内有效（最晚至 ${secondsToText(g.EndTime)}）`
    : `有效期至 ${secondsToText(g.EndTime)}`;
}
