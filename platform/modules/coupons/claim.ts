import { sql } from "drizzle-orm";
import { pgCode } from "../../db/tx";
import { users } from "../../db/schema";
import { couponGroups, userCoupons } from "../../db/wallet-schema";
import {
  hashToken,
  isTokenShaped,
  liveMainAccountSessionSql,
  resolveSession,
  touchSessionIfDue,
} from "../accounts/sessions";
import type { Caller, Visitor } from "../context";
import { fail } from "../errors";
import { mainAccountOnly, type CouponCtx } from "./main-account";
import { findUserCoupon, type UserCoupon } from "./user-coupons";

const UNIQUE_VIOLATION = "23505";

const at = {
  groupId: sql.placeholder("groupId"),
  userId: sql.placeholder("userId"),
  tokenHash: sql.placeholder("tokenHash"),
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
 * - `caller` (the session variant only): the token's session when it is a
 *   live main account's (accounts/sessions.ts says how), so the session check
 *   and the claim share one round trip; with no such session nothing is
 *   visible and nothing is taken;
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
function buildClaimStatement(db: CouponCtx["db"], bySession: boolean) {
  const caller = db
    .$with("caller", { sessionId: sql<number>`session_id`, userId: sql<number>`user_id` })
    .as(liveMainAccountSessionSql(at.tokenHash, at.now));
  const userId = bySession ? sql`(select user_id from caller)` : sql`${at.userId}`;
  const visible = db.$with("visible", { id: sql<number>`id` }).as(sql`
    select g.id from ${couponGroups} g, ${users} u
    where g.id = ${at.groupId} and u.id = ${userId}
      and g.begin_at <= ${at.now} and g.end_at > ${at.now}
      and (g.target_user_verify_type = 0
        or (g.target_user_verify_type = 1 and u.verified_as = 'student')
        or (g.target_user_verify_type = 2 and u.verified_as = 'enterprise'))`);
  const held = db
    .$with("held", { one: sql<number>`one` })
    .as(sql`select 1 as one from ${userCoupons} where user_id = ${userId} and group_id = ${at.groupId}`);
  const taken = db.$with("taken", { id: sql<number>`id` }).as(sql`
    update ${couponGroups} set remain_num = remain_num - 1
    where id = (select id from visible) and remain_num > 0 and not exists (select 1 from held)
    returning id, end_at, use_time_limit_days`);
  const coupon = db.$with("coupon", { id: sql<number>`id` }).as(sql`
    insert into ${userCoupons} (user_id, group_id, claimed_at, expires_at)
    select ${userId}, taken.id, ${at.now}::timestamptz,
      case when taken.use_time_limit_days = 0 then taken.end_at
           else least(taken.end_at, ${at.now}::timestamptz + taken.use_time_limit_days * interval '86400 seconds') end
    from taken
    returning id`);
  return db
    .with(...(bySession ? [caller] : []), visible, held, taken, coupon)
    .select({
      sessionId: bySession ? sql<number | null>`(select session_id from caller)`.mapWith(Number) : sql<null>`null`,
      lastSeenAt: bySession
        ? sql<Date | null>`(select last_seen_at from caller)`.mapWith((v: string | Date) => new Date(v))
        : sql<null>`null`,
      userId: sql<number | null>`${userId}`.mapWith(Number),
      visible: sql<boolean>`exists (select 1 from visible)`.mapWith(Boolean),
      held: sql<boolean>`exists (select 1 from held)`.mapWith(Boolean),
      couponId: sql<number | null>`(select id from coupon)`.mapWith(Number),
    })
    .from(sql`(select 1) as claim`)
    .prepare(bySession ? "coupon_claim_by_session" : "coupon_claim");
}

type ClaimStatement = ReturnType<typeof buildClaimStatement>;
const claimStatements = new WeakMap<CouponCtx["db"], { byCaller: ClaimStatement; bySession: ClaimStatement }>();

function claimStatement(db: CouponCtx["db"], bySession: boolean): ClaimStatement {
  let statements = claimStatements.get(db);
  if (!statements) {
    statements = { byCaller: buildClaimStatement(db, false), bySession: buildClaimStatement(db, true) };
    claimStatements.set(db, statements);
  }
  return bySession ? statements.bySession : statements.byCaller;
}

type ClaimRow = Awaited<ReturnType<ClaimStatement["execute"]>>[number];

/** Runs a claim statement; a claim of the same user at the same moment that won makes the statement fail whole. */
async function runClaim(statement: ClaimStatement, values: Record<string, unknown>): Promise<ClaimRow | undefined> {
  try {
    return (await statement.execute(values))[0];
  } catch (error) {
    if (pgCode(error) === UNIQUE_VIOLATION) return fail("COUPON_ALREADY_CLAIMED");
    throw error;
  }
}

/** What a claim statement answered, as the coupon or the refusal. */
async function claimOutcome(ctx: CouponCtx, caller: Caller, row: ClaimRow | undefined): Promise<UserCoupon> {
  if (!row?.visible) return fail("NOT_FOUND", "group_id", "优惠券不存在或已下线");
  if (row.held) return fail("COUPON_ALREADY_CLAIMED");
  if (row.couponId === null) return fail("COUPON_SOLD_OUT");
  const coupon = await findUserCoupon(ctx, caller, row.couponId);
  return coupon ?? fail("INTERNAL");
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
  const row = await runClaim(claimStatement(ctx.db, false), {
    groupId: input.groupId,
    userId: caller.userId,
    now: ctx.now(),
  });
  return claimOutcome(ctx, caller, row);
}

/**
 * `/assign_to_user` from a session token, as the HTTP call makes it: when the
 * token is a live main account's session, the session check and the claim are
 * one statement (a rush's common case: one round trip instead of two). When
 * the statement finds no such session, the session check of
 * accounts/sessions.ts decides, as on every signed-in call: status 2 for a dead
 * session, the sub-account refusal, or, for a caller it does find live, the
 * claim of claimCoupon.
 */
export async function claimCouponBySession(
  ctx: CouponCtx,
  visitor: Visitor,
  input: { token: string | undefined; groupId: number },
): Promise<UserCoupon> {
  const { token, groupId } = input;
  if (isTokenShaped(token)) {
    const now = ctx.now();
    const row = await runClaim(claimStatement(ctx.db, true), { groupId, tokenHash: hashToken(token), now });
    if (row?.sessionId != null && row.userId !== null && row.lastSeenAt) {
      const caller: Caller = {
        origin: visitor.origin,
        sessionId: row.sessionId,
        userId: row.userId,
        subAccountId: null,
      };
      await touchSessionIfDue(ctx.db, { id: row.sessionId, lastSeenAt: row.lastSeenAt }, now);
      return claimOutcome(ctx, caller, row);
    }
  }
  return claimCoupon(ctx, await resolveSession(ctx, visitor, { token }), { groupId });
}
