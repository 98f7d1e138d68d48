import { eq } from "drizzle-orm";
import { staffAccounts } from "../../db/staff-schema";
import type { Ctx, Visitor } from "../context";
import { fail } from "../errors";
import { burnPasswordCheck, verifyPassword } from "../accounts/passwords";
import type { CaptchaAnswer } from "../security/captcha";
import { forgetAuthFailures, guardAuthAttempt, recordAuthFailure } from "../security/auth-guard";
import { createStaffSession } from "./sessions";

export const STAFF_LOGIN_FAILED = "登录名或密码错误";

/**
 * A staff login by login name and password, guarded as the users' login is
 * (failure counts per login name, per address and for the site; a CAPTCHA past
 * them, never a lockout). Disabled accounts fail like a wrong password.
 */
export async function loginStaff(
  ctx: Ctx,
  visitor: Visitor,
  input: { login: string; password: string; captcha?: CaptchaAnswer },
): Promise<{ token: string }> {
  const subject = `staff:${input.login}`;
  await guardAuthAttempt(ctx, visitor, { subject, captcha: input.captcha });
  const [staff] = await ctx.db
    .select({ id: staffAccounts.id, passwordHash: staffAccounts.passwordHash, disabledAt: staffAccounts.disabledAt })
    .from(staffAccounts)
    .where(eq(staffAccounts.login, input.login))
    .limit(1);
  const ok =
    staff && !staff.disabledAt
      ? await verifyPassword(staff.passwordHash, input.password)
      : (await burnPasswordCheck(input.password), false);
  if (!staff || !ok) {
    await recordAuthFailure(ctx, visitor, subject);
    return fail("LOGIN_FAILED", "password", STAFF_LOGIN_FAILED);
  }
  await forgetAuthFailures(ctx, subject);
  return { token: await createStaffSession(ctx, staff.id) };
}
