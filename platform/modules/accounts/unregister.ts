import { and, eq, isNull } from "drizzle-orm";
import { subAccounts, users } from "../../db/schema";
import { inTransaction } from "../../db/tx";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { revokeAllSessions } from "./sessions";
import { consumeVerifyCode } from "./verify-codes";
import { purgeClosedAccountVerification } from "../verification/retention";

/**
 * What keeps an account from being closed, with the amount in fen: a positive
 * cash balance, arrears (the debt, positive), or compute vouchers left.
 * Instances join this list with the rental area.
 */
export interface UnregisterBlocker {
  key: "balance" | "arrears" | "power_money";
  amountFen: number;
}

interface Balances {
  moneyFen: number;
  powerMoneyFen: number;
}

export function unregisterBlockers(b: Balances): UnregisterBlocker[] {
  const blockers: UnregisterBlocker[] = [];
  if (b.moneyFen > 0) blockers.push({ key: "balance", amountFen: b.moneyFen });
  if (b.moneyFen < 0) blockers.push({ key: "arrears", amountFen: -b.moneyFen });
  if (b.powerMoneyFen > 0) blockers.push({ key: "power_money", amountFen: b.powerMoneyFen });
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

/** Whether the caller's main account may be closed now, and what stands in the way. Main accounts only. */
export async function unregisterCheck(
  ctx: Ctx,
  caller: Caller,
): Promise<{ canUnregister: boolean; blockers: UnregisterBlocker[] }> {
  if (caller.subAccountId !== null) fail("PERMISSION_DENIED");
  const blockers = unregisterBlockers(await loadBalances(ctx, caller.userId));
  return { canUnregister: blockers.length === 0, blockers };
}

/**
 * Closes the main account: needs a fresh SMS code (purpose "unregister") and
 * acceptance of /unregisterAgreement. Sessions are revoked and sub-accounts
 * disabled; the phone may register again. Once closed, its real-name verification files are deleted and its entries
 * keep only what decision 101 says (the hourly job finishes whatever this leaves).
 */
export async function unregister(ctx: Ctx, caller: Caller, input: { code: string; agreed: boolean }): Promise<void> {
  if (caller.subAccountId !== null) fail("PERMISSION_DENIED");
  if (!input.agreed) fail("AGREEMENT_REQUIRED", "agree");
  const [user] = await ctx.db.select({ phone: users.phone }).from(users).where(eq(users.id, caller.userId)).limit(1);
  if (!user) return fail("SESSION_INVALID");
  if (unregisterBlockers(await loadBalances(ctx, caller.userId)).length > 0) fail("UNREGISTER_BLOCKED");
  await consumeVerifyCode(ctx, caller, { phone: user.phone, purpose: "unregister", code: input.code });
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
  await purgeClosedAccountVerification(ctx, caller.userId);
}
