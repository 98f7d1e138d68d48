import { and, eq, sql } from "drizzle-orm";
import { pgCode } from "../../db/tx";
import { users } from "../../db/schema";
import { couponGroups, userCoupons } from "../../db/wallet-schema";
import { couponExpiresAtMs, verifyTypeMatches, type TargetUserVerifyType } from "../../rules/coupons";
import type { Caller } from "../context";
import { fail } from "../errors";
import { toCouponGroup } from "./groups";
import { mainAccountOnly, type CouponCtx } from "./main-account";
import { toUserCoupon, type UserCoupon } from "./user-coupons";

const UNIQUE_VIOLATION = "23505";

/** What the claim statement answers: the new coupon's id (bigint, as text) and what is left of the group. */
type ClaimedRow = { coupon_id: string; remain_num: number };

function notFound(): never {
  return fail("NOT_FOUND", "group_id", "优惠券不存在或已下线");
}

/**
 * `/assign_to_user`: one coupon of the group for the caller (docs/decisions/031).
 *
 * 1. One read without locks: the group (its terms never change once created),
 *    whether the caller holds one already, and the caller's verification. Not
 *    visible (window, audience, unknown id) → not found; held → 已领取; none
 *    left → 已抢光.
 * 2. One statement, so one transaction: the conditional decrement
 *    (`remain_num > 0` and inside the window) and the insert into
 *    user_coupons from its RETURNING. On PostgreSQL the decrement takes the
 *    group row's lock and re-checks `remain_num` after waiting for it, so
 *    RemainNum never goes below 0 and never gives more than it had; the lock
 *    is held only while the statement runs, not across a round trip. The
 *    unique index (user, group) refuses a second coupon, which fails the
 *    whole statement, so nothing is decremented.
 *
 * Runs on its own (autocommit): a refused insert would abort a surrounding
 * transaction.
 */
export async function claimCoupon(ctx: CouponCtx, caller: Caller, input: { groupId: number }): Promise<UserCoupon> {
  mainAccountOnly(caller);
  const now = ctx.now();
  const [row] = await ctx.db
    .select({ verifiedAs: users.verifiedAs, group: couponGroups, heldId: userCoupons.id })
    .from(users)
    .leftJoin(couponGroups, eq(couponGroups.id, input.groupId))
    .leftJoin(userCoupons, and(eq(userCoupons.groupId, input.groupId), eq(userCoupons.userId, users.id)))
    .where(eq(users.id, caller.userId));
  if (!row) return fail("NOT_FOUND");
  const group = row.group;
  if (
    !group ||
    group.beginAt > now ||
    group.endAt <= now ||
    !verifyTypeMatches(group.targetUserVerifyType as TargetUserVerifyType, row.verifiedAs)
  )
    return notFound();
  if (row.heldId !== null) return fail("COUPON_ALREADY_CLAIMED");
  if (group.remainNum <= 0) return fail("COUPON_SOLD_OUT");

  const expiresAt = new Date(couponExpiresAtMs(now.getTime(), group.useTimeLimitDays, group.endAt.getTime()));
  let claimed: ClaimedRow | undefined;
  try {
    const result = await ctx.db.execute(sql`
      with taken as (
        update ${couponGroups} set remain_num = remain_num - 1
        where id = ${group.id} and remain_num > 0 and begin_at <= ${now} and end_at > ${now}
        returning id, remain_num
      ), coupon as (
        insert into ${userCoupons} (user_id, group_id, claimed_at, expires_at)
        select ${caller.userId}, taken.id, ${now}, ${expiresAt} from taken
        returning id
      )
      select coupon.id::text as coupon_id, taken.remain_num from coupon, taken`);
    claimed = (result as unknown as { rows: ClaimedRow[] }).rows[0];
  } catch (error) {
    // A claim of the same user at the same moment won: the statement failed whole, nothing was taken.
    if (pgCode(error) === UNIQUE_VIOLATION) return fail("COUPON_ALREADY_CLAIMED");
    throw error;
  }
  // Nothing left when the statement ran (the group's window and audience cannot change).
  if (!claimed) return fail("COUPON_SOLD_OUT");
  return toUserCoupon(
    {
      id: Number(claimed.coupon_id),
      userId: caller.userId,
      groupId: group.id,
      claimedAt: now,
      expiresAt,
      usedAt: null,
      usedFor: null,
    },
    toCouponGroup({ ...group, remainNum: claimed.remain_num }),
    now,
  );
}
