/**
 * A signed-in session without the login form, for the end-to-end fixture
 * (tests/e2e/fixtures/session.ts; docs/decisions/024-e2e-login-fixture.md).
 * Reached only through the sandbox routes, which exist only outside
 * production (config.sandbox, decision 026). The session is a real one (a hashed row), so logout,
 * expiry and revocation behave as after a real login.
 */
import { and, eq, isNull } from "drizzle-orm";
import { subAccounts, users } from "../../db/schema";
import { isStrongPassword, PHONE_PATTERN } from "../../rules/validation";
import type { Ctx } from "../context";
import { fail } from "../errors";
import { hashPassword } from "./passwords";
import { insertUser } from "./register";
import { createSession } from "./sessions";

export interface SandboxSessionInput {
  /** The main account's phone; registered as a personal account when no open account has it. */
  phone: string;
  /** The password of the account made when the phone is new. */
  password: string;
  /** Signs in as this sub-account of the main account instead. */
  subAccountName?: string;
}

export async function openSandboxSession(
  ctx: Ctx,
  input: SandboxSessionInput,
): Promise<{ phone: string; token: string; created: boolean }> {
  if (!PHONE_PATTERN.test(input.phone)) fail("PHONE_INVALID", "phone");
  const now = ctx.now();
  const [existing] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, input.phone), isNull(users.closedAt)))
    .limit(1);
  let userId = existing?.id;
  if (userId === undefined) {
    if (!isStrongPassword(input.password)) fail("PASSWORD_WEAK", "password");
    userId = await insertUser(ctx, {
      phone: input.phone,
      passwordHash: await hashPassword(input.password),
      kind: "personal",
      nickname: `用户${input.phone.slice(-4)}`,
      eventChannel: "dl",
      createdAt: now,
    });
  }
  let subAccountId: number | null = null;
  if (input.subAccountName !== undefined) {
    const [sub] = await ctx.db
      .select({ id: subAccounts.id })
      .from(subAccounts)
      .where(and(eq(subAccounts.mainUserId, userId), eq(subAccounts.name, input.subAccountName)))
      .limit(1);
    if (!sub) return fail("NOT_FOUND", "subAccountName", "没有这个子账号");
    subAccountId = sub.id;
  }
  const token = await createSession(ctx.db, now, { userId, subAccountId });
  return { phone: input.phone, token, created: existing === undefined };
}
