import { sql } from "drizzle-orm";
import { preparedOncePerDb } from "../../db/prepared";
import { users } from "../../db/schema";
import { couponGroups, userCoupons } from "../../db/wallet-schema";
import { liveMainAccountSessionSql } from "../accounts/sessions";
import type { CouponCtx } from "./main-account";

const at = {
  groupId: sql.placeholder("groupId"),
  /** The claimants, comma-separated: session token hashes (hex) or user ids. */
  keys: sql.placeholder("keys"),
  now: sql.placeholder("now"),
};

/**
 * The claim statement: every claim of one group waiting at that moment, in one
 * statement, so one transaction and one round trip (decision 031). Built and
 * prepared once per database handle: on PostgreSQL a named prepared statement
 * is parsed and planned once per connection. Each step is a CTE at the top
 * level, as PostgreSQL requires of data-modifying ones:
 *
 * - `ask`: the claimants in the order they asked (`ord`, from 1);
 * - `caller`: who each claimant is. By session (the HTTP call): the token's
 *   session when it is a live main account's (accounts/sessions.ts says how),
 *   so the session check and the claim share the round trip; a claimant
 *   without one gets no row, takes nothing and is answered by the usual
 *   session check. By caller: the user id, already checked;
 * - `visible`: the claimants the group is visible to: inside its window
 *   (BeginTime ≤ now < EndTime) and aimed at everyone or at what the user is
 *   verified as (users.verified_as); else not found;
 * - `held`: the claimants' users who hold a coupon of the group already;
 * - `wanting`: the first ask of each user who does not, ranked by `ord`. A
 *   user asking twice in one statement gets 已领取 for the second ask;
 * - `locked`: the group row, locked. A statement waiting for that lock reads
 *   `remain_num` as the winner left it (READ COMMITTED re-reads a locked row's
 *   newest version), so RemainNum never goes below 0 and never gives more
 *   than it had; the lock is held only while the statement runs;
 * - `taken`: the decrement, by as many as are wanting and at most RemainNum;
 * - `coupon`: one coupon for each of the first `count` wanting, expiring
 *   UseTimeLimit days after the claim (0: at EndTime), never after EndTime
 *   (the SQL twin of couponExpiresAtMs in rules/coupons.ts). The unique index
 *   (user, group) refuses a second coupon claimed elsewhere at the same
 *   moment (another platform process); the violation fails the whole
 *   statement, so nothing is decremented (claim-queue.ts then claims one by one).
 *
 * One row per claimant, in `ord` order.
 */
function buildClaimStatement(db: CouponCtx["db"], bySession: boolean) {
  const ask = db.$with("ask", { key: sql<string>`key`, ord: sql<number>`ord` }).as(sql`
    select key, ord::int as ord from unnest(string_to_array(${at.keys}::text, ',')) with ordinality as a(key, ord)`);
  const caller = db
    .$with("caller", {
      ord: sql<number>`ord`,
      sessionId: sql<number | null>`session_id`,
      userId: sql<number>`user_id`,
      lastSeenAt: sql<Date | null>`last_seen_at`,
    })
    .as(
      bySession
        ? sql`select ask.ord, s.session_id, s.user_id, s.last_seen_at
            from ask cross join lateral (${liveMainAccountSessionSql(sql`ask.key`, at.now)}) s`
        : sql`select ask.ord, null::int as session_id, ask.key::int as user_id, null::timestamptz as last_seen_at
            from ask`,
    );
  const visible = db.$with("visible", { ord: sql<number>`ord`, userId: sql<number>`user_id` }).as(sql`
    select caller.ord, caller.user_id
    from caller inner join ${users} u on u.id = caller.user_id inner join ${couponGroups} g on g.id = ${at.groupId}
    where g.in_coupon_centre and g.begin_at <= ${at.now}::timestamptz and g.end_at > ${at.now}::timestamptz
      and (g.target_user_verify_type = 0
        or (g.target_user_verify_type = 1 and u.verified_as = 'student')
        or (g.target_user_verify_type = 2 and u.verified_as = 'enterprise'))`);
  const held = db.$with("held", { userId: sql<number>`user_id` }).as(sql`
    select distinct uc.user_id from ${userCoupons} uc
    where uc.group_id = ${at.groupId} and uc.user_id in (select user_id from visible)`);
  const wanting = db.$with("wanting", { userId: sql<number>`user_id`, ord: sql<number>`ord`, rank: sql<number>`rank` })
    .as(sql`
    select user_id, ord, row_number() over (order by ord) as rank
    from (select distinct on (user_id) user_id, ord from visible
          where user_id not in (select user_id from held) order by user_id, ord) first_asks`);
  const locked = db.$with("locked", { id: sql<number>`id`, remainNum: sql<number>`remain_num` }).as(sql`
    select id, remain_num from ${couponGroups}
    where id = ${at.groupId} and remain_num > 0 and exists (select 1 from wanting)
    for update`);
  const taken = db.$with("taken", { id: sql<number>`id`, count: sql<number>`count` }).as(sql`
    update ${couponGroups} g
    set remain_num = locked.remain_num - least(locked.remain_num, (select count(*) from wanting)::int)
    from locked where g.id = locked.id
    returning g.id, g.end_at, g.use_time_limit_days, locked.remain_num - g.remain_num as count`);
  const coupon = db.$with("coupon", { id: sql<number>`id`, userId: sql<number>`user_id` }).as(sql`
    insert into ${userCoupons} (user_id, group_id, claimed_at, expires_at)
    select wanting.user_id, taken.id, ${at.now}::timestamptz,
      case when taken.use_time_limit_days = 0 then taken.end_at
           else least(taken.end_at, ${at.now}::timestamptz + taken.use_time_limit_days * interval '86400 seconds') end
    from wanting, taken where wanting.rank <= taken.count
    returning id, user_id`);
  return db
    .with(ask, caller, visible, held, wanting, locked, taken, coupon)
    .select({
      ord: sql<number>`ask.ord`.mapWith(Number),
      sessionId: sql<number | null>`caller.session_id`.mapWith(Number),
      lastSeenAt: sql<Date | null>`caller.last_seen_at`.mapWith((v: string | Date) => new Date(v)),
      userId: sql<number | null>`caller.user_id`.mapWith(Number),
      visible: sql<boolean>`visible.ord is not null`.mapWith(Boolean),
      held: sql<boolean>`visible.ord is not null and (held.user_id is not null or wanting.ord is null)`.mapWith(
        Boolean,
      ),
      couponId: sql<number | null>`coupon.id`.mapWith(Number),
    })
    .from(
      sql`ask left join caller on caller.ord = ask.ord
        left join visible on visible.ord = ask.ord
        left join held on held.user_id = caller.user_id
        left join wanting on wanting.ord = ask.ord
        left join coupon on coupon.user_id = wanting.user_id`,
    )
    .orderBy(sql`ask.ord`)
    .prepare(bySession ? "coupon_claim_by_session" : "coupon_claim");
}

export type ClaimStatement = ReturnType<typeof buildClaimStatement>;

/** What the statement answered for one claimant. */
export type ClaimRow = Awaited<ReturnType<ClaimStatement["execute"]>>[number];

const claimStatementByCaller = preparedOncePerDb((db) => buildClaimStatement(db, false));
const claimStatementBySession = preparedOncePerDb((db) => buildClaimStatement(db, true));

/** The prepared claim statement of a database handle: claimants by session token hash, or by user id. */
export function claimStatement(db: CouponCtx["db"], bySession: boolean): ClaimStatement {
  return bySession ? claimStatementBySession(db) : claimStatementByCaller(db);
}
