import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { EmailSendError, type EmailMessage } from "../../providers/email/types";
import { EMAIL_PATTERN } from "../../rules/validation";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { addHits, countHits } from "../security/rate-counters";

/** Confirmation emails one account may have sent a day: changing the address cannot make us a spam relay. */
export const NOTICE_EMAIL_CONFIRMATIONS_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60_000;

/**
 * What became of the confirmation: sent; not needed (the address did not
 * change); not sent because the mail server failed, or because the account
 * reached its daily number.
 */
export type NoticeEmailConfirmation = "sent" | "unchanged" | "failed" | "limited";

/** The email that tells a new notice address it now receives this account's notices. */
export function noticeEmailConfirmation(to: string, phone: string): EmailMessage {
  const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
  return {
    to,
    subject: "【算力云】通知邮箱设置成功",
    text: [
      "您好：",
      "",
      `算力云账号 ${masked} 已将本邮箱设为通知邮箱，今后的账户通知将发送到这里。`,
      "",
      "如果这不是您本人的操作，请登录控制台修改通知邮箱，或联系在线客服。",
      "",
      "此邮件由系统自动发送，请勿直接回复。",
    ].join("\n"),
  };
}

/**
 * Sets the address that receives notices by email (trimmed, lower case). Main
 * accounts only. When the address is new, a confirmation goes to it, at most
 * NOTICE_EMAIL_CONFIRMATIONS_PER_DAY a day per account. The setting is saved
 * first: a mail server that refuses or cannot be reached leaves it saved and
 * answers `failed` (decision 026).
 */
export async function changeNoticeEmail(
  ctx: Ctx,
  caller: Caller,
  input: { email: string },
): Promise<{ noticeEmail: string; confirmation: NoticeEmailConfirmation }> {
  if (caller.subAccountId !== null) fail("PERMISSION_DENIED");
  const normalized = input.email.trim().toLowerCase();
  if (normalized.length > 254 || !EMAIL_PATTERN.test(normalized)) fail("EMAIL_INVALID", "email");
  const [before] = await ctx.db
    .select({ noticeEmail: users.noticeEmail, phone: users.phone })
    .from(users)
    .where(eq(users.id, caller.userId));
  await ctx.db.update(users).set({ noticeEmail: normalized }).where(eq(users.id, caller.userId));
  if (!before || before.noticeEmail === normalized) return { noticeEmail: normalized, confirmation: "unchanged" };
  // Counted before sending and read after, so parallel changes can only under-send, never over-send.
  const subject = String(caller.userId);
  await addHits(ctx.db, ctx.now(), [{ bucket: "email_account", subject }]);
  const [sentToday] = await countHits(ctx.db, ctx.now(), [{ bucket: "email_account", subject, windowMs: DAY_MS }]);
  if (sentToday! > NOTICE_EMAIL_CONFIRMATIONS_PER_DAY) return { noticeEmail: normalized, confirmation: "limited" };
  try {
    await ctx.providers.email.send(noticeEmailConfirmation(normalized, before.phone));
    return { noticeEmail: normalized, confirmation: "sent" };
  } catch (error) {
    if (!(error instanceof EmailSendError)) throw error;
    return { noticeEmail: normalized, confirmation: "failed" };
  }
}
