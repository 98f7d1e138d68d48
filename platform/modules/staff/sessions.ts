import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { staffAccounts, staffSessions } from "../../db/staff-schema";
import { hashToken } from "../accounts/sessions";
import type { Ctx, Visitor } from "../context";
import { fail } from "../errors";
import type { StaffCaller } from "./caller";

/** A working day of idleness ends a staff session; none lives beyond a week (docs/decisions/039). */
export const STAFF_SESSION_IDLE_MS = 8 * 3600_000;
export const STAFF_SESSION_ABSOLUTE_MS = 7 * 24 * 3600_000;
const TOUCH_EVERY_MS = 60_000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A new random 256-bit staff token; only its hash is stored. */
export async function createStaffSession(ctx: Ctx, staffId: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = ctx.now();
  await ctx.db.insert(staffSessions).values({
    tokenHash: hashToken(token),
    staffId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + STAFF_SESSION_ABSOLUTE_MS),
  });
  return token;
}

/**
 * The staff member behind a staff token: SESSION_INVALID for an unknown or
 * revoked token or a disabled account, SESSION_EXPIRED past the idle or
 * absolute limit. A user's token is unknown here (it is in another table).
 */
export async function resolveStaffSession(
  ctx: Ctx,
  visitor: Visitor,
  input: { token: string | undefined },
): Promise<StaffCaller> {
  if (!input.token || !TOKEN_SHAPE.test(input.token)) return fail("SESSION_INVALID");
  const [row] = await ctx.db
    .select({
      sessionId: staffSessions.id,
      lastSeenAt: staffSessions.lastSeenAt,
      expiresAt: staffSessions.expiresAt,
      revokedAt: staffSessions.revokedAt,
      staffId: staffAccounts.id,
      login: staffAccounts.login,
      displayName: staffAccounts.displayName,
      role: staffAccounts.role,
      disabledAt: staffAccounts.disabledAt,
    })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(eq(staffSessions.tokenHash, hashToken(input.token)))
    .limit(1);
  if (!row || row.revokedAt || row.disabledAt) return fail("SESSION_INVALID");
  const now = ctx.now().getTime();
  if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + STAFF_SESSION_IDLE_MS <= now)
    return fail("SESSION_EXPIRED");
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS)
    await ctx.db.update(staffSessions).set({ lastSeenAt: ctx.now() }).where(eq(staffSessions.id, row.sessionId));
  return {
    origin: visitor.origin,
    sessionId: row.sessionId,
    staffId: row.staffId,
    login: row.login,
    displayName: row.displayName,
    role: row.role,
  };
}

/** Ends the caller's own staff session. */
export async function revokeStaffSession(ctx: Ctx, staff: StaffCaller): Promise<void> {
  await ctx.db
    .update(staffSessions)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(staffSessions.id, staff.sessionId), isNull(staffSessions.revokedAt)));
}
