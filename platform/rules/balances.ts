/** Derived balance figures of spec §3 and §4, all in integer fen. */

export interface Wallets {
  moneyFen: number;
  powerMoneyFen: number;
  creditQuotaFen: number;
}

/** If credit quota > 0, show Money if not negative else 0; otherwise Money. */
export function displayMoneyFen(w: Wallets): number {
  if (w.creditQuotaFen > 0) return Math.max(0, w.moneyFen);
  return w.moneyFen;
}

/** If Money > 0 the whole quota remains, else quota plus Money (Money is the arrears). */
export function remainCreditFen(w: Wallets): number {
  return w.moneyFen > 0 ? w.creditQuotaFen : w.creditQuotaFen + w.moneyFen;
}

/** Integrated money = Money + PowerMoney + CreditMoneyQuota. */
export function integratedMoneyFen(w: Wallets): number {
  return w.moneyFen + w.powerMoneyFen + w.creditQuotaFen;
}

/** Remaining credit as a whole percent of the quota (0 when there is no quota). */
export function creditPercent(w: Wallets): number {
  if (w.creditQuotaFen <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round((remainCreditFen(w) * 100) / w.creditQuotaFen)));
}

/** What a sub-account can still spend: its unused limit, bounded by what its main account can pay. */
export function subAccountCanUseFen(limitFen: number, usedFen: number, main: Wallets): number {
  const mainAvailable = main.moneyFen + main.creditQuotaFen;
  return Math.max(0, Math.min(limitFen - usedFen, mainAvailable));
}

/**
 * What cash and credit can pay together: the balance when positive plus the
 * available credit (= Money + quota for every state the database allows).
 * Vouchers do not count: they pay orders, never arrears.
 */
export function cashAndCreditAvailableFen(w: Wallets): number {
  return Math.max(0, Math.max(0, w.moneyFen) + remainCreditFen(w));
}

/** Spec §9 (credit quota, from 2023-04-24): no new rental when the balance plus the available credit is ≤ 0. */
export function canStartRental(w: Wallets): boolean {
  return cashAndCreditAvailableFen(w) > 0;
}
