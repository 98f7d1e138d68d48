/**
 * Which coupon applies to an order, and which is best (issue 10 §4). Pure:
 * shared by the platform (the rental charge), the pages (the preview) and
 * the tests. Amounts are integer fen, discounts basis points, times epoch ms.
 */
import { formatMoney } from "./money";
import { quotePrice, type PriceInput, type PriceCoupon } from "./price";

/** Spec §3: 0 recharge voucher, 1 discount coupon, 2 threshold-reduction coupon. */
export type CouponType = 0 | 1 | 2;
export const COUPON_TYPE_NAMES: Record<CouponType, string> = { 0: "充值券", 1: "折扣券", 2: "满减券" };

/** Spec §3: TargetUserVerifyType 0 all, 1 student, 2 enterprise. */
export type TargetUserVerifyType = 0 | 1 | 2;
/** What identity verification proved about an account (users.verified_as), or null. */
export type VerifiedAs = "personal" | "student" | "enterprise" | null;

/** The terms a coupon carries from its group. Empty target lists mean "any". */
export interface CouponTerms {
  type: CouponType;
  amountFen: number;
  /** Type 1: the price multiplier in basis points (8500 = 0.85). */
  discountBp: number;
  /** The order must be at least this (0: no threshold). */
  moneyLimitFen: number;
  targetGoods: readonly string[];
  targetImage: readonly string[];
  /** Spec §3: 0 unlimited, 1 package rental (what each admits: `couponBillingModes`). */
  targetUseMode: 0 | 1;
  targetUserVerifyType: TargetUserVerifyType;
}

/** A coupon a user holds. */
export interface HeldCoupon extends CouponTerms {
  id: number;
  expiresAtMs: number;
  used: boolean;
}

/** What a coupon is asked to pay towards. */
export interface CouponOrder {
  /** The goods (GPU model / product code) rented. */
  goods: string;
  /** The image the instance starts from, if any. */
  image: string | null;
  /** A package rental (daily/monthly package, one price paid at once) rather than pay-as-you-go. */
  isPackage: boolean;
  verifiedAs: VerifiedAs;
  /** When the order is placed. */
  atMs: number;
  /** The price before the coupon. */
  price: Omit<PriceInput, "coupon">;
}

export type CouponRefusal =
  "used" | "expired" | "not_for_orders" | "billing_mode" | "goods" | "image" | "verify_type" | "threshold";

export type CouponVerdict = { ok: true } | { ok: false; reason: CouponRefusal; message: string };

/** Whether an account verified as `verifiedAs` is one a group targets. */
export function verifyTypeMatches(target: TargetUserVerifyType, verifiedAs: VerifiedAs): boolean {
  if (target === 1) return verifiedAs === "student";
  if (target === 2) return verifiedAs === "enterprise";
  return true;
}

export const VERIFY_TYPE_NAMES: Record<TargetUserVerifyType, string> = {
  0: "所有用户",
  1: "学生认证用户",
  2: "企业认证用户",
};

const refuse = (reason: CouponRefusal, message: string): CouponVerdict => ({ ok: false, reason, message });

/** The coupon's effect on a price (recharge vouchers have none). */
export function priceCouponOf(coupon: CouponTerms): PriceCoupon | null {
  if (coupon.type === 1) return { type: 1, discountBp: coupon.discountBp };
  if (coupon.type === 2) return { type: 2, amountFen: coupon.amountFen };
  return null;
}

/** How a rental is billed, as a coupon sees it: an hourly rental, or a day/month package. */
export type CouponBillingMode = "hour" | "package";

/**
 * The billing modes a coupon pays towards (decision 062). Pay-as-you-go is
 * charged afterwards, by the second, hour by hour: there is no order and no
 * single price for a coupon to reduce, so no coupon applies to it, not even
 * an "unlimited" one (TargetUseMode 0). Both use modes therefore admit the day
 * and month packages, the only rentals with a price paid at once.
 */
export function couponBillingModes(_useMode: CouponTerms["targetUseMode"]): readonly CouponBillingMode[] {
  return ["package"];
}

/** Why an hourly rental takes no coupon, wherever it is asked. */
export const HOURLY_NO_COUPON = "按量计费不可使用优惠券";

/**
 * One condition of a coupon's terms: what the coupon card says about it,
 * whether an order meets it, and what a refused order is told. The card's
 * words and the checkout's check both come from here, so they cannot disagree.
 */
export interface CouponCondition {
  reason: Exclude<CouponRefusal, "used" | "expired">;
  /** What the card says (e.g. 仅限包时、包天、包月套餐，按量计费不可用). */
  text: string;
  admits: (order: CouponOrder) => boolean;
  /** What an order outside the condition is told. */
  refusal: string;
}

/** The terms a card shows: a group's terms without its amount and discount. */
export type CouponConditionTerms = Pick<
  CouponTerms,
  "type" | "moneyLimitFen" | "targetGoods" | "targetImage" | "targetUseMode" | "targetUserVerifyType"
>;

/** The threshold as the card and the refusal say it. */
export function thresholdText(moneyLimitFen: number): string {
  return moneyLimitFen > 0 ? `订单满 ${formatMoney(moneyLimitFen)} 可用` : "无门槛";
}

