import { and, eq, isNull } from "drizzle-orm";
import { staffAccounts, staffSessions, type StaffRole } from "../../db/staff-schema";
import { hashPassword } from "../accounts/passwords";
import type { Ctx } from "../context";
import { fail } from "../errors";

/** A login name: 3–32 lower-case letters, digits, dots, hyphens or underscores. */
export const STAFF_LOGIN_PATTERN = /^[a-z0-9][a-z0-9._-]{2,31}$/;
export const STAFF_PASSWORD_MIN = 10;

export interface StaffAccountSummary {
  id: number;
  login: string;
  displayName: string;
  role: StaffRole;
  disabledAt: Date | null;
}

const summaryColumns = {
  id: staffAccounts.id,
  login: staffAccounts.login,
  displayName: staffAccounts.displayName,
  role: staffAccounts.role,
  disabledAt: staffAccounts.disabledAt,
};

/** Creates a staff account (operators only: `npm run ops -- staff add`). */
export async function addStaffAccount(
  ctx: Ctx,
  input: { login: string; displayName: string; role: StaffRole; password: string },
): Promise<StaffAccountSummary> {
  if (!STAFF_LOGIN_PATTERN.test(input.login))
    fail("BAD_REQUEST", "login", "登录名为 3-32 位小写字母、数字、点、连字符或下划线");
  const displayName = input.displayName.trim();
  if (displayName.length < 1 || displayName.length > 32) fail("BAD_REQUEST", "name", "显示名称为 1-32 个字符");
  if (input.password.length < STAFF_PASSWORD_MIN || input.password.length > 128)
    fail("PASSWORD_WEAK", "password", `员工密码至少 ${STAFF_PASSWORD_MIN} 位`);
  const passwordHash = await hashPassword(input.password);
  const [created] = await ctx.db
    .insert(staffAccounts)
    .values({ login: input.login, displayName, role: input.role, passwordHash, createdAt: ctx.now() })
    .onConflictDoNothing({ target: staffAccounts.login })
    .returning(summaryColumns);
  return created ?? fail("BAD_REQUEST", "login", "该登录名已存在");
}

/** Disables a staff account and ends its sessions at once. */
export async function disableStaffAccount(
  ctx: Ctx,
  input: { login: string },
): Promise<{ before: StaffAccountSummary; after: StaffAccountSummary }> {
  const [before] = await ctx.db
    .select(summaryColumns)
    .from(staffAccounts)
    .where(eq(staffAccounts.login, input.login))
    .for("update");
  if (!before) return fail("NOT_FOUND", "login", "没有这个员工账号");
  const now = ctx.now();
  const [after] = await ctx.db
    .update(staffAccounts)
    .set({ disabledAt: before.disabledAt ?? now })
    .where(eq(staffAccounts.id, before.id))
    .returning(summaryColumns);
  await ctx.db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, before.id), isNull(staffSessions.revokedAt)));
  return { before, after: after! };
}
