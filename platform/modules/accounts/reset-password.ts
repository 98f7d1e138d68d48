import { and, eq, isNull } from "drizzle-orm";
import { users } from "../../db/schema";
import { inTransaction } from "../../db/tx";
import { isStrongPassword, PHONE_PATTERN } from "../../rules/validation";
import type { Ctx, Visitor } from "../context";
import { fail } from "../errors";
import { forgetAuthFailures, guardAuthAttempt, recordAuthFailure } from "../security/auth-guard";
import type { CaptchaAnswer } from "../security/captcha";
import { hashPassword } from "./passwords";
import { revokeAllSessions } from "./sessions";
import { consumeVerifyCode } from "./verify-codes";

export interface PasswordReset {
  phone: string;
  code: string;
  password: string;
  captcha?: CaptchaAnswer;
}

/**
 * 忘记密码 (decision 065): a reset_password SMS code proves the phone, then the
 * main account of that phone gets the new password and every session of the
 * account ends (its sub-accounts' too). Wrong codes count as failed attempts
 * (the CAPTCHA rules of decision 025). A phone without an account gets the
 * same answer as one with: the code was sent and checked the same way, and
 * nothing says whether a password changed. Sub-accounts are reset by their
 * main account, not here.
 */
export async function resetPassword(ctx: Ctx, visitor: Visitor, input: PasswordReset): Promise<void> {
  if (!PHONE_PATTERN.test(input.phone)) fail("PHONE_INVALID", "phone");
  if (!isStrongPassword(input.password)) fail("PASSWORD_WEAK", "password");
  await guardAuthAttempt(ctx, visitor, { subject: input.phone, captcha: input.captcha });
  try {
    await consumeVerifyCode(ctx, visitor, { phone: input.phone, purpose: "reset_password", code: input.code });
  } catch (error) {
    await recordAuthFailure(ctx, visitor, input.phone);
    throw error;
  }
  // Hashed before the transaction: argon2 takes tens of milliseconds, the row lock need not wait for it.
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  await inTransaction(ctx.db, async (tx) => {
    const [account] = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.phone, input.phone), isNull(users.closedAt)))
      .returning({ id: users.id });
    if (account) await revokeAllSessions(tx, account.id, now);
  });
  await forgetAuthFailures(ctx, input.phone);
}
