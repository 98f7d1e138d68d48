import { and, eq, gt, sql } from "drizzle-orm";
import { users } from "../../db/schema";
import { couponGroups, userCoupons } from "../../db/wallet-schema";
import { inTransaction } from "../../db/tx";
import type { Db } from "../../db/client";
import { couponExpiresAtMs, verifyTypeMatches, type TargetUserVerifyType, type VerifiedAs } from "../../rules/coupons";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { toCouponGroup, visibleTo } from "./groups";
import { mainAccountOnly } from "./main-account";
import { toUserCoupon, type UserCoupon } from "./user-coupons";

type Refusal = "NOT_FOUND" | "COUPON_ALREADY_CLAIMED" | "COUPON_SOLD_OUT";

/**
 * The caller's verification and why a claim of `groupId` cannot go through,
 * in one read without locks: not visible (window, audience, unknown id) →
 * not found; already held → 已领取; none left → 已抢光; null when it may go
 * through.
 */
async function claimState(
  db: Db,
  caller: Caller,
  groupId: number,
  now: Date,
): Promise<{ verifiedAs: VerifiedAs; refusal: Refusal | null }> {
  const [row] = await db
    .select({
      verifiedAs: users.verifiedAs,
      groupId: couponGroups.id,
      beginAt: couponGroups.beginAt,
      endAt: couponGroups.endAt,
      audience: couponGroups.targetUserVerifyType,
      remainNum: couponGroups.remainNum,
      heldId: userCoupons.id,
    })
    .from(users)
    .leftJoin(couponGroups, eq(couponGroups.id, groupId))
    .leftJoin(userCoupons, and(eq(userCoupons.groupId, groupId), eq(userCoupons.userId, users.id)))
    .where(eq(users.id, caller.userId));
  if (!row) return fail("NOT_FOUND");
  const verifiedAs = row.verifiedAs;
  const visible =
    row.groupId !== null &&
    row.beginAt! <= now &&
    now < row.endAt! &&
    verifyTypeMatches(row.audience as TargetUserVerifyType, verifiedAs);
  if (!visible) return { verifiedAs, refusal: "NOT_FOUND" };
  if (row.heldId !== null) return { verifiedAs, refusal: "COUPON_ALREADY_CLAIMED" };
  if (row.remainNum! <= 0) return { verifiedAs, refusal: "COUPON_SOLD_OUT" };
  return { verifiedAs, refusal: null };
}

function refuse(refusal: Refusal): never {
  if (refusal === "NOT_FOUND") return fail("NOT_FOUND", "group_id", "优惠券不存在或已下线");
  return fail(refusal);
}

/**
 * `/assign_to_user`: one coupon of the group for the caller. In one
 * transaction, a conditional decrement (`remain_num > 0`, inside the window,
 * for the caller's audience) and the insert into user_coupons, whose unique
 * index (user, group) refuses a second coupon; a refused insert rolls the
 * decrement back. Correct under concurrency on PostgreSQL: the decrement
 * takes the group row's lock and re-checks `remain_num` after waiting for it
 * (docs/decisions/031).
 */
export async function claimCoupon(ctx: Ctx, caller: Caller, input: { groupId: number }): Promise<UserCoupon> {
  mainAccountOnly(caller);
  const now = ctx.now();
  // The cheap answer first: a held or sold-out group is refused without queueing on the group row's lock.
  const { verifiedAs, refusal } = await claimState(ctx.db, caller, input.groupId, now);
  if (refusal) refuse(refusal);

  const claimed = await inTransaction(ctx.db, async (tx) => {
    const [group] = await tx
      .update(couponGroups)
      .set({ remainNum: sql`${couponGroups.remainNum} - 1` })
      .where(and(eq(couponGroups.id, input.groupId), gt(couponGroups.remainNum, 0), visibleTo(verifiedAs, now)))
      .returning();
    if (!group) return null;
    const expiresAt = new Date(couponExpiresAtMs(now.getTime(), group.useTimeLimitDays, group.endAt.getTime()));
    const [coupon] = await tx
      .insert(userCoupons)
      .values({ userId: caller.userId, groupId: group.id, claimedAt: now, expiresAt })
      .onConflictDoNothing({ target: [userCoupons.userId, userCoupons.groupId] })
      .returning();
    // Held already (a claim at the same moment won): thrown, so nothing is decremented.
    if (!coupon) return fail("COUPON_ALREADY_CLAIMED");
    return toUserCoupon(coupon, toCouponGroup(group), now);
  });
  if (claimed) return claimed;
  // The decrement found nothing: someone took the last one, or the window closed meanwhile.
  return refuse((await claimState(ctx.db, caller, input.groupId, now)).refusal ?? "COUPON_SOLD_OUT");
}
