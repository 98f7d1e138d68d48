/**
 * How a purchase is paid (issue 10 §3, spec §9), in integer fen: compute
 * vouchers first (when the item allows them), then cash, then the available
 * credit (cash going below zero, down to −quota). Vouchers never pay arrears:
 * they pay only the price. Nothing is bought when the balance plus the
 * available credit is ≤ 0, whatever vouchers there are.
 */
import { canStartRental, type Wallets } from "./balances";

export interface PaymentOptions {
  /** Rentals, renewals, upgrades and post-paid items: yes. Buying vouchers: no. */
  allowVouchers: boolean;
  /** Whether cash may go below zero into the credit quota. */
  allowCredit: boolean;
}

export type PaymentPlan =
  | { ok: true; voucherFen: number; cashFen: number }
  /** `shortfallFen`: the smallest top-up after which the same purchase would pass. */
  | { ok: false; shortfallFen: number };

/**
 * What cash may pay, signed: with credit, Money + quota (the balance plus the
 * available credit); without, Money itself. A top-up of T raises it by T.
 */
export function cashCapacityFen(w: Wallets, allowCredit: boolean): number {
  return allowCredit ? w.moneyFen + w.creditQuotaFen : w.moneyFen;
}

export function planPurchasePayment(w: Wallets, priceFen: number, options: PaymentOptions): PaymentPlan {
  if (!Number.isSafeInteger(priceFen) || priceFen < 0) throw new RangeError(`not a price in fen: ${priceFen}`);
  const voucherFen = options.allowVouchers ? Math.min(Math.max(0, w.powerMoneyFen), priceFen) : 0;
  const cashFen = priceFen - voucherFen;
  // Spec §9: no purchase at all while balance plus available credit is ≤ 0 (vouchers never cover arrears).
  const spendable = w.moneyFen + w.creditQuotaFen;
  const shortfallFen = Math.max(cashFen - cashCapacityFen(w, options.allowCredit), 1 - spendable, 0);
  if (shortfallFen > 0 || !canStartRental(w)) return { ok: false, shortfallFen: Math.max(1, shortfallFen) };
  return { ok: true, voucherFen, cashFen };
}
