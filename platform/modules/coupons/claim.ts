import { sql } from "drizzle-orm";
import { pgCode } from "../../db/tx";
import { users } from "../../db/schema";
import { couponGroups, userCoupons } from "../../db/wallet-schema";
import type { Caller } from "../context";
import { fail } from "../errors";
import { mainAccountOnly, type CouponCtx } from "./main-account";
import { findUserCoupon, type UserCoupon } from "./user-coupons";

const UNIQUE_VIOLATION = "23505";

/** What the claim statement answers: whether the caller may see the group, holds one, and the new coupon if any. */
type ClaimRow = { visible: boolean; held: boolean; coupon_id: string | null };

/**
 * `/assign_to_user`: one coupon of the group for the caller, in one statement
 * and so one transaction and one round trip (docs/decisions/031):
 *
 * - the group must be visible to the caller: inside its window
 *   (BeginTime ≤ now < EndTime) and aimed at everyone or at what the caller
 *   is verified as (users.verified_as); else not found;
 * - the conditional decrement (`remain_num > 0`) takes the group row's lock;
 *   a claim waiting for that lock re-checks `remain_num` on the row as the
 *   winner left it, so RemainNum never goes below 0 and never gives more
 *   than it had; the lock is held only while the statement runs;
 * - the insert into user_coupons from the decrement's RETURNING, expiring
 *   UseTimeLimit days after the claim (0: at EndTime), never after EndTime
 *   (the SQL twin of couponExpiresAtMs in rules/coupons.ts). The unique index
 *   (user, group) refuses a second coupon of a claim at the same moment; the
 *   violation fails the whole statement, so nothing is decremented.
 *
 * Runs on its own (autocommit): a refused insert would abort a surrounding
 * transaction.
 */
export async function claimCoupon(ctx: CouponCtx, caller: Caller, input: { groupId: number }): Promise<UserCoupon> {
  mainAccountOnly(caller);
  const now = ctx.now();
  const { groupId } = input;
  const userId = caller.userId;
  let row: ClaimRow | undefined;
  try {
    const result = await ctx.db.execute(sql`
      with visible as (
        select g.id from ${couponGroups} g, ${users} u
        where g.id = ${groupId} and u.id = ${userId}
          and g.begin_at <= ${now} and g.end_at > ${now}
          and (g.target_user_verify_type = 0
            or (g.target_user_verify_type = 1 and u.verified_as = 'student')
            or (g.target_user_verify_type = 2 and u.verified_as = 'enterprise'))
      ), held as (
        select 1 from ${userCoupons} where user_id = ${userId} and group_id = ${groupId}
      ), taken as (
        update ${couponGroups} set remain_num = remain_num - 1
        where id = (select id from visible) and remain_num > 0 and not exists (select 1 from held)
        returning id, end_at, use_time_limit_days
      ), coupon as (
        insert into ${userCoupons} (user_id, group_id, claimed_at, expires_at)
        select ${userId}, taken.id, ${now}::timestamptz,
          case when taken.use_time_limit_days = 0 then taken.end_at
               else least(taken.end_at, ${now}::timestamptz + taken.use_time_limit_days * interval '86400 seconds') end
        from taken
        returning id
      )
      select exists (select 1 from visible) as visible, exists (select 1 from held) as held,
             (select id::text from coupon) as coupon_id`);
    row = (result as unknown as { rows: ClaimRow[] }).rows[0];
  } catch (error) {
    // A claim of the same user at the same moment won: the statement failed whole, nothing was taken.
    if (pgCode(error) === UNIQUE_VIOLATION) return fail("COUPON_ALREADY_CLAIMED");
    throw error;
  }
  if (!row?.visible) return fail("NOT_FOUND", "group_id", "优惠券不存在或已下线");
  if (row.held) return fail("COUPON_ALREADY_CLAIMED");
  if (row.coupon_id === null) return fail("COUPON_SOLD_OUT");
  const coupon = await findUserCoupon(ctx, caller, Number(row.coupon_id));
  return coupon ?? fail("INTERNAL");
}
