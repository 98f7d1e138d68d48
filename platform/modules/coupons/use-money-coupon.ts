import { and, eq, gt, isNull } from "drizzle-orm";
import { couponGroups, userCoupons } from "../../db/wallet-schema";
import { inTransaction } from "../../db/tx";
import type { Caller } from "../context";
import { fail } from "../errors";
import { postToLedger } from "../wallet/ledger";
import { mainAccountOnly, type CouponCtx } from "./main-account";

/** What using a recharge voucher did. */
export interface UsedMoneyCoupon {
  couponId: number;
  amountFen: number;
  /** The cash balance after the credit. */
  cashAfterFen: number;
}

/** The ledger's operation key of a coupon's use: one per coupon, so a replay credits nothing. */
export const couponOperationKey = (couponId: number) => `coupon:${couponId}`;

/**
 * `/use_money_coupon`: a recharge voucher (Type 0) of the caller's, unused and
 * not expired, is marked used and its amount posted to cash (kind "coupon"),
 * in one transaction. The conditional update (`used_at is null`) lets one of
 * several concurrent uses through; the others find it used. Someone else's
 * coupon is not found.
 */
export async function useMoneyCoupon(
  ctx: CouponCtx,
  caller: Caller,
  input: { couponId: number },
): Promise<UsedMoneyCoupon> {
  mainAccountOnly(caller);
  const now = ctx.now();
  return inTransaction(ctx.db, async (tx) => {
    const [held] = await tx
      .select({ usedAt: userCoupons.usedAt, expiresAt: userCoupons.expiresAt, type: couponGroups.type })
      .from(userCoupons)
      .innerJoin(couponGroups, eq(couponGroups.id, userCoupons.groupId))
      .where(and(eq(userCoupons.id, input.couponId), eq(userCoupons.userId, caller.userId)));
    if (!held) return fail("NOT_FOUND", "coupon_id", "优惠券不存在");
    if (held.type !== 0) return fail("COUPON_NOT_RECHARGE");
    if (held.usedAt) return fail("COUPON_USED");
    if (held.expiresAt <= now) return fail("COUPON_EXPIRED");

    const [marked] = await tx
      .update(userCoupons)
      .set({ usedAt: now, usedFor: "recharge_coupon" })
      .where(
        and(
          eq(userCoupons.id, input.couponId),
          eq(userCoupons.userId, caller.userId),
          isNull(userCoupons.usedAt),
          gt(userCoupons.expiresAt, now),
        ),
      )
      .returning({ groupId: userCoupons.groupId });
    // Another use of the same coupon committed first.
    if (!marked) return fail("COUPON_USED");
    const [group] = await tx
      .select({ amountFen: couponGroups.amountFen })
      .from(couponGroups)
      .where(eq(couponGroups.id, marked.groupId));
    const key = couponOperationKey(input.couponId);
    const { entries } = await postToLedger(
      { ...ctx, db: tx },
      {
        userId: caller.userId,
        operationKey: key,
        refersTo: key,
        movements: [{ wallet: "cash", kind: "coupon", amountFen: group!.amountFen }],
        note: "充值券",
      },
    );
    return { couponId: input.couponId, amountFen: group!.amountFen, cashAfterFen: entries[0]!.balanceAfterFen };
  });
}
