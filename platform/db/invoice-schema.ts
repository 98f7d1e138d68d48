import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import { users } from "./schema";

/*
 * Invoices (issue 39 §1, docs/decisions/112): saved titles, and applications that finance issues, rejects or
 * reverses (红冲). What an application invoiced is copied onto it, so editing or deleting a title never changes an
 * issued invoice. The invoiced amount of an account counts its pending, issued and reversal-requested applications;
 * applying and withdrawing both lock the account's users row first, so together they never exceed the cash paid in.
 */
export const INVOICE_TITLE_KINDS = ["personal", "enterprise"] as const;
export type InvoiceTitleKind = (typeof INVOICE_TITLE_KINDS)[number];
/** normal: 电子普通发票; special: 增值税专用发票 (verified enterprises only). */
export const INVOICE_KINDS = ["normal", "special"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_STATUSES = ["pending", "issued", "rejected", "reversal_requested", "reversed"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const invoiceTitles = pgTable(
  "invoice_titles",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: INVOICE_TITLE_KINDS }).notNull(),
    /** The person's name, or the enterprise's name. */
    name: text("name").notNull(),
    /** The enterprise's 统一社会信用代码; null for a person. */
    taxNumber: text("tax_number"),
    /** Special-invoice details (enterprises): bank, account, registered address and phone. */
    bankName: text("bank_name"),
    bankAccount: text("bank_account"),
    address: text("address"),
    phone: text("phone"),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    index("invoice_titles_user_idx").on(t.userId, t.id),
    check("invoice_titles_kind_known", sql`${t.kind} in ('personal', 'enterprise')`),
    check(
      "invoice_titles_tax_number",
      sql`(${t.kind} = 'personal' and ${t.taxNumber} is null) or (${t.kind} = 'enterprise' and ${t.taxNumber} is not null)`,
    ),
  ],
);

export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: INVOICE_KINDS }).notNull(),
    amountFen: bigint("amount_fen", { mode: "number" }).notNull(),
    status: text("status", { enum: INVOICE_STATUSES }).notNull().default("pending"),
    titleKind: text("title_kind", { enum: INVOICE_TITLE_KINDS }).notNull(),
    titleName: text("title_name").notNull(),
    taxNumber: text("tax_number"),
    bankName: text("bank_name"),
    bankAccount: text("bank_account"),
    address: text("address"),
    phone: text("phone"),
    /** Where the issued invoice is e-mailed. */
    email: text("email").notNull(),
    /** The form's hidden key: applying twice with one key records one application. */
    operationKey: text("operation_key").notNull(),
    /** Finance's reason when rejected. */
    reason: text("reason"),
    /** The storage keys of the issued PDF and of the red-letter PDF. */
    pdfKey: text("pdf_key"),
    redPdfKey: text("red_pdf_key"),
    /** Whether the PDFs are sandbox samples (marked 样例) rather than files from the tax system. */
    sample: text("sample", { enum: ["yes", "no"] }),
    decidedBy: bigint("decided_by", { mode: "number" }),
    createdAt: at("created_at").notNull(),
    issuedAt: at("issued_at"),
    rejectedAt: at("rejected_at"),
    reversalRequestedAt: at("reversal_requested_at"),
    reversedAt: at("reversed_at"),
  },
  (t) => [
    uniqueIndex("invoices_operation_uq").on(t.userId, t.operationKey),
    index("invoices_user_idx").on(t.userId, t.id),
    index("invoices_status_idx").on(t.status, t.id),
    check("invoices_amount_positive", sql`${t.amountFen} > 0`),
    check(
      "invoices_status_known",
      sql`${t.status} in ('pending', 'issued', 'rejected', 'reversal_requested', 'reversed')`,
    ),
    check("invoices_kind_known", sql`${t.kind} in ('normal', 'special')`),
    check("invoices_issued_has_pdf", sql`${t.status} in ('pending', 'rejected') or ${t.pdfKey} is not null`),
    check("invoices_reversed_has_pdf", sql`${t.status} <> 'reversed' or ${t.redPdfKey} is not null`),
    check("invoices_key_length", sql`length(${t.operationKey}) between 1 and 128`),
  ],
);

export const invoiceSchema = { invoiceTitles, invoices };