/**
 * A coupon's conditions in the order they are checked: not a recharge
 * voucher, billing mode, user type, goods, image, threshold (against the price
 * after duration and membership discounts). A recharge voucher pays no order;
 * its user type decides who may see and claim its group (claim-statement.ts).
 */
export function couponConditions(c: CouponConditionTerms): CouponCondition[] {
  const verifyType: CouponCondition = {
    reason: "verify_type",
    text: c.targetUserVerifyType === 0 ? "所有用户可用" : `仅限${VERIFY_TYPE_NAMES[c.targetUserVerifyType]}`,
    admits: (o) => verifyTypeMatches(c.targetUserVerifyType, o.verifiedAs),
    refusal: `该优惠券仅限${VERIFY_TYPE_NAMES[c.targetUserVerifyType]}使用`,
  };
  if (c.type === 0)
    return [
      {
        reason: "not_for_orders",
        text: "仅用于充值到余额，不能抵扣订单",
        admits: () => false,
        refusal: "充值券只能用于充值，不能抵扣订单",
      },
      verifyType,
    ];
  const modes = couponBillingModes(c.targetUseMode);
  const modeOf = (o: CouponOrder): CouponBillingMode => (o.isPackage ? "package" : "hour");
  return [
    {
      reason: "billing_mode",
      text: modes.includes("hour")
        ? modes.includes("package")
          ? "按量与包时、包天、包月套餐均可用"
          : "仅限按量计费"
        : "仅限包时、包天、包月套餐，按量计费不可用",
      admits: (o) => modes.includes(modeOf(o)),
      refusal: modes.includes("hour") ? "该优惠券仅限按量计费使用" : HOURLY_NO_COUPON,
    },
    verifyType,
    {
      reason: "goods",
      text: c.targetGoods.length > 0 ? `适用机型：${c.targetGoods.join("、")}` : "适用机型：全部",
      admits: (o) => c.targetGoods.length === 0 || c.targetGoods.includes(o.goods),
      refusal: "该优惠券不适用于所选机型",
    },
    {
      reason: "image",
      text: c.targetImage.length > 0 ? `适用镜像：${c.targetImage.join("、")}` : "适用镜像：全部",
      admits: (o) => c.targetImage.length === 0 || (o.image !== null && c.targetImage.includes(o.image)),
      refusal: "该优惠券不适用于所选镜像",
    },
    {
      reason: "threshold",
      text: thresholdText(c.moneyLimitFen),
      admits: (o) => c.moneyLimitFen === 0 || quotePrice(o.price).afterDiscountsFen >= c.moneyLimitFen,
      refusal: thresholdText(c.moneyLimitFen),
    },
  ];
}

/**
 * Whether `coupon` may pay towards `order`, and why not: used, expired, then
 * its conditions (`couponConditions`) in order.
 */
export function couponApplies(coupon: HeldCoupon, order: CouponOrder): CouponVerdict {
  if (coupon.used) return refuse("used", "优惠券已使用");
  if (order.atMs >= coupon.expiresAtMs) return refuse("expired", "优惠券已过期");
  for (const condition of couponConditions(coupon))
    if (!condition.admits(order)) return refuse(condition.reason, condition.refusal);
  return { ok: true };
}

/** What `coupon` saves on `order` (fen), by the one price function. */
export function couponSaving(coupon: CouponTerms, order: CouponOrder): number {
  return quotePrice({ ...order.price, coupon: priceCouponOf(coupon) }).couponSavingFen;
}

/**
 * The applicable coupon that saves the most; on a tie, the one that expires
 * first (then the lower id, so the choice is stable). Null when none applies.
 */
export function bestCoupon<C extends HeldCoupon>(
  coupons: readonly C[],
  order: CouponOrder,
): { coupon: C; savingFen: number } | null {
  let best: { coupon: C; savingFen: number } | null = null;
  for (const coupon of coupons) {
    if (!couponApplies(coupon, order).ok) continue;
    const savingFen = couponSaving(coupon, order);
    if (
      !best ||
      savingFen > best.savingFen ||
      (savingFen === best.savingFen &&
        (coupon.expiresAtMs < best.coupon.expiresAtMs ||
          (coupon.expiresAtMs === best.coupon.expiresAtMs && coupon.id < best.coupon.id)))
    )
      best = { coupon, savingFen };
  }
  return best;
}

/** A coupon card's state (spec §4): used, expired or usable. */
export type CouponState = "usable" | "used" | "expired";

export function couponState(coupon: { used: boolean; expiresAtMs: number }, nowMs: number): CouponState {
  if (coupon.used) return "used";
  return nowMs >= coupon.expiresAtMs ? "expired" : "usable";
}

/**
 * When a coupon claimed at `claimedAtMs` expires: UseTimeLimit days after the
 * claim, where 0 means the group's EndTime; never after the group's EndTime
 * (docs/decisions/031).
 */
export function couponExpiresAtMs(claimedAtMs: number, useTimeLimitDays: number, groupEndMs: number): number {
  if (useTimeLimitDays <= 0) return groupEndMs;
  return Math.min(claimedAtMs + useTimeLimitDays * 86_400_000, groupEndMs);
}
