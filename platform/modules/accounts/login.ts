import { and, eq, isNull } from "drizzle-orm";
import { subAccounts, users } from "../../db/schema";
import { PHONE_PATTERN } from "../../rules/validation";
import type { Ctx, Origin, Visitor } from "../context";
import { fail } from "../errors";
import { burnPasswordCheck, verifyPassword } from "./passwords";
import { clearEvents, countRecentEvents, recordEvent } from "./rate-limit";
import { issueSession, type IssuedSession } from "./sessions";
import { consumeVerifyCode } from "./verify-codes";

/** Failed logins: 5 per phone and 30 per IP within 15 minutes, then refused until the window passes. */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILS_PER_PHONE = 5;
export const MAX_FAILS_PER_IP = 30;

async function assertNotThrottled(ctx: Ctx, subject: string, origin: Origin) {
  const since = new Date(ctx.now().getTime() - LOGIN_WINDOW_MS);
  if ((await countRecentEvents(ctx.db, "login_fail_phone", subject, since)) >= MAX_FAILS_PER_PHONE)
    fail("LOGIN_THROTTLED");
  if ((await countRecentEvents(ctx.db, "login_fail_ip", origin.ip, since)) >= MAX_FAILS_PER_IP) fail("LOGIN_THROTTLED");
}

async function recordFailure(ctx: Ctx, subject: string, origin: Origin) {
  const now = ctx.now();
  await recordEvent(ctx.db, "login_fail_phone", subject, now);
  await recordEvent(ctx.db, "login_fail_ip", origin.ip, now);
}

async function findOpenUser(ctx: Ctx, phone: string) {
  const [user] = await ctx.db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.closedAt)))
    .limit(1);
  return user;
}

/** Phone and password. Every success issues a new token. */
export async function loginWithPassword(
  ctx: Ctx,
  { origin }: Visitor,
  input: { phone: string; password: string },
): Promise<IssuedSession> {
  if (!PHONE_PATTERN.test(input.phone)) fail("PHONE_INVALID", "phone");
  await assertNotThrottled(ctx, input.phone, origin);
  const user = await findOpenUser(ctx, input.phone);
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : (await burnPasswordCheck(input.password), false);
  if (!user || !ok) {
    await recordFailure(ctx, input.phone, origin);
    return fail("LOGIN_FAILED", "password");
  }
  await clearEvents(ctx.db, "login_fail_phone", input.phone);
  return issueSession(ctx.db, ctx.now(), { userId: user.id });
}

/** Phone and SMS code (purpose "login"). */
export async function loginWithCode(
  ctx: Ctx,
  visitor: Visitor,
  input: { phone: string; code: string },
): Promise<IssuedSession> {
  const { origin } = visitor;
  if (!PHONE_PATTERN.test(input.phone)) fail("PHONE_INVALID", "phone");
  await assertNotThrottled(ctx, input.phone, origin);
  try {
    await consumeVerifyCode(ctx, visitor, { phone: input.phone, purpose: "login", code: input.code });
  } catch (error) {
    await recordFailure(ctx, input.phone, origin);
    throw error;
  }
  const user = await findOpenUser(ctx, input.phone);
  if (!user) return fail("ACCOUNT_NOT_FOUND", "phone");
  await clearEvents(ctx.db, "login_fail_phone", input.phone);
  return issueSession(ctx.db, ctx.now(), { userId: user.id });
}

/** Main account phone, sub-account name and password. */
export async function loginSubAccount(
  ctx: Ctx,
  { origin }: Visitor,
  input: { mainPhone: string; name: string; password: string },
): Promise<IssuedSession> {
  if (!PHONE_PATTERN.test(input.mainPhone)) fail("PHONE_INVALID", "mainPhone");
  const subject = `${input.mainPhone}/${input.name}`;
  await assertNotThrottled(ctx, subject, origin);
  const [sub] = await ctx.db
    .select({ id: subAccounts.id, userId: subAccounts.mainUserId, passwordHash: subAccounts.passwordHash })
    .from(subAccounts)
    .innerJoin(users, eq(users.id, subAccounts.mainUserId))
    .where(
      and(
        eq(users.phone, input.mainPhone),
        isNull(users.closedAt),
        eq(subAccounts.name, input.name),
        isNull(subAccounts.disabledAt),
      ),
    )
    .limit(1);
  const ok = sub
    ? await verifyPassword(sub.passwordHash, input.password)
    : (await burnPasswordCheck(input.password), false);
  if (!sub || !ok) {
    await recordFailure(ctx, subject, origin);
    return fail("SUB_LOGIN_FAILED", "password");
  }
  await clearEvents(ctx.db, "login_fail_phone", subject);
  return issueSession(ctx.db, ctx.now(), { userId: sub.userId, subAccountId: sub.id });
}
