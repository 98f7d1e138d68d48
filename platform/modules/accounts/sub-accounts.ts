import { subAccounts } from "../../db/schema";
import { pgCode } from "../../db/tx";
import { isStrongPassword, SUB_ACCOUNT_NAME_PATTERN } from "../../rules/validation";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { hashPassword } from "./passwords";

/**
 * Creates a sub-account under the caller's main account (a sub-account may not
 * create one). The management pages and their API come with the sub-account
 * issue; the test fixtures use this.
 */
export async function createSubAccount(
  ctx: Ctx,
  caller: Caller,
  input: { name: string; password: string; moneyLimitFen: number },
): Promise<{ subAccountId: number }> {
  if (caller.subAccountId !== null) fail("PERMISSION_DENIED");
  if (!SUB_ACCOUNT_NAME_PATTERN.test(input.name))
    fail("BAD_REQUEST", "name", "子账号名称需为2-32位字母、数字、汉字、下划线或短横线");
  if (!isStrongPassword(input.password)) fail("PASSWORD_WEAK", "password");
  if (!Number.isSafeInteger(input.moneyLimitFen) || input.moneyLimitFen < 0)
    fail("BAD_REQUEST", "moneyLimit", "额度必须是非负金额");
  try {
    const [row] = await ctx.db
      .insert(subAccounts)
      .values({
        mainUserId: caller.userId,
        name: input.name,
        passwordHash: await hashPassword(input.password),
        moneyLimitFen: input.moneyLimitFen,
      })
      .returning({ id: subAccounts.id });
    return { subAccountId: row.id };
  } catch (error) {
    if (pgCode(error) === "23505") fail("BAD_REQUEST", "name", "子账号名称已存在");
    throw error;
  }
}
