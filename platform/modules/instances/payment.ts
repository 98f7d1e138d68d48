import { eq, and } from "drizzle-orm";
import type { Db } from "../../db/client";
import { subAccounts, users } from "../../db/schema";
import { subAccountCanUseFen, type Wallets } from "../../rules/balances";
import { fenToYuan } from "../../rules/money";
import { planPurchasePayment } from "../../rules/purchase-payment";
import type { Caller } from "../context";
import { fail } from "../errors";

/** How an amount would be paid now, or what top-up it lacks. */
export type RentalPaymentPlan =
  { ok: true; voucherFen: number; cashFen: number } | { ok: false; shortfallFen: number; subAccount: boolean };

/** The paying account's wallets and, for a sub-account, its limit and what it used. */
export interface PayingWallets {
  wallets: Wallets;
  sub: { limitFen: number; usedFen: number } | null;
}

/**
 * Reads the paying wallets; `lock` takes the main account's row lock (FOR
 * UPDATE) first, so one account's rentals and instance actions queue there.
 */
export async function payingWallets(db: Db, caller: Caller, lock: boolean): Promise<PayingWallets> {
  const query = db
    .select({ moneyFen: users.moneyFen, powerMoneyFen: users.powerMoneyFen, creditQuotaFen: users.creditQuotaFen })
    .from(users)
    .where(eq(users.id, caller.userId));
  const [wallets] = lock ? await query.for("update") : await query;
  if (!wallets) return fail("NOT_FOUND");
  if (caller.subAccountId === null) return { wallets, sub: null };
  const [sub] = await db
    .select({ limitFen: subAccounts.moneyLimitFen, usedFen: subAccounts.moneyUsedFen })
    .from(subAccounts)
    .where(and(eq(subAccounts.id, caller.subAccountId), eq(subAccounts.mainUserId, caller.userId)));
  if (!sub) return fail("NOT_FOUND");
  return { wallets, sub };
}

/**
 * Planned as `spendForPurchase` pays: vouchers first (main accounts only),
 * then cash, then available credit; a sub-account also within what it can
 * still use of its limit.
 */
export function planRentalPayment(paying: PayingWallets, amountFen: number): RentalPaymentPlan {
  const sub = paying.sub !== null;
  const plan = planPurchasePayment(paying.wallets, amountFen, { allowVouchers: !sub, allowCredit: true });
  let shortfallFen = plan.ok ? 0 : plan.shortfallFen;
  if (paying.sub)
    shortfallFen = Math.max(
      shortfallFen,
      amountFen - subAccountCanUseFen(paying.sub.limitFen, paying.sub.usedFen, paying.wallets),
    );
  if (!plan.ok || shortfallFen > 0) return { ok: false, shortfallFen: Math.max(1, shortfallFen), subAccount: sub };
  return { ok: true, voucherFen: plan.voucherFen, cashFen: plan.cashFen };
}

/** Refuses as `spendForPurchase` does: 可用余额少于套餐价格! (or the sub-account's limit) with the shortfall. */
export function refuseShortfall(plan: { shortfallFen: number; subAccount: boolean }): never {
  return fail(plan.subAccount ? "SUB_ACCOUNT_LIMIT_REACHED" : "BALANCE_BELOW_PRICE", undefined, undefined, {
    shortfall: fenToYuan(plan.shortfallFen),
    shortfall_fen: plan.shortfallFen,
  });
}
