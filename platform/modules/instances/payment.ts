import { eq, and, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedRowsOf } from "../../db/prepared";
import { subAccounts } from "../../db/schema";
import type { VerifiedAs } from "../../rules/coupons";
import { num } from "../finance/rows";
import { subAccountCanUseFen, type Wallets } from "../../rules/balances";
import { fenToYuan } from "../../rules/money";
import { planPurchasePayment } from "../../rules/purchase-payment";
import type { Caller } from "../context";
import { fail } from "../errors";
import type { Balances } from "../wallet/ledger";
import { rentingAccountOf, type RentingAccount } from "./membership";

/** How an amount would be paid now, or what top-up it lacks. */
export type RentalPaymentPlan =
  { ok: true; voucherFen: number; cashFen: number } | { ok: false; shortfallFen: number; subAccount: boolean };

/** The paying account's wallets and, for a sub-account, its limit and what it used. */
export interface PayingWallets {
  wallets: Wallets;
  sub: { limitFen: number; usedFen: number } | null;
  /** The same row as the ledger reads it: what a purchase under this lock posts from (spendFromLockedAccount). */
  balances: Balances;
  /** The membership discount and verification a rental is priced with, from the same read. */
  renting: RentingAccount;
}

/**
 * Reads the paying (main) account's row once: its wallets, and what a rental
 * is priced with; `lock` takes the row's lock (FOR UPDATE) first, so one
 * account's rentals and instance actions queue there.
 */
export async function payingWallets(db: Db, caller: Caller, lock: boolean): Promise<PayingWallets> {
  // A SQL template, not the builder: this runs on every rental and action (decision 050).
  const [found] = await preparedRowsOf<{
    money_fen: unknown;
    power_money_fen: unknown;
    credit_quota_fen: unknown;
    accumulated_top_up_fen: unknown;
    verified_as: VerifiedAs;
  }>(
    db,
    sql`select money_fen, power_money_fen, credit_quota_fen, accumulated_top_up_fen, verified_as
        from users where id = ${caller.userId} ${lock ? sql`for update` : sql``}`,
  );
  if (!found) return fail("NOT_FOUND");
  const row = {
    moneyFen: num(found.money_fen),
    powerMoneyFen: num(found.power_money_fen),
    creditQuotaFen: num(found.credit_quota_fen),
    accumulatedTopUpFen: num(found.accumulated_top_up_fen),
    verifiedAs: found.verified_as,
  };
  const wallets = { moneyFen: row.moneyFen, powerMoneyFen: row.powerMoneyFen, creditQuotaFen: row.creditQuotaFen };
  const balances: Balances = {
    cashFen: row.moneyFen,
    voucherFen: row.powerMoneyFen,
    creditQuotaFen: row.creditQuotaFen,
    accumulatedTopUpFen: row.accumulatedTopUpFen,
  };
  const account = { wallets, balances, renting: rentingAccountOf(row) };
  if (caller.subAccountId === null) return { ...account, sub: null };
  const [sub] = await db
    .select({ limitFen: subAccounts.moneyLimitFen, usedFen: subAccounts.moneyUsedFen })
    .from(subAccounts)
    .where(and(eq(subAccounts.id, caller.subAccountId), eq(subAccounts.mainUserId, caller.userId)));
  if (!sub) return fail("NOT_FOUND");
  return { ...account, sub };
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
