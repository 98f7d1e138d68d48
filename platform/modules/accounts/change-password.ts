import { and, eq, isNull, ne } from "drizzle-orm";
import { sessions, users } from "../../db/schema";
import { inTransaction } from "../../db/tx";
import { beijingDateTime } from "../../rules/beijing-time";
import { isStrongPassword } from "../../rules/validation";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { sendAccountMessage } from "../notices/messages";
import { forgetAuthFailures, guardAuthAttempt, recordAuthFailure } from "../security/auth-guard";
import type { CaptchaAnswer } from "../security/captcha";
import { hashPassword, verifyPassword } from "./passwords";
import { consumeVerifyCode } from "./verify-codes";

export interface PasswordChange {
  /** The current password; or, when it is forgotten, `code`: a reset_password SMS code sent to the account's phone. */
  oldPassword?: string;
  code?: string;
  password: string;
  captcha?: CaptchaAnswer;
}

/**
 * 修改密码 on /console/safe (issue 38 §1): the main account proves itself with its current password, or with an SMS
 * code to its own phone when it forgot it (the reset_password code of 忘记密码). Wrong passwords and codes count as
 * failed sign-ins of the phone (the CAPTCHA rules of decision 025). The new password is set, every other session of
 * the account ends (this one stays; its sub-accounts keep theirs: they have their own passwords), and a site message
 * says when it happened, in one transaction. Answers how many sessions ended.
 */
export async function changePassword(ctx: Ctx, caller: Caller, input: PasswordChange): Promise<{ signedOut: number }> {
  if (caller.subAccountId !== null) fail("PERMISSION_DENIED", undefined, "子账号的密码由主账号重置");
  const useCode = !input.oldPassword && !!input.code;
  if (!useCode && !input.oldPassword) fail("BAD_REQUEST", "old_password", "请输入当前密码");
  if (!isStrongPassword(input.password)) fail("PASSWORD_WEAK", "password");
  const [account] = await ctx.db
    .select({ phone: users.phone, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, caller.userId), isNull(users.closedAt)));
  if (!account) return fail("SESSION_INVALID");

  await guardAuthAttempt(ctx, caller, { subject: account.phone, captcha: input.captcha });
  if (useCode) {
    try {
      await consumeVerifyCode(ctx, caller, { phone: account.phone, purpose: "reset_password", code: input.code! });
    } catch (error) {
      await recordAuthFailure(ctx, caller, account.phone);
      throw error;
    }
  } else if (!(await verifyPassword(account.passwordHash, input.oldPassword!))) {
    await recordAuthFailure(ctx, caller, account.phone);
    return fail("OLD_PASSWORD_WRONG", "old_password");
  }
  await forgetAuthFailures(ctx, account.phone);
  if (await verifyPassword(account.passwordHash, input.password)) fail("PASSWORD_UNCHANGED", "password");

  // Hashed before the transaction: argon2 takes tens of milliseconds, the row lock need not wait for it.
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  return inTransaction(ctx.db, async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, caller.userId));
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.userId, caller.userId),
          isNull(sessions.subAccountId),
          ne(sessions.id, caller.sessionId),
          isNull(sessions.revokedAt),
        ),
      )
      .returning({ id: sessions.id });
    await sendAccountMessage(
      { db: tx, now: () => now },
      caller.userId,
      `您的登录密码已于 ${beijingDateTime(now)}（北京时间）修改，其他设备已退出登录。如非本人操作，请立即通过“忘记密码”重置密码并联系客服。`,
    );
    return { signedOut: ended.length };
  });
}
