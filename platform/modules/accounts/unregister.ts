import { and, eq, isNull } from "drizzle-orm";
import { subAccounts, users } from "../../db/schema";
import { inTransaction } from "../../db/tx";
import { fenToYuan } from "../../rules/money";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { revokeAllSessions } from "./sessions";
import { consumeVerifyCode } from "./verify-codes";

export interface UnregisterBlocker {
  key: "balance" | "arrears" | "power_money";
  message: string;
}

interface Balances {
  moneyFen: number;
  powerMoneyFen: number;
}

/** What keeps an account from being closed. Instances join this list with the rental area. */
export function unregisterBlockers(b: Balances): UnregisterBlocker[] {
  const blockers: UnregisterBlocker[] = [];
  if (b.moneyFen > 0)
    blockers.push({ key: "balance", message: `账户余额为 ¥${fenToYuan(b.moneyFen)}，请先提现或消费后再注销` });
  if (b.moneyFen < 0)
    blockers.push({ key: "arrears", message: `账户欠费 ¥${fenToYuan(-b.moneyFen)}，请先充值结清欠费` });
  if (b.powerMoneyFen > 0)
    blockers.push({
      key: "power_money",
      message: `算力券余额为 ¥${fenToYuan(b.powerMoneyFen)}，注销后将作废，请先使用`,
    });
  return blockers;
}

async function loadBalances(ctx: Ctx, userId: number): Promise<Balances> {
  const [row] = await ctx.db
    .select({ moneyFen: users.moneyFen, powerMoneyFen: users.powerMoneyFen })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.closedAt)))
    .limit(1);
  return row ?? fail("SESSION_INVALID");
}

export async function unregisterCheck(ctx: Ctx, caller: Caller): Promise<UnregisterBlocker[]> {
  if (caller.subAccountId !== null) fail("PERMISSION_DENIED");
  return unregisterBlockers(await loadBalances(ctx, caller.userId));
}

/**
 * Closes the main account: needs a fresh SMS code (purpose "unregister") and
 * acceptance of /unregisterAgreement. Sessions are revoked and sub-accounts
 * disabled; the phone may register again.
 */
export async function unregister(ctx: Ctx, caller: Caller, input: { code: string; agreed: boolean }): Promise<void> {
  if (caller.subAccountId !== null) fail("PERMISSION_DENIED");
  if (!input.agreed) fail("AGREEMENT_REQUIRED", "agree");
  const [user] = await ctx.db.select({ phone: users.phone }).from(users).where(eq(users.id, caller.userId)).limit(1);
  if (!user) return fail("SESSION_INVALID");
  if (unregisterBlockers(await loadBalances(ctx, caller.userId)).length > 0) fail("UNREGISTER_BLOCKED");
  await consumeVerifyCode(ctx, { phone: user.phone, purpose: "unregister", code: input.code });
  const now = ctx.now();
  await inTransaction(ctx.db, async (tx) => {
    // Lock the row and re-check under the lock: money may have moved since the check above.
    const [locked] = await tx
      .select({ moneyFen: users.moneyFen, powerMoneyFen: users.powerMoneyFen, closedAt: users.closedAt })
      .from(users)
      .where(eq(users.id, caller.userId))
      .for("update");
    if (!locked || locked.closedAt) return fail("SESSION_INVALID");
    if (unregisterBlockers(locked).length > 0) fail("UNREGISTER_BLOCKED");
    await tx.update(users).set({ closedAt: now }).where(eq(users.id, caller.userId));
    await tx
      .update(subAccounts)
      .set({ disabledAt: now })
      .where(and(eq(subAccounts.mainUserId, caller.userId), isNull(subAccounts.disabledAt)));
    await revokeAllSessions(tx, caller.userId, now);
  });
}
