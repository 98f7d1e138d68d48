import { COUPON_TYPE_NAMES, VERIFY_TYPE_NAMES } from "../../../platform/rules/coupons";
import type { CouponGroupWire } from "~/upstream/coupons.server";
import { formatDateTime } from "~/utils/format";
import { formatWireMoney } from "../../../platform/rules/money";

/** What a card says about a coupon group (spec §3), in the words of the page. */

export const typeName = (g: CouponGroupWire) => COUPON_TYPE_NAMES[g.Type];

/** "¥10.00" for an amount, "8.5折" for a discount. */
export function valueText(g: CouponGroupWire): string {
  if (g.Type === 1) return `${Math.round(g.Discount * 1000) / 100}折`;
  return formatWireMoney(g.Amount);
}

export function thresholdText(g: CouponGroupWire): string {
  if (g.Type === 0) return "领取后可直接充值到余额";
  return Number(g.MoneyLimit) > 0 ? `订单满 ${formatWireMoney(g.MoneyLimit)} 可用` : "无门槛";
}

/** The targets of an order coupon: goods, image, use mode and user type. */
export function targetTexts(g: CouponGroupWire): string[] {
  if (g.Type === 0) return g.TargetUserVerifyType === 0 ? [] : [`仅限${VERIFY_TYPE_NAMES[g.TargetUserVerifyType]}`];
  return [
    g.TargetGoods.length > 0 ? `适用机型：${g.TargetGoods.join("、")}` : "适用机型：全部",
    ...(g.TargetImage.length > 0 ? [`适用镜像：${g.TargetImage.join("、")}`] : []),
    g.TargetUseMode === 1 ? "仅限包天、包月套餐" : "按量与套餐均可用",
    ...(g.TargetUserVerifyType === 0 ? [] : [`仅限${VERIFY_TYPE_NAMES[g.TargetUserVerifyType]}`]),
  ];
}

export const secondsToText = (seconds: number) => formatDateTime(new Date(seconds * 1000).toISOString());

/** A group's validity as the coupon centre shows it. */
export function groupValidityText(g: CouponGroupWire): string {
  return g.UseTimeLimit > 0
    ? `领取后 ${g.UseTimeLimit} 天内有效（最晚至 ${secondsToText(g.EndTime)}）`
    : `有效期至 ${secondsToText(g.EndTime)}`;
}
