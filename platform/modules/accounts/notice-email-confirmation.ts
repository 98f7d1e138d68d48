import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { users } from "../../db/schema";
import { EmailSendError, type EmailMessage } from "../../providers/email/types";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { addHits, countHits } from "../security/rate-counters";
import { hashToken } from "./sessions";

/** Confirmation emails one account may have sent a day: changing the address cannot make us a spam relay. */
export const NOTICE_EMAIL_CONFIRMATIONS_PER_DAY = 5;
/** How long a confirmation link works. */
export const NOTICE_EMAIL_LINK_MS = 24 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
/** The page the link opens (public: it works signed out). */
export const CONFIRM_NOTICE_EMAIL_PATH = "/confirmNoticeEmail";

/**
 * What became of the confirmation email: sent; not needed (the address did not
 * change, or it is already confirmed); not sent because the mail server failed,
 * or because the account reached its daily number.
 */
export type NoticeEmailConfirmation = "sent" | "unchanged" | "failed" | "limited";

/** The email with the link that proves the owner reads this mailbox (decision 059, addendum). */
export function noticeEmailConfirmation(to: string, phone: string, link: string): EmailMessage {
  const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
  return {
    to,
    subject: "【算力云】请验证通知邮箱",
    text: [
      "您好：",
      "",
      `算力云账号 ${masked} 将本邮箱设为通知邮箱。请在 24 小时内打开以下链接并点击「确认」完成验证，验证后才会向本邮箱发送工单回复等通知：`,
      "",
      link,
      "",
      "如果这不是您本人的操作，请忽略本邮件，本邮箱不会收到该账号的通知。",
      "",
      "此邮件由系统自动发送，请勿直接回复。",
    ].join("\n"),
  };
}

/**
 * Issues a new confirmation link for the account's current notice email and
 * sends it, at most NOTICE_EMAIL_CONFIRMATIONS_PER_DAY a day per account. A new
 * link replaces the previous one. Never inside a transaction (decision 058):
 * the user is told at once whether the mail server took it.
 */
export async function sendNoticeEmailConfirmation(
  ctx: Ctx,
  account: { userId: number; phone: string; email: string },
): Promise<Exclude<NoticeEmailConfirmation, "unchanged">> {
  // Counted before sending and read after, so parallel requests can only under-send, never over-send.
  const subject = String(account.userId);
  await addHits(ctx.db, ctx.now(), [{ bucket: "email_account", subject }]);
  const [sentToday] = await countHits(ctx.db, ctx.now(), [{ bucket: "email_account", subject, windowMs: DAY_MS }]);
  if (sentToday! > NOTICE_EMAIL_CONFIRMATIONS_PER_DAY) return "limited";
  const token = randomBytes(32).toString("base64url");
  const [stored] = await ctx.db
    .update(users)
    .set({
      noticeEmailTokenHash: hashToken(token),
      noticeEmailTokenExpiresAt: new Date(ctx.now().getTime() + NOTICE_EMAIL_LINK_MS),
    })
    // Only while the address is still the one the link names and not yet confirmed.
    .where(
      and(eq(users.id, account.userId), eq(users.noticeEmail, account.email), isNull(users.noticeEmailConfirmedAt)),
    )
    .returning({ id: users.id });
  if (!stored) return "failed";
  const link = `${ctx.site.publicUrl}${CONFIRM_NOTICE_EMAIL_PATH}?token=${token}`;
  try {
    await ctx.providers.email.send(noticeEmailConfirmation(account.email, account.phone, link));
    return "sent";
  } catch (error) {
    if (!(error instanceof EmailSendError)) throw error;
    return "failed";
  }
}

/**
 * Sends a new confirmation link to the caller's unconfirmed notice email (the
 * 重新发送验证邮件 button). Main accounts only; `unchanged` when it is already
 * confirmed.
 */
export async function resendNoticeEmailConfirmation(
  ctx: Ctx,
  caller: Caller,
): Promise<{ noticeEmail: string; confirmation: NoticeEmailConfirmation }> {
  if (caller.subAccountId !== null) fail("PERMISSION_DENIED");
  const [account] = await ctx.db
    .select({ phone: users.phone, email: users.noticeEmail, confirmedAt: users.noticeEmailConfirmedAt })
    .from(users)
    .where(eq(users.id, caller.userId));
  if (!account?.email) return fail("NOTICE_EMAIL_NOT_SET", "email");
  if (account.confirmedAt !== null) return { noticeEmail: account.email, confirmation: "unchanged" };
  const confirmation = await sendNoticeEmailConfirmation(ctx, {
    userId: caller.userId,
    phone: account.phone,
    email: account.email,
  });
  return { noticeEmail: account.email, confirmation };
}

/** The confirmed address; `already` when the link had been used before (confirming is idempotent). */
export interface ConfirmedNoticeEmail {
  noticeEmail: string;
  already: boolean;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Confirms the notice email a link was sent to. Public: the token is the proof.
 * Idempotent: a link opened again answers `already`. An expired link, or one
 * replaced by a newer link or a change of address, is refused with a reason.
 */
export async function confirmNoticeEmail(ctx: Ctx, input: { token: string }): Promise<ConfirmedNoticeEmail> {
  if (!TOKEN_SHAPE.test(input.token)) return fail("NOTICE_EMAIL_TOKEN_INVALID", "token");
  const tokenHash = hashToken(input.token);
  const now = ctx.now();
  const [confirmed] = await ctx.db
    .update(users)
    .set({ noticeEmailConfirmedAt: now })
    .where(
      and(
        eq(users.noticeEmailTokenHash, tokenHash),
        gt(users.noticeEmailTokenExpiresAt, now),
        isNull(users.noticeEmailConfirmedAt),
        isNull(users.closedAt),
      ),
    )
    .returning({ email: users.noticeEmail });
  if (confirmed?.email) return { noticeEmail: confirmed.email, already: false };
  const [found] = await ctx.db
    .select({ email: users.noticeEmail, confirmedAt: users.noticeEmailConfirmedAt, closedAt: users.closedAt })
    .from(users)
    .where(eq(users.noticeEmailTokenHash, tokenHash));
  if (!found?.email || found.closedAt !== null) return fail("NOTICE_EMAIL_TOKEN_INVALID", "token");
  if (found.confirmedAt !== null) return { noticeEmail: found.email, already: true };
  return fail("NOTICE_EMAIL_TOKEN_EXPIRED", "token");
}
