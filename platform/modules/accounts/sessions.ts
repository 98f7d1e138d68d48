import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { batchLane, type BatchLane } from "../../db/batch-lane";
import { preparedOncePerDb } from "../../db/prepared";
import { messages, notifications, sessions, subAccounts, users } from "../../db/schema";
import { workOrders } from "../../db/work-order-schema";
import type { Caller, Ctx, Origin, Visitor } from "../context";
import { fail } from "../errors";

/** See docs/decisions/003-session-lifetimes.md. */
export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 5 * 60_000;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A session just issued: the token the client sends from now on (shown once; only its hash is kept). */
export interface IssuedSession {
  token: string;
}

/** A new session for a signed-in operation's reply (login, registration). */
export async function issueSession(
  db: Db,
  now: Date,
  owner: { userId: number; subAccountId?: number | null },
  origin?: Origin,
): Promise<IssuedSession> {
  return { token: await createSession(db, now, owner, origin) };
}

/**
 * A new random 256-bit token; only its hash is stored, with where it was started from (the address and User-Agent
 * of the sign-in, for the account's list of signed-in devices).
 */
export async function createSession(
  db: Db,
  now: Date,
  owner: { userId: number; subAccountId?: number | null },
  origin?: Origin,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: owner.userId,
    subAccountId: owner.subAccountId ?? null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    clientAddress: origin?.ip ?? null,
    userAgent: origin?.userAgent ?? null,
  });
  return token;
}

/** The account columns a session check reads: never the password hash or the registration details. */
const accountColumns = {
  id: users.id,
  phone: users.phone,
  kind: users.kind,
  nickname: users.nickname,
  companyName: users.companyName,
  noticeEmail: users.noticeEmail,
  noticeEmailConfirmedAt: users.noticeEmailConfirmedAt,
  moneyFen: users.moneyFen,
  powerMoneyFen: users.powerMoneyFen,
  creditQuotaFen: users.creditQuotaFen,
  accumulatedTopUpFen: users.accumulatedTopUpFen,
  verifiedAs: users.verifiedAs,
  createdAt: users.createdAt,
  closedAt: users.closedAt,
};
const subAccountColumns = {
  id: subAccounts.id,
  name: subAccounts.name,
  moneyLimitFen: subAccounts.moneyLimitFen,
  moneyUsedFen: subAccounts.moneyUsedFen,
  createdAt: subAccounts.createdAt,
  disabledAt: subAccounts.disabledAt,
};
const sessionColumns = {
  id: sessions.id,
  userId: sessions.userId,
  subAccountId: sessions.subAccountId,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
  revokedAt: sessions.revokedAt,
};

export type AccountRow = { [K in keyof typeof accountColumns]: (typeof users.$inferSelect)[K] };
export type SessionSubAccountRow = { [K in keyof typeof subAccountColumns]: (typeof subAccounts.$inferSelect)[K] };

export interface LiveSession {
  caller: Caller;
  user: AccountRow;
  subAccount: SessionSubAccountRow | null;
  /**
   * Unread notifications and messages of the account, and whether a work order it sees has a staff reply
   * it has not opened, read in the same query when asked for (else 0 and false).
   */
  unread: { notifications: number; messages: number; workOrderReplies: boolean };
}

const unreadCount = (table: typeof notifications | typeof messages) =>
  sql<number>`(select count(*) from ${table} where ${table.userId} = ${sessions.userId} and ${table.subAccountId} is not distinct from ${sessions.subAccountId} and ${table.readAt} is null)`.mapWith(
    Number,
  );

/**
 * Whether a work order the session's caller sees has an unread staff reply: the rule of
 * modules/work-orders/unread-flag.ts (a main account sees its sub-accounts' orders, a sub-account
 * its own), on the partial index work_orders_user_unread_idx (the bare column, as in its predicate).
 * Read here so a page's shell asks the platform once for the account and all its unread state.
 */
const workOrderRepliesUnread =
  sql<boolean>`exists (select 1 from ${workOrders} where ${workOrders.userId} = ${sessions.userId} and (${sessions.subAccountId} is null or ${workOrders.subAccountId} = ${sessions.subAccountId}) and ${workOrders.userUnread})`.mapWith(
    Boolean,
  );

/**
 * The session lookup, built and prepared once per database handle: it runs on
 * every request, so its SQL is not rebuilt each time (and on PostgreSQL it is a
 * named prepared statement, planned once per connection). `many`: the variant
 * for several tokens at once (comma-joined hex hashes), which also returns each
 * row's hash.
 */
