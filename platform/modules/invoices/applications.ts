/**
 * Invoice applications of a main account (issue 39 §1, docs/decisions/112): asking (申请中), the list, one
 * application, asking for its red-letter reversal (红冲), and downloading its PDF. Asking locks the account's users
 * row, replays an earlier ask with the same key, checks the kind against the account's verification and the amount
 * against the invoiceable figure, then records the application with a copy of its title. Another account's ids are
 * NOT_FOUND.
 */
import { and, count, desc, eq } from "drizzle-orm";
import { invoices, type InvoiceKind, type InvoiceStatus } from "../../db/invoice-schema";
import { inTransaction } from "../../db/tx";
import { checkInvoiceAmount, invoiceKindsFor, invoicePdfName } from "../../rules/invoices";
import { mayAskForInvoice } from "../../rules/verification-unlocks";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { mainAccountOf } from "../finance/scope";
import type { Page, PageRequest } from "../page";
import { invoiceableTermsOf, lockAccount } from "./amount";
import { findTitle } from "./titles";

export interface Invoice {
  id: number;
  userId: number;
  kind: InvoiceKind;
  amountFen: number;
  status: InvoiceStatus;
  titleKind: "personal" | "enterprise";
  titleName: string;
  taxNumber: string | null;
  bankName: string | null;
  bankAccount: string | null;
  address: string | null;
  phone: string | null;
  email: string;
  reason: string | null;
  hasPdf: boolean;
  hasRedPdf: boolean;
  sample: boolean;
  createdAt: Date;
  issuedAt: Date | null;
  rejectedAt: Date | null;
  reversalRequestedAt: Date | null;
  reversedAt: Date | null;
}

export interface InvoiceApplication {
  kind: InvoiceKind;
  amountFen: number;
  titleId: number;
  email: string;
  operationKey: string;
}

export async function applyForInvoice(ctx: Ctx, caller: Caller, input: InvoiceApplication): Promise<Invoice> {
  const userId = mainAccountOf(caller);
  return inTransaction(ctx.db, async (tx) => {
    const account = (await lockAccount(tx, userId)) ?? fail("NOT_FOUND");
    const [earlier] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, userId), eq(invoices.operationKey, input.operationKey)));
    if (earlier) {
      if (earlier.amountFen !== input.amountFen || earlier.kind !== input.kind) fail("OPERATION_CONFLICT");
      return toInvoice(earlier);
    }
    if (!mayAskForInvoice(account.verifiedAs)) fail("INVOICE_NEEDS_VERIFICATION");
    if (!invoiceKindsFor(account.verifiedAs).includes(input.kind)) fail("INVOICE_SPECIAL_NEEDS_ENTERPRISE", "kind");
    const title = (await findTitle(tx, userId, input.titleId)) ?? fail("NOT_FOUND", "title_id");
    if (input.kind === "special") {
      if (title.kind !== "enterprise") fail("INVOICE_SPECIAL_NEEDS_ENTERPRISE_TITLE", "title_id");
      if (!title.bankName || !title.bankAccount || !title.address || !title.phone)
        fail("INVOICE_SPECIAL_DETAILS_MISSING", "title_id");
    }
    const terms = await invoiceableTermsOf(tx, userId);
    const check = checkInvoiceAmount(terms, input.amountFen);
    if (!check.ok) fail("INVOICE_EXCEEDS_INVOICEABLE", "amount");
    const [row] = await tx
      .insert(invoices)
      .values({
        userId,
        kind: input.kind,
        amountFen: input.amountFen,
        titleKind: title.kind,
        titleName: title.name,
        taxNumber: title.taxNumber,
        bankName: title.bankName,
        bankAccount: title.bankAccount,
        address: title.address,
        phone: title.phone,
        email: input.email,
        operationKey: input.operationKey,
        createdAt: ctx.now(),
      })
      .returning();
    return toInvoice(row!);
  });
}

export async function findInvoice(db: Ctx["db"], userId: number, id: number) {
  if (!Number.isSafeInteger(id)) return null;
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.userId, userId)));
  return row ?? null;
}

export async function getInvoice(ctx: Ctx, caller: Caller, input: { id: number }): Promise<Invoice> {
  const row = await findInvoice(ctx.db, mainAccountOf(caller), input.id);
  return row ? toInvoice(row) : fail("NOT_FOUND");
}

export async function listInvoices(ctx: Ctx, caller: Caller, input: PageRequest): Promise<Page<Invoice>> {
  const userId = mainAccountOf(caller);
  const { page, pageSize } = input;
  const rows = await ctx.db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await ctx.db.select({ n: count() }).from(invoices).where(eq(invoices.userId, userId));
  return { items: rows.map(toInvoice), total: Number(total?.n ?? 0), page, pageSize };
}

/** Asks finance to reverse an issued invoice (红冲); its amount stays invoiced until finance confirms. */
export async function requestReversal(ctx: Ctx, caller: Caller, input: { id: number }): Promise<Invoice> {
  const userId = mainAccountOf(caller);
  const [row] = await ctx.db
    .update(invoices)
    .set({ status: "reversal_requested", reversalRequestedAt: ctx.now() })
    .where(and(eq(invoices.id, input.id), eq(invoices.userId, userId), eq(invoices.status, "issued")))
    .returning();
  if (row) return toInvoice(row);
  const existing = (await findInvoice(ctx.db, userId, input.id)) ?? fail("NOT_FOUND");
  if (existing.status === "reversal_requested") return toInvoice(existing);
  return fail("INVOICE_NOT_REVERSIBLE");
}

export interface InvoicePdf {
  name: string;
  bytes: Uint8Array;
}

/** The issued PDF (or, with `red`, the red-letter one) of one of the caller's invoices. */
export async function readInvoicePdf(
  ctx: Ctx,
  caller: Caller,
  input: { id: number; red: boolean },
): Promise<InvoicePdf> {
  const row = (await findInvoice(ctx.db, mainAccountOf(caller), input.id)) ?? fail("NOT_FOUND");
  const key = input.red ? row.redPdfKey : row.pdfKey;
  if (!key) return fail("NOT_FOUND");
  const bytes = (await ctx.providers.storage.get(key)) ?? fail("NOT_FOUND");
  return { name: invoicePdfName(row.id, input.red), bytes };
}

export function toInvoice(row: typeof invoices.$inferSelect): Invoice {
  return {
    id: row.id,
    userId: row.userId,
    kind: row.kind,
    amountFen: row.amountFen,
    status: row.status,
    titleKind: row.titleKind,
    titleName: row.titleName,
    taxNumber: row.taxNumber,
    bankName: row.bankName,
    bankAccount: row.bankAccount,
    address: row.address,
    phone: row.phone,
    email: row.email,
    reason: row.reason,
    hasPdf: row.pdfKey !== null,
    hasRedPdf: row.redPdfKey !== null,
    sample: row.sample === "yes",
    createdAt: row.createdAt,
    issuedAt: row.issuedAt,
    rejectedAt: row.rejectedAt,
    reversalRequestedAt: row.reversalRequestedAt,
    reversedAt: row.reversedAt,
  };
}
