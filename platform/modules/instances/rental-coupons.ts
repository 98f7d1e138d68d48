import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedRowsOf } from "../../db/prepared";
import { couponGroups, userCoupons } from "../../db/wallet-schema";
import { bestCoupon, couponApplies, couponSaving, type CouponOrder, type HeldCoupon } from "../../rules/coupons";
import type { Caller } from "../context";
import { toCouponGroup } from "../coupons/groups";
import { fail } from "../errors";

/** A usable coupon of the caller's, with its terms, as a rental weighs it. */
export interface RentalCoupon extends HeldCoupon {
  expiresAt: Date;
}

/** One coupon's verdict on one rental. */
export interface CouponChoice {
  coupon: RentalCoupon;
  applicable: boolean;
  /** Why not (Chinese), or "". */
  reason: string;
  savingFen: number;
}

/**
 * The caller's usable coupons (unused, not expired), soonest expiry first.
 * Coupons belong to the main account and a sub-account does not use them
 * (decision 031): a sub-account has none here.
 */
export async function usableCoupons(db: Db, caller: Caller, now: Date): Promise<RentalCoupon[]> {
  if (caller.subAccountId !== null) return [];
  const rows = await db
    .select({ coupon: userCoupons, group: couponGroups })
    .from(userCoupons)
    .innerJoin(couponGroups, eq(couponGroups.id, userCoupons.groupId))
    .where(and(eq(userCoupons.userId, caller.userId), isNull(userCoupons.usedAt), gt(userCoupons.expiresAt, now)))
    .orderBy(asc(userCoupons.expiresAt), asc(userCoupons.id));
  return rows.map(({ coupon, group: row }) => {
    const group = toCouponGroup(row);
    return {
      id: coupon.id,
      expiresAt: coupon.expiresAt,
      expiresAtMs: coupon.expiresAt.getTime(),
      used: coupon.usedAt !== null,
      type: group.type,
      amountFen: group.amountFen,
      discountBp: group.discountBp,
      moneyLimitFen: group.moneyLimitFen,
      targetGoods: group.targetGoods,
      targetImage: group.targetImage,
      targetUseMode: group.targetUseMode,
      targetUserVerifyType: group.targetUserVerifyType,
    };
  });
}

/**
 * Every coupon's verdict on the order by `couponApplies` (an hourly rental:
 * none applies, 按量计费不可使用优惠券; decision 062), the applicable ones best
 * first, and the best by `bestCoupon`.
 */
export function judgeCoupons(
  coupons: RentalCoupon[],
  order: CouponOrder,
): { all: CouponChoice[]; valid: CouponChoice[]; best: RentalCoupon | null } {
  const all = coupons.map((coupon): CouponChoice => {
    const verdict = couponApplies(coupon, order);
    if (!verdict.ok) return { coupon, applicable: false, reason: verdict.message, savingFen: 0 };
    return { coupon, applicable: true, reason: "", savingFen: couponSaving(coupon, order) };
  });
  const valid = all
    .filter((c) => c.applicable)
    .sort(
      (a, b) => b.savingFen - a.savingFen || a.coupon.expiresAtMs - b.coupon.expiresAtMs || a.coupon.id - b.coupon.id,
    );
  const best = bestCoupon(coupons, order)?.coupon ?? null;
  return { all, valid, best };
}

/**
 * Marks a coupon used for `refersTo` (a rental's or a renewal's instance), in the purchase's transaction.
 * Conditional: of two purchases with one coupon, one marks it; the other is refused (优惠券已使用) and rolls back.
 */
export async function markCouponUsed(tx: Db, caller: Caller, couponId: number, refersTo: string, now: Date) {
  const [marked] = await preparedRowsOf<{ id: unknown }>(
    tx,
    sql`update user_coupons set used_at = ${now.toISOString()}::timestamptz, used_for = ${refersTo}
        where id = ${couponId} and user_id = ${caller.userId} and used_at is null
          and expires_at > ${now.toISOString()}::timestamptz
        returning id`,
  );
  if (!marked) fail("COUPON_NOT_APPLICABLE", "coupon_id", "优惠券已使用");
}