function buildSessionQuery(db: Db, withUnread: boolean, many: boolean) {
  const name = `${withUnread ? "session_with_unread" : "session_with_account"}${many ? "_many" : ""}`;
  const query = db
    .select({
      tokenHash: sessions.tokenHash,
      session: sessionColumns,
      user: accountColumns,
      subAccount: subAccountColumns,
      unreadNotifications: withUnread ? unreadCount(notifications) : sql<number>`0`.mapWith(Number),
      unreadMessages: withUnread ? unreadCount(messages) : sql<number>`0`.mapWith(Number),
      workOrderRepliesUnread: withUnread ? workOrderRepliesUnread : sql<boolean>`false`.mapWith(Boolean),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(subAccounts, eq(subAccounts.id, sessions.subAccountId));
  if (many)
    return query
      .where(sql`${sessions.tokenHash} = any(string_to_array(${sql.placeholder("tokenHashes")}::text, ','))`)
      .prepare(name);
  return query
    .where(eq(sessions.tokenHash, sql.placeholder("tokenHash")))
    .limit(1)
    .prepare(name);
}

const sessionQueries = {
  one: preparedOncePerDb((db) => buildSessionQuery(db, false, false)),
  many: preparedOncePerDb((db) => buildSessionQuery(db, false, true)),
  oneWithUnread: preparedOncePerDb((db) => buildSessionQuery(db, true, false)),
  manyWithUnread: preparedOncePerDb((db) => buildSessionQuery(db, true, true)),
};

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionQueries.one>["execute"]>>[number];

/** The most tokens one lookup statement carries. */
const MAX_TOKENS_PER_LOOKUP = 200;

const lanes = new WeakMap<Db, { plain: BatchLane<string, SessionRow>; withUnread: BatchLane<string, SessionRow> }>();

/**
 * The session row behind a token hash. Lookups that arrive together go as one
 * statement (decision 054): a burst of a thousand signed-in requests makes a
 * few dozen session statements, a lone request one, as before.
 */
function lookUpSession(db: Db, withUnread: boolean, tokenHash: string): Promise<SessionRow | null> {
  let byKind = lanes.get(db);
  if (!byKind) {
    const lane = (unread: boolean) =>
      batchLane<string, SessionRow>(async (hashes) => {
        if (hashes.length === 1) {
          const one = unread ? sessionQueries.oneWithUnread(db) : sessionQueries.one(db);
          const [row] = await one.execute({ tokenHash: hashes[0]! });
          return new Map(row ? [[hashes[0]!, row]] : []);
        }
        const many = unread ? sessionQueries.manyWithUnread(db) : sessionQueries.many(db);
        const rows = await many.execute({ tokenHashes: hashes.join(",") });
        return new Map(rows.map((row) => [row.tokenHash, row]));
      }, MAX_TOKENS_PER_LOOKUP);
    byKind = { plain: lane(false), withUnread: lane(true) };
    lanes.set(db, byKind);
  }
  return (withUnread ? byKind.withUnread : byKind.plain).lookup(tokenHash);
}

/**
 * The caller behind a token, with its account rows, in one query. Unknown,
 * revoked tokens, closed accounts and disabled sub-accounts fail with
 * SESSION_INVALID; idle-expired or absolutely expired tokens with
 * SESSION_EXPIRED. Both are status 2 on the main API. The visitor's origin
 * travels on with the caller.
 */
export async function resolveSessionWithAccount(
  ctx: Pick<Ctx, "db" | "now">,
  visitor: Visitor,
  input: { token: string | undefined; withUnread?: boolean },
): Promise<LiveSession> {
  const { token } = input;
  if (!isTokenShaped(token)) return fail("SESSION_INVALID");
  const now = ctx.now();
  const row = await lookUpSession(ctx.db, input.withUnread ?? false, hashToken(token));
  if (
    !row ||
    row.session.revokedAt ||
    row.user.closedAt ||
    (row.session.subAccountId !== null && (!row.subAccount || row.subAccount.disabledAt))
  ) {
    return fail("SESSION_INVALID");
  }
  // A genuine token that ran out of time: status 2 on the main API, 100032 on /third-party.
  if (
    row.session.expiresAt.getTime() <= now.getTime() ||
    row.session.lastSeenAt.getTime() + SESSION_IDLE_MS <= now.getTime()
  ) {
    return fail("SESSION_EXPIRED");
  }
  await touchSessionIfDue(ctx.db, row.session, now);
  return {
    caller: {
      origin: visitor.origin,
      sessionId: row.session.id,
      userId: row.session.userId,
      subAccountId: row.session.subAccountId,
    },
    user: row.user,
    subAccount: row.subAccount,
    unread: {
      notifications: row.unreadNotifications,
      messages: row.unreadMessages,
      workOrderReplies: row.workOrderRepliesUnread,
    },
  };
}

/** Records the session's use, at most every TOUCH_EVERY_MS, so reads stay reads. */
export async function touchSessionIfDue(db: Db, session: { id: number; lastSeenAt: Date }, now: Date): Promise<void> {
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
  }
}

/**
 * The session behind a token hash as SQL, when it is a live main account's:
 * the checks of resolveSessionWithAccount (not revoked, the account open,
 * within both lifetimes) plus "not a sub-account's", for a statement that
 * acts for the caller in the same round trip (the coupon claim). Its columns:
 * session_id, user_id, last_seen_at. It is never looser than those checks:
 * where it finds no row, the caller asks resolveSession, whose answer decides.
 */
export function liveMainAccountSessionSql(tokenHash: SQL | Placeholder<string>, now: SQL | Placeholder<string>): SQL {
  return sql`select ${sessions.id} as session_id, ${sessions.userId} as user_id, ${sessions.lastSeenAt} as last_seen_at
    from ${sessions} inner join ${users} on ${users.id} = ${sessions.userId}
    where ${sessions.tokenHash} = ${tokenHash} and ${sessions.revokedAt} is null and ${users.closedAt} is null
      and ${sessions.subAccountId} is null and ${sessions.expiresAt} > ${now}::timestamptz
      and ${sessions.lastSeenAt} > ${now}::timestamptz - interval '${sql.raw(String(SESSION_IDLE_MS))} milliseconds'`;
}

/** Whether a token has the shape of ours (43 base64url characters); anything else is no session. */
export function isTokenShaped(token: string | undefined): token is string {
  return !!token && TOKEN_SHAPE.test(token);
}

/** The caller behind a token (see resolveSessionWithAccount). */
export async function resolveSession(
  ctx: Pick<Ctx, "db" | "now">,
  visitor: Visitor,
  input: { token: string | undefined },
): Promise<Caller> {
  return (await resolveSessionWithAccount(ctx, visitor, input)).caller;
}

/** Ends the caller's own session. */
export async function revokeSession(ctx: Ctx, caller: Caller): Promise<void> {
  await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(sessions.id, caller.sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
