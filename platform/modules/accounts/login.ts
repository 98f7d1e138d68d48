import { and, eq, isNull } from "drizzle-orm";
import { subAccounts, users } from "../../db/schema";
import { PHONE_PATTERN } from "../../rules/validation";
import type { Ctx, Visitor } from "../context";
import { fail } from "../errors";
import type { CaptchaAnswer } from "../security/captcha";
import { forgetAuthFailures, guardAuthAttempt, recordAuthFailure } from "../security/auth-guard";
import { burnPasswordCheck, verifyPassword } from "./passwords";
import type { SignInMethod } from "../../db/account-security-schema";
import { startSecondStep, type PendingSecondStep } from "./second-step-login";
import { issueSession, type IssuedSession } from "./sessions";
import { recordSignIn } from "./sign-in-records";
import { twoStepOf } from "./two-step-factor";
import { consumeVerifyCode } from "./verify-codes";

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
  visitor: Visitor,
  input: { phone: string; password: string; captcha?: CaptchaAnswer },
): Promise<SignInOutcome> {
  if (!PHONE_PATTERN.test(input.phone)) fail("PHONE_INVALID", "phone");
  await guardAuthAttempt(ctx, visitor, { subject: input.phone, captcha: input.captcha });
  const user = await findOpenUser(ctx, input.phone);
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : (await burnPasswordCheck(input.password), false);
  if (!user || !ok) {
    await recordAuthFailure(ctx, visitor, input.phone);
    if (user) await failedSignIn(ctx, visitor, { userId: user.id }, "password");
    return fail("LOGIN_FAILED", "password");
  }
  await forgetAuthFailures(ctx, input.phone);
  return signIn(ctx, visitor, { userId: user.id }, "password");
}

type SessionOwner = { userId: number; subAccountId?: number | null };

/**
 * What a login whose credentials were right answers: a session, or (a main account with two-step login on,
 * decision 103) no session yet but a ticket for the second step (platform/modules/accounts/second-step-login.ts).
 */
export type SignInOutcome = ({ kind: "session" } & IssuedSession) | ({ kind: "second_step" } & PendingSecondStep);

/**
 * A first step that succeeded, from any login path. A main account with two-step login on gets a second-step ticket
 * (its sign-in is recorded when that step passes); otherwise the sign-in is recorded (issue 38 §1) and a session
 * started with the visitor's address and browser. Sub-accounts never have a second step (decision 103).
 */
export async function signIn(
  ctx: Ctx,
  visitor: Visitor,
  owner: SessionOwner,
  method: SignInMethod,
): Promise<SignInOutcome> {
  const now = ctx.now();
  if (!owner.subAccountId && (await twoStepOf(ctx.db, owner.userId)))
    return { kind: "second_step", ...(await startSecondStep(ctx.db, now, owner.userId, method)) };
  await recordSignIn(ctx.db, { ...owner, method, result: "ok", origin: visitor.origin, at: now });
  return { kind: "session", ...(await issueSession(ctx.db, now, owner, visitor.origin)) };
}

/** A failed sign-in of an existing account, recorded for its owner to see. */
async function failedSignIn(ctx: Ctx, visitor: Visitor, owner: SessionOwner, method: SignInMethod): Promise<void> {
  await recordSignIn(ctx.db, { ...owner, method, result: "failed", origin: visitor.origin, at: ctx.now() });
}

/** Phone and SMS code (purpose "login"). */
export async function loginWithCode(
  ctx: Ctx,
  visitor: Visitor,
  input: { phone: string; code: string; captcha?: CaptchaAnswer },
): Promise<SignInOutcome> {
  if (!PHONE_PATTERN.test(input.phone)) fail("PHONE_INVALID", "phone");
  await guardAuthAttempt(ctx, visitor, { subject: input.phone, captcha: input.captcha });
  try {
    await consumeVerifyCode(ctx, visitor, { phone: input.phone, purpose: "login", code: input.code });
  } catch (error) {
    await recordAuthFailure(ctx, visitor, input.phone);
    const user = await findOpenUser(ctx, input.phone);
    if (user) await failedSignIn(ctx, visitor, { userId: user.id }, "code");
    throw error;
  }
  const user = await findOpenUser(ctx, input.phone);
  if (!user) return fail("ACCOUNT_NOT_FOUND", "phone");
  await forgetAuthFailures(ctx, input.phone);
  return signIn(ctx, visitor, { userId: user.id }, "code");
}

/** Main account phone, sub-account name and password. */
export async function loginSubAccount(
  ctx: Ctx,
  visitor: Visitor,
  input: { mainPhone: string; name: string; password: string; captcha?: CaptchaAnswer },
): Promise<SignInOutcome> {
  if (!PHONE_PATTERN.test(input.mainPhone)) fail("PHONE_INVALID", "mainPhone");
  const subject = `${input.mainPhone}/${input.name}`;
  await guardAuthAttempt(ctx, visitor, { subject, captcha: input.captcha });
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
    await recordAuthFailure(ctx, visitor, subject);
    if (sub) await failedSignIn(ctx, visitor, { userId: sub.userId, subAccountId: sub.id }, "sub_account");
    return fail("SUB_LOGIN_FAILED", "password");
  }
  await forgetAuthFailures(ctx, subject);
  return signIn(ctx, visitor, { userId: sub.userId, subAccountId: sub.id }, "sub_account");
}
