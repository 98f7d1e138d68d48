/**
 * Saved invoice titles (issue 39 §1): a person's name, or an enterprise's name and 统一社会信用代码 with the
 * special-invoice details. Main accounts only (mainAccountOf); every query carries the caller's id, so another
 * account's title is NOT_FOUND.
 */
import { and, desc, eq } from "drizzle-orm";
import { invoiceTitles, type InvoiceTitleKind } from "../../db/invoice-schema";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { mainAccountOf } from "../finance/scope";

/** The most titles one account keeps. */
export const MAX_TITLES = 20;

export interface InvoiceTitle {
  id: number;
  kind: InvoiceTitleKind;
  name: string;
  taxNumber: string | null;
  bankName: string | null;
  bankAccount: string | null;
  address: string | null;
  phone: string | null;
  createdAt: Date;
}

/** What the HTTP layer has checked (fields, the credit code); a person's title carries no enterprise details. */
export interface InvoiceTitleInput {
  kind: InvoiceTitleKind;
  name: string;
  taxNumber: string | null;
  bankName: string | null;
  bankAccount: string | null;
  address: string | null;
  phone: string | null;
}

function values(input: InvoiceTitleInput) {
  const enterprise = input.kind === "enterprise";
  if (enterprise && !input.taxNumber) fail("BAD_REQUEST", "tax_number", "请输入纳税人识别号（统一社会信用代码）");
  return {
    kind: input.kind,
    name: input.name,
    taxNumber: enterprise ? input.taxNumber : null,
    bankName: enterprise ? input.bankName : null,
    bankAccount: enterprise ? input.bankAccount : null,
    address: enterprise ? input.address : null,
    phone: enterprise ? input.phone : null,
  };
}

export async function listTitles(ctx: Ctx, caller: Caller): Promise<InvoiceTitle[]> {
  const userId = mainAccountOf(caller);
  return ctx.db
    .select()
    .from(invoiceTitles)
    .where(eq(invoiceTitles.userId, userId))
    .orderBy(desc(invoiceTitles.id))
    .then((rows) => rows.map(toTitle));
}

export async function findTitle(db: Ctx["db"], userId: number, id: number): Promise<InvoiceTitle | null> {
  if (!Number.isSafeInteger(id)) return null;
  const [row] = await db
    .select()
    .from(invoiceTitles)
    .where(and(eq(invoiceTitles.id, id), eq(invoiceTitles.userId, userId)));
  return row ? toTitle(row) : null;
}

export async function addTitle(ctx: Ctx, caller: Caller, input: InvoiceTitleInput): Promise<InvoiceTitle> {
  const userId = mainAccountOf(caller);
  const existing = await ctx.db
    .select({ id: invoiceTitles.id })
    .from(invoiceTitles)
    .where(eq(invoiceTitles.userId, userId));
  if (existing.length >= MAX_TITLES) fail("INVOICE_TITLES_FULL");
  const [row] = await ctx.db
    .insert(invoiceTitles)
    .values({ userId, ...values(input), createdAt: ctx.now() })
    .returning();
  return toTitle(row!);
}

export async function updateTitle(
  ctx: Ctx,
  caller: Caller,
  input: InvoiceTitleInput & { id: number },
): Promise<InvoiceTitle> {
  const userId = mainAccountOf(caller);
  const [row] = await ctx.db
    .update(invoiceTitles)
    .set(values(input))
    .where(and(eq(invoiceTitles.id, input.id), eq(invoiceTitles.userId, userId)))
    .returning();
  return row ? toTitle(row) : fail("NOT_FOUND");
}

/** Deletes a title; applications keep their own copy of it. */
export async function deleteTitle(ctx: Ctx, caller: Caller, input: { id: number }): Promise<void> {
  const userId = mainAccountOf(caller);
  const deleted = await ctx.db
    .delete(invoiceTitles)
    .where(and(eq(invoiceTitles.id, input.id), eq(invoiceTitles.userId, userId)))
    .returning({ id: invoiceTitles.id });
  if (deleted.length === 0) fail("NOT_FOUND");
}

function toTitle(row: typeof invoiceTitles.$inferSelect): InvoiceTitle {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    taxNumber: row.taxNumber,
    bankName: row.bankName,
    bankAccount: row.bankAccount,
    address: row.address,
    phone: row.phone,
    createdAt: row.createdAt,
  };
}
