/**
 * Which coupon applies to an order, and which is best (issue 10 §4). Pure:
 * shared by the platform (the rental charge), the pages (the preview) and
 * the tests. Amounts are integer fen, discounts basis points, times epoch ms.
 */
import { fenToYuan } from "./money";
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
  /** 0 any rental, 1 package rentals only. */
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
  /** A package rental (daily/monthly package) rather than pay-as-you-go. */
  isPackage: boolean;
  verifiedAs: VerifiedAs;
  /** When the order is placed. */
  atMs: number;
  /** The price before the coupon. */
  price: Omit<PriceInput, "coupon">;
}

export type CouponRefusal =
  "used" | "expired" | "not_for_orders" | "goods" | "image" | "package_only" | "verify_type" | "threshold";

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

/**
 * Whether `coupon` may pay towards `order`, and why not. Checked in this
 * order: used, expired, recharge voucher, user type, use mode, goods, image,
 * threshold (against the price after duration and membership discounts).
 */
export function couponApplies(coupon: HeldCoupon, order: CouponOrder): CouponVerdict {
  if (coupon.used) return refuse("used", "优惠券已使用");
  if (order.atMs >= coupon.expiresAtMs) return refuse("expired", "优惠券已过期");
  if (coupon.type === 0) return refuse("not_for_orders", "充值券只能用于充值，不能抵扣订单");
  if (!verifyTypeMatches(coupon.targetUserVerifyType, order.verifiedAs))
    return refuse("verify_type", `该优惠券仅限${VERIFY_TYPE_NAMES[coupon.targetUserVerifyType]}使用`);
  if (coupon.targetUseMode === 1 && !order.isPackage) return refuse("package_only", "该优惠券仅限包天、包月套餐使用");
  if (coupon.targetGoods.length > 0 && !coupon.targetGoods.includes(order.goods))
    return refuse("goods", "该优惠券不适用于所选机型");
  if (coupon.targetImage.length > 0 && (order.image === null || !coupon.targetImage.includes(order.image)))
    return refuse("image", "该优惠券不适用于所选镜像");
  if (coupon.moneyLimitFen > 0 && quotePrice(order.price).afterDiscountsFen < coupon.moneyLimitFen)
    return refuse("threshold", `订单满${fenToYuan(coupon.moneyLimitFen)}元可用`);
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
