import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { SignInMethod } from "../../db/account-security-schema";
import { users } from "../../db/schema";
import { secondStepTickets } from "../../db/two-step-schema";
import { inTransaction } from "../../db/tx";
import type { Ctx, Visitor } from "../context";
import { fail } from "../errors";
import { forgetAuthFailures, recordAuthFailure } from "../security/auth-guard";
import { issueSession, type IssuedSession } from "./sessions";
import { recordSignIn } from "./sign-in-records";
import { passSecondFactor } from "./two-step-factor";

/** A pending login lasts 5 minutes and allows 5 wrong codes (decision 103). */
export const SECOND_STEP_TTL_MS = 5 * 60_000;
export const SECOND_STEP_MAX_FAILURES = 5;

const TICKET_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (ticket: string) => createHash("sha256").update(ticket).digest("hex");

/** A first step that passed for an account with two-step login on: no session yet, a ticket for the second. */
export interface PendingSecondStep {
  ticket: string;
  expiresAt: Date;
}

/** Starts the second step of `userId`'s sign-in by `method` (any login path: password, SMS code, WeChat, …). */
export async function startSecondStep(
  db: Db,
  now: Date,
  userId: number,
  method: SignInMethod,
): Promise<PendingSecondStep> {
  const ticket = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SECOND_STEP_TTL_MS);
  await db.insert(secondStepTickets).values({ userId, ticketHash: hashOf(ticket), method, createdAt: now, expiresAt });
  return { ticket, expiresAt };
}

type Outcome =
  | { kind: "expired" }
  | { kind: "wrong"; userId: number; phone: string; method: SignInMethod }
  | { kind: "passed"; userId: number; phone: string; method: SignInMethod };

/**
 * The second step: the ticket and a current TOTP code or a recovery code of the ticket's account. Right: the ticket is
 * used, a session issued and the sign-in recorded. Wrong: the ticket counts a failure (5 burn it), the phone's auth
 * guard counts one (decision 025) and the account's sign-in list shows "second_step_failed". A ticket that is
 * unknown, used, burnt, expired or of a closed account is refused beside `ticket`.
 */
export async function completeSecondStep(
  ctx: Ctx,
  visitor: Visitor,
  input: { ticket: string; code: string },
): Promise<IssuedSession> {
  const expired = () => fail("BAD_REQUEST", "ticket", "登录已超时，请重新输入密码或短信验证码登录");
  if (!TICKET_SHAPE.test(input.ticket)) return expired();
  const now = ctx.now();
  const outcome = await inTransaction(ctx.db, async (tx): Promise<Outcome> => {
    const [ticket] = await tx
      .select({
        id: secondStepTickets.id,
        userId: secondStepTickets.userId,
        method: secondStepTickets.method,
        phone: users.phone,
      })
      .from(secondStepTickets)
      .innerJoin(users, eq(users.id, secondStepTickets.userId))
      .where(
        and(
          eq(secondStepTickets.ticketHash, hashOf(input.ticket)),
          isNull(secondStepTickets.usedAt),
          gt(secondStepTickets.expiresAt, now),
          lt(secondStepTickets.failures, SECOND_STEP_MAX_FAILURES),
          isNull(users.closedAt),
        ),
      )
      .for("update", { of: secondStepTickets });
    if (!ticket) return { kind: "expired" };
    const passed = await passSecondFactor({ db: tx, personalData: ctx.personalData }, ticket.userId, input.code, now);
    if (passed) {
      await tx.update(secondStepTickets).set({ usedAt: now }).where(eq(secondStepTickets.id, ticket.id));
      return { kind: "passed", ...ticket };
    }
    await tx
      .update(secondStepTickets)
      .set({ failures: sql`${secondStepTickets.failures} + 1` })
      .where(eq(secondStepTickets.id, ticket.id));
    return { kind: "wrong", ...ticket };
  });
  if (outcome.kind === "expired") return expired();
  const owner = { userId: outcome.userId, subAccountId: null };
  if (outcome.kind === "wrong") {
    await recordAuthFailure(ctx, visitor, outcome.phone);
    await recordSignIn(ctx.db, {
      ...owner,
      method: outcome.method,
      result: "second_step_failed",
      origin: visitor.origin,
      at: now,
    });
    return fail("BAD_REQUEST", "code", "验证码错误或已使用");
  }
  await forgetAuthFailures(ctx, outcome.phone);
  await recordSignIn(ctx.db, { ...owner, method: outcome.method, result: "ok", origin: visitor.origin, at: now });
  return issueSession(ctx.db, now, owner, visitor.origin);
}

/** Tickets are deleted a day after they lapse (used or not): only a pending login needs one. */
export const SECOND_STEP_TICKET_KEEP_MS = 24 * 3600_000;

/** Deletes up to `batch` tickets that lapsed over a day ago; answers how many (the hourly job). */
export async function purgeOldSecondStepTickets(ctx: Pick<Ctx, "db" | "now">, batch = 1000): Promise<number> {
  const before = new Date(ctx.now().getTime() - SECOND_STEP_TICKET_KEEP_MS);
  const due = ctx.db
    .select({ id: secondStepTickets.id })
    .from(secondStepTickets)
    .where(lt(secondStepTickets.expiresAt, before))
    .limit(batch);
  const deleted = await ctx.db
    .delete(secondStepTickets)
    .where(inArray(secondStepTickets.id, due))
    .returning({ id: secondStepTickets.id });
  return deleted.length;
}
