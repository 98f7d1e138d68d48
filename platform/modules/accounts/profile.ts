import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { EMAIL_PATTERN } from "../../rules/validation";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { sendNoticeEmailConfirmation, type NoticeEmailConfirmation } from "./notice-email-confirmation";

/**
 * Sets the address that receives notices by email (trimmed, lower case). Main
 * accounts only. A new address is unconfirmed (any earlier link stops working)
 * until its owner opens the link sent to it, at most
 * NOTICE_EMAIL_CONFIRMATIONS_PER_DAY a day per account. The setting is saved
 * first: a mail server that refuses or cannot be reached leaves it saved and
 * answers `failed` (decisions 026 and 059).
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
  if (!before || before.noticeEmail === normalized) return { noticeEmail: normalized, confirmation: "unchanged" };
  await ctx.db
    .update(users)
    .set({
      noticeEmail: normalized,
      noticeEmailConfirmedAt: null,
      noticeEmailTokenHash: null,
      noticeEmailTokenExpiresAt: null,
    })
    .where(eq(users.id, caller.userId));
  const confirmation = await sendNoticeEmailConfirmation(ctx, {
    userId: caller.userId,
    phone: before.phone,
    email: normalized,
  });
  return { noticeEmail: normalized, confirmation };
}
