import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { sessions } from "../../db/schema";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { SESSION_IDLE_MS } from "./sessions";

/** A signed-in device of the caller's (issue 38 §1): a live session, where it started and when it was last used. */
export interface SignedInDevice {
  id: number;
  /** The session of this request. */
  current: boolean;
  clientAddress: string | null;
  userAgent: string | null;
  signedInAt: Date;
  lastSeenAt: Date;
}

/** At most this many devices are listed (newest use first); a person has a handful. */
const MAX_LISTED = 50;

/** The caller's own live sessions: a main account's (not its sub-accounts'), or a sub-account's own. */
const ownLiveSessions = (ctx: Pick<Ctx, "now">, caller: Caller) => {
  const now = ctx.now();
  return and(
    eq(sessions.userId, caller.userId),
    caller.subAccountId === null ? isNull(sessions.subAccountId) : eq(sessions.subAccountId, caller.subAccountId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
  );
};

export async function listSignedInDevices(ctx: Pick<Ctx, "db" | "now">, caller: Caller): Promise<SignedInDevice[]> {
  const rows = await ctx.db
    .select({
      id: sessions.id,
      clientAddress: sessions.clientAddress,
      userAgent: sessions.userAgent,
      signedInAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(ownLiveSessions(ctx, caller))
    .orderBy(desc(sql`${sessions.id} = ${caller.sessionId}`), desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(MAX_LISTED);
  return rows.map((row) => ({ ...row, current: row.id === caller.sessionId }));
}

/**
 * Signs one of the caller's other devices out at once: its next request finds the session revoked. The current
 * device signs out with /logout; someone else's session, or one already ended, is NOT_FOUND alike.
 */
export async function signOutDevice(ctx: Pick<Ctx, "db" | "now">, caller: Caller, sessionId: number): Promise<void> {
  if (sessionId === caller.sessionId) fail("BAD_REQUEST", "id", "当前设备请使用“退出登录”");
  const ended = await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(sessions.id, sessionId), ownLiveSessions(ctx, caller)))
    .returning({ id: sessions.id });
  if (ended.length === 0) fail("NOT_FOUND", "id", "该设备已退出或不存在");
}

/** Signs every other device of the caller's out; answers how many. */
export async function signOutOtherDevices(ctx: Pick<Ctx, "db" | "now">, caller: Caller): Promise<number> {
  const ended = await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.now() })
    .where(and(ne(sessions.id, caller.sessionId), ownLiveSessions(ctx, caller)))
    .returning({ id: sessions.id });
  return ended.length;
}
