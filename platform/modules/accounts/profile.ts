import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { EMAIL_PATTERN } from "../../rules/validation";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";

/** Sets the address that receives notices by email (trimmed, lower case). Main accounts only. */
export async function changeNoticeEmail(
  ctx: Ctx,
  caller: Caller,
  input: { email: string },
): Promise<{ noticeEmail: string }> {
  if (caller.subAccountId !== null) fail("PERMISSION_DENIED");
  const normalized = input.email.trim().toLowerCase();
  if (normalized.length > 254 || !EMAIL_PATTERN.test(normalized)) fail("EMAIL_INVALID", "email");
  await ctx.db.update(users).set({ noticeEmail: normalized }).where(eq(users.id, caller.userId));
  return { noticeEmail: normalized };
}
