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
type ClaimRow = { visible: boolean; held: boolean; couponId: number | null };

const at = {
  groupId: sql.placeholder("groupId"),
  userId: sql.placeholder("userId"),
  now: sql.placeholder("now"),
};

/**
 * The claim statement, built and prepared once per database handle: a rush
 * sends it a thousand times a second, and on PostgreSQL a named prepared
 * statement is parsed and planned once per connection instead of on every
 * claim (decision 031: the statement cost PostgreSQL about 0.5 ms of CPU
 * unprepared, 0.13 ms prepared). Each step is a CTE at the top level, as
 * PostgreSQL requires of data-modifying ones:
 *
 * - `visible`: the group must be visible to the caller: inside its window
 *   (BeginTime ≤ now < EndTime) and aimed at everyone or at what the caller
 *   is verified as (users.verified_as); else not found;
 * - `taken`: the conditional decrement (`remain_num > 0`) takes the group
 *   row's lock; a claim waiting for that lock re-checks `remain_num` on the
 *   row as the winner left it, so RemainNum never goes below 0 and never
 *   gives more than it had; the lock is held only while the statement runs;
 * - `coupon`: the insert into user_coupons from the decrement's RETURNING,
 *   expiring UseTimeLimit days after the claim (0: at EndTime), never after
 *   EndTime (the SQL twin of couponExpiresAtMs in rules/coupons.ts). The
 *   unique index (user, group) refuses a second coupon of a claim at the
 *   same moment; the violation fails the whole statement, so nothing is
 *   decremented.
 */
function buildClaimStatement(db: CouponCtx["db"]) {
  const visible = db.$with("visible", { id: sql<number>`id` }).as(sql`
    select g.id from ${couponGroups} g, ${users} u
    where g.id = ${at.groupId} and u.id = ${at.userId}
      and g.begin_at <= ${at.now} and g.end_at > ${at.now}
      and (g.target_user_verify_type = 0
        or (g.target_user_verify_type = 1 and u.verified_as = 'student')
        or (g.target_user_verify_type = 2 and u.verified_as = 'enterprise'))`);
  const held = db
    .$with("held", { one: sql<number>`one` })
    .as(sql`select 1 as one from ${userCoupons} where user_id = ${at.userId} and group_id = ${at.groupId}`);
  const taken = db.$with("taken", { id: sql<number>`id` }).as(sql`
    update ${couponGroups} set remain_num = remain_num - 1
    where id = (select id from visible) and remain_num > 0 and not exists (select 1 from held)
    returning id, end_at, use_time_limit_days`);
  const coupon = db.$with("coupon", { id: sql<number>`id` }).as(sql`
    insert into ${userCoupons} (user_id, group_id, claimed_at, expires_at)
    select ${at.userId}, taken.id, ${at.now}::timestamptz,
      case when taken.use_time_limit_days = 0 then taken.end_at
           else least(taken.end_at, ${at.now}::timestamptz + taken.use_time_limit_days * interval '86400 seconds') end
    from taken
    returning id`);
  return db
    .with(visible, held, taken, coupon)
    .select({
      visible: sql<boolean>`exists (select 1 from visible)`.mapWith(Boolean),
      held: sql<boolean>`exists (select 1 from held)`.mapWith(Boolean),
      couponId: sql<number | null>`(select id from coupon)`.mapWith(Number),
    })
    .from(sql`(select 1) as claim`)
    .prepare("coupon_claim");
}

const claimStatements = new WeakMap<CouponCtx["db"], ReturnType<typeof buildClaimStatement>>();

function claimStatement(db: CouponCtx["db"]) {
  let statement = claimStatements.get(db);
  if (!statement) {
    statement = buildClaimStatement(db);
    claimStatements.set(db, statement);
  }
  return statement;
}

/**
 * `/assign_to_user`: one coupon of the group for the caller, in one statement
 * and so one transaction and one round trip (docs/decisions/031; the steps
 * are told at buildClaimStatement).
 *
 * Runs on its own (autocommit): a refused insert would abort a surrounding
 * transaction.
 */
export async function claimCoupon(ctx: CouponCtx, caller: Caller, input: { groupId: number }): Promise<UserCoupon> {
  mainAccountOnly(caller);
  let row: ClaimRow | undefined;
  try {
    [row] = await claimStatement(ctx.db).execute({ groupId: input.groupId, userId: caller.userId, now: ctx.now() });
  } catch (error) {
    // A claim of the same user at the same moment won: the statement failed whole, nothing was taken.
    if (pgCode(error) === UNIQUE_VIOLATION) return fail("COUPON_ALREADY_CLAIMED");
    throw error;
  }
  if (!row?.visible) return fail("NOT_FOUND", "group_id", "优惠券不存在或已下线");
  if (row.held) return fail("COUPON_ALREADY_CLAIMED");
  if (row.couponId === null) return fail("COUPON_SOLD_OUT");
  const coupon = await findUserCoupon(ctx, caller, Number(row.couponId));
  return coupon ?? fail("INTERNAL");
}
