import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import { phoneChangeTickets } from "../../db/account-security-schema";
import { sessions, users } from "../../db/schema";
import { inTransaction, pgCode } from "../../db/tx";
import { beijingDateTime } from "../../rules/beijing-time";
import { PHONE_PATTERN } from "../../rules/validation";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { sendAccountMessage } from "../notices/messages";
import { forgetAuthFailures, guardAuthAttempt, recordAuthFailure } from "../security/auth-guard";
import type { CaptchaAnswer } from "../security/captcha";
import { maskPhone } from "./user-info";
import { consumeVerifyCode, sendVerifyCode, type SentCode } from "./verify-codes";
import { ownPhoneOf } from "./own-phone";

/** How long the old number's proof lasts: time to get and type the new number's code. */
export const PHONE_CHANGE_TICKET_TTL_MS = 15 * 60_000;

const ticketHash = (ticket: string) => createHash("sha256").update(ticket).digest("hex");
const TICKET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function mainAccountOf(caller: Caller): number {
  if (caller.subAccountId !== null) fail("PERMISSION_DENIED", undefined, "子账号不能更换手机号");
  return caller.userId;
}

/** 获取验证码 for the old number: a change_phone code to the account's own phone (the SMS limits of any code). */
export async function sendOldPhoneCode(ctx: Ctx, caller: Caller, captcha?: CaptchaAnswer): Promise<SentCode> {
  const phone = await ownPhoneOf(ctx, mainAccountOf(caller));
  return sendVerifyCode(ctx, caller, { phone, purpose: "change_phone", captcha });
}

/**
 * Step 1 of 更换手机号 (issue 38 §1): the old number's code proves the owner has it. A wrong code counts as a failed
 * sign-in of the phone (the CAPTCHA rules). Answers a ticket (shown once, kept hashed) for step 2.
 */
export async function verifyOldPhone(
  ctx: Ctx,
  caller: Caller,
  input: { code: string; captcha?: CaptchaAnswer },
): Promise<{ ticket: string; expiresAt: Date }> {
  const userId = mainAccountOf(caller);
  const phone = await ownPhoneOf(ctx, userId);
  await guardAuthAttempt(ctx, caller, { subject: phone, captcha: input.captcha });
  try {
    await consumeVerifyCode(ctx, caller, { phone, purpose: "change_phone", code: input.code, field: "old_code" });
  } catch (error) {
    await recordAuthFailure(ctx, caller, phone);
    throw error;
  }
  await forgetAuthFailures(ctx, phone);
  const ticket = randomBytes(32).toString("base64url");
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + PHONE_CHANGE_TICKET_TTL_MS);
  await ctx.db.insert(phoneChangeTickets).values({ userId, ticketHash: ticketHash(ticket), createdAt: now, expiresAt });
  return { ticket, expiresAt };
}

/**
 * Step 2: the new number and its change_phone code, with step 1's ticket. The number must not be another open
 * account's (the unique index on open phones decides under concurrency). In one transaction the ticket is used, the
 * phone set, every other session of the account ended and a site message left. Answers the new phone.
 */
export async function changePhone(
  ctx: Ctx,
  caller: Caller,
  input: { ticket: string; phone: string; code: string },
): Promise<{ phone: string; signedOut: number }> {
  const userId = mainAccountOf(caller);
  const oldPhone = await ownPhoneOf(ctx, userId);
  if (!PHONE_PATTERN.test(input.phone)) fail("PHONE_INVALID", "phone");
  if (input.phone === oldPhone) fail("BAD_REQUEST", "phone", "新手机号不能与原手机号相同");
  const now = ctx.now();
  const live = and(
    eq(phoneChangeTickets.userId, userId),
    isNull(phoneChangeTickets.usedAt),
    gt(phoneChangeTickets.expiresAt, now),
  );
  const ticketWrong = () => fail("BAD_REQUEST", "old_code", "原手机号验证已失效，请重新获取验证码");
  if (!TICKET_SHAPE.test(input.ticket)) return ticketWrong();
  const hash = ticketHash(input.ticket);
  const [ticket] = await ctx.db
    .select({ id: phoneChangeTickets.id })
    .from(phoneChangeTickets)
    .where(and(eq(phoneChangeTickets.ticketHash, hash), live));
  if (!ticket) return ticketWrong();
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, input.phone), isNull(users.closedAt)));
  if (taken) fail("PHONE_REGISTERED", "phone", "该手机号已注册其他账号");
  await consumeVerifyCode(ctx, caller, { phone: input.phone, purpose: "change_phone", code: input.code });

  try {
    return await inTransaction(ctx.db, async (tx) => {
      const used = await tx
        .update(phoneChangeTickets)
        .set({ usedAt: now })
        .where(and(eq(phoneChangeTickets.id, ticket.id), live))
        .returning({ id: phoneChangeTickets.id });
      if (used.length === 0) return ticketWrong();
      await tx.update(users).set({ phone: input.phone }).where(eq(users.id, userId));
      const ended = await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), ne(sessions.id, caller.sessionId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      await sendAccountMessage(
        { db: tx, now: () => now },
        userId,
        `您的账号手机号已于 ${beijingDateTime(now)}（北京时间）由 ${maskPhone(oldPhone)} 更换为 ${maskPhone(input.phone)}，其他设备已退出登录。如非本人操作，请立即联系客服。`,
      );
      return { phone: input.phone, signedOut: ended.length };
    });
  } catch (error) {
    if (pgCode(error) === "23505") return fail("PHONE_REGISTERED", "phone", "该手机号已注册其他账号");
    throw error;
  }
}
