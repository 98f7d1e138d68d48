/**
 * The invoiceable amount (issue 39 §1, docs/decisions/112). Pure: the platform enforces it when an invoice is asked
 * for and when cash is withdrawn, and /console/invoice shows each term.
 *
 * invoiceable = cash paid in (top-ups to the cash wallet)
 *             − cash given back (withdrawals pending or approved)
 *             − already invoiced (applications pending, issued, or waiting for their red-letter reversal)
 *
 * Spending and refunds of spending move money inside the wallet and change nothing here; vouchers, coupons, credit,
 * adjustments and any other kind are not cash paid in. A rejected or reversed application gives its amount back.
 */

import type { VerifiedAs } from "./coupons";
import { mayAskForInvoice, mayAskForSpecialVatInvoice } from "./verification-unlocks";

export interface InvoiceableTerms {
  /** Sum of the cash wallet's top_up entries, fen. */
  paidInFen: number;
  /** Withdrawals pending or approved, fen. */
  withdrawnFen: number;
  /** Applications pending, issued or reversal-requested, fen. */
  invoicedFen: number;
}

/** The figure and its terms; never below 0. */
export function invoiceableFen(terms: InvoiceableTerms): number {
  return Math.max(0, terms.paidInFen - terms.withdrawnFen - terms.invoicedFen);
}

export type AmountCheck = { ok: true } | { ok: false; reason: string };

/** Whether an application of `amountFen` may be recorded now. */
export function checkInvoiceAmount(terms: InvoiceableTerms, amountFen: number): AmountCheck {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) return { ok: false, reason: "请输入大于0的开票金额" };
  const left = invoiceableFen(terms);
  if (amountFen > left) return { ok: false, reason: "开票金额超过可开票金额" };
  return { ok: true };
}

/**
 * Whether withdrawing `amountFen` would take back cash that is invoiced: after it, the cash paid in and not given
 * back must still cover every application that counts. When it would not, the user must first have an issued
 * invoice reversed (红冲), or wait for a pending application to be decided.
 */
export function withdrawalTouchesInvoiced(terms: InvoiceableTerms, amountFen: number): boolean {
  return terms.paidInFen - terms.withdrawnFen - amountFen < terms.invoicedFen;
}

export type InvoiceKind = "normal" | "special";

export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  normal: "电子普通发票",
  special: "增值税专用发票",
};

/** The kinds an account may ask for: 普通发票 once verified, 专用发票 once verified as an enterprise. */
export function invoiceKindsFor(verifiedAs: VerifiedAs): InvoiceKind[] {
  if (!mayAskForInvoice(verifiedAs)) return [];
  return mayAskForSpecialVatInvoice(verifiedAs) ? ["normal", "special"] : ["normal"];
}

export type InvoiceStatus = "pending" | "issued" | "rejected" | "reversal_requested" | "reversed";

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  pending: "申请中",
  issued: "已开具",
  rejected: "已驳回",
  reversal_requested: "红冲申请中",
  reversed: "已红冲",
};

/** Statuses whose amount counts as invoiced. */
export const INVOICED_STATUSES: readonly InvoiceStatus[] = ["pending", "issued", "reversal_requested"];

/** Who works the invoice queue in /desk: finance and admins. */
export const canHandleInvoices = (role: string): boolean => role === "finance" || role === "admin";

/** The file name of an invoice's PDF, as downloaded and as attached to its email: 发票-12.pdf, 红字发票-12.pdf. */
export const invoicePdfName = (id: number, red: boolean): string => `${red ? "红字发票" : "发票"}-${id}.pdf`;
