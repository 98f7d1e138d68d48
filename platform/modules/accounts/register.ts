import { and, eq, isNull } from "drizzle-orm";
import { messages, notifications, users } from "../../db/schema";
import { inTransaction, pgCode } from "../../db/tx";
import { isStrongPassword, isValidCreditCode, PHONE_PATTERN } from "../../rules/validation";
import type { Ctx, Visitor } from "../context";
import { fail } from "../errors";
import type { CaptchaAnswer } from "../security/captcha";
import { guardAuthAttempt, recordAuthFailure } from "../security/auth-guard";
import { hashPassword } from "./passwords";
import { recordSignIn } from "./sign-in-records";
import { issueSession, type IssuedSession } from "./sessions";
import { consumeVerifyCode } from "./verify-codes";
import { bindReferral } from "../partner/binding";
import { describeFault } from "../fault-log";

/**
 * Binds the new account to the partner of its browser's first referral touch, or records why not (decision 114).
 * The registration has succeeded by now: a failure here is logged, never shown to the new user.
 */
async function bindToReferrer(ctx: Ctx, userId: number, phone: string, touchId: string | undefined): Promise<void> {
  if (!touchId) return;
  try {
    await bindReferral(ctx, { userId, phone, touchId });
  } catch (error) {
    console.error(`[partner] binding account ${userId} failed: ${describeFault(error)}`);
  }
}

export interface PersonalRegistration {
  phone: string;
  code: string;
  password: string;
  agreed: boolean;
  captcha?: CaptchaAnswer;
  /** "sy" when the user came from the top bar's register button, else "dl". */
  eventChannel: string;
  bdVid?: string;
  /** The id of the browser's first touch of a referral link (issue 39 §2), if it has one. */
  referralTouch?: string;
}

export interface CompanyRegistration extends Omit<PersonalRegistration, "eventChannel" | "bdVid"> {
  companyName: string;
  creditCode: string;
  contactName: string;
  eventChannel: string;
  bdVid?: string;
  referralTouch?: string;
}

async function phoneIsTaken(ctx: Ctx, phone: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.closedAt)))
    .limit(1);
  return Boolean(row);
}

function checkCommon(input: { phone: string; password: string; agreed: boolean }) {
  if (!PHONE_PATTERN.test(input.phone)) fail("PHONE_INVALID", "phone");
  if (!isStrongPassword(input.password)) fail("PASSWORD_WEAK", "password");
  if (!input.agreed) fail("AGREEMENT_REQUIRED", "agree");
}

/**
 * The code first, then the phone: only the holder of a valid code learns that
 * the phone is already registered. Wrong codes count as failed attempts
 * (a CAPTCHA is asked past the limits of security/auth-guard.ts).
 */
async function checkCodeThenPhone(
  ctx: Ctx,
  visitor: Visitor,
  input: { phone: string; code: string; captcha?: CaptchaAnswer },
  purpose: "register" | "company_register",
): Promise<void> {
  await guardAuthAttempt(ctx, visitor, { subject: input.phone, captcha: input.captcha });
  try {
    await consumeVerifyCode(ctx, visitor, { phone: input.phone, purpose, code: input.code });
  } catch (error) {
    await recordAuthFailure(ctx, visitor, input.phone);
    throw error;
  }
  if (await phoneIsTaken(ctx, input.phone)) fail("PHONE_REGISTERED", "phone");
}

/** Creates the account with its welcome message and notification, all or nothing. */
export async function insertUser(ctx: Ctx, values: typeof users.$inferInsert): Promise<number> {
  try {
    return await inTransaction(ctx.db, async (tx) => {
      const [row] = await tx.insert(users).values(values).returning({ id: users.id });
      await tx
        .insert(messages)
        .values({ userId: row.id, message: "欢迎注册，祝您使用愉快。", createdAt: values.createdAt });
      await tx.insert(notifications).values({
        userId: row.id,
        title: "欢迎加入 GPU 算力平台",
        original: "完成实名认证后即可租用全部机型；充值满 100 元升级为铜牌会员，享 9.8 折。",
        createdAt: values.createdAt,
      });
      return row.id;
    });
  } catch (error) {
    // Two registrations of one phone at once: the partial unique index decides.
    if (pgCode(error) === "23505") return fail("PHONE_REGISTERED", "phone");
    throw error;
  }
}

/** Registers a personal main account and logs it in; returns the new session token. */
export async function registerPersonal(
  ctx: Ctx,
  visitor: Visitor,
  input: PersonalRegistration,
): Promise<IssuedSession> {
  checkCommon(input);
  await checkCodeThenPhone(ctx, visitor, input, "register");
  const now = ctx.now();
  const userId = await insertUser(ctx, {
    phone: input.phone,
    passwordHash: await hashPassword(input.password),
    kind: "personal",
    nickname: `用户${input.phone.slice(-4)}`,
    eventChannel: input.eventChannel,
    bdVid: input.bdVid || null,
    createdAt: now,
  });
  await bindToReferrer(ctx, userId, input.phone, input.referralTouch);
  await recordSignIn(ctx.db, { userId, method: "register", result: "ok", origin: visitor.origin, at: now });
  return issueSession(ctx.db, now, { userId }, visitor.origin);
}

/** Registers an enterprise main account and logs it in; returns the new session token. */
export async function registerCompany(ctx: Ctx, visitor: Visitor, input: CompanyRegistration): Promise<IssuedSession> {
  const companyName = input.companyName.trim();
  const contactName = input.contactName.trim();
  const creditCode = input.creditCode.trim().toUpperCase();
  if (companyName.length < 2 || companyName.length > 60) fail("COMPANY_NAME_INVALID", "companyName");
  if (!isValidCreditCode(creditCode)) fail("CREDIT_CODE_INVALID", "creditCode");
  if (contactName.length < 2 || contactName.length > 20) fail("CONTACT_NAME_INVALID", "contactName");
  checkCommon(input);
  await checkCodeThenPhone(ctx, visitor, input, "company_register");
  const now = ctx.now();
  const userId = await insertUser(ctx, {
    phone: input.phone,
    passwordHash: await hashPassword(input.password),
    kind: "enterprise",
    nickname: companyName,
    companyName,
    creditCode,
    contactName,
    eventChannel: input.eventChannel,
    bdVid: input.bdVid || null,
    createdAt: now,
  });
  await bindToReferrer(ctx, userId, input.phone, input.referralTouch);
  await recordSignIn(ctx.db, { userId, method: "register", result: "ok", origin: visitor.origin, at: now });
  return issueSession(ctx.db, now, { userId }, visitor.origin);
}
