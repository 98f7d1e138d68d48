/**
 * The terms of an account's invoiceable amount, read from the ledger, the withdrawals and the applications
 * (platform/rules/invoices.ts, docs/decisions/112). One statement; callers that then write lock the account's users
 * row first (lockAccount), so applications and withdrawals of one account are decided one after the other.
 */
import { eq, sql } from "drizzle-orm";
import { ledgerEntries, users } from "../../db/schema";
import { invoices } from "../../db/invoice-schema";
import { withdrawals } from "../../db/wallet-schema";
import type { Db } from "../../db/client";
import type { Caller, Ctx } from "../context";
import { invoiceableFen, type InvoiceableTerms } from "../../rules/invoices";
import { fail } from "../errors";
import { mainAccountOf } from "../finance/scope";

export interface InvoiceableFigure extends InvoiceableTerms {
  invoiceableFen: number;
}

export async function invoiceableTermsOf(db: Db, userId: number): Promise<InvoiceableFigure> {
  const [row] = await db
    .select({
      paidInFen: sql<number>`(select coalesce(sum(${ledgerEntries.amountFen}), 0) from ${ledgerEntries}
        where ${ledgerEntries.userId} = ${userId} and ${ledgerEntries.wallet} = 'cash'
          and ${ledgerEntries.kind} = 'top_up')`.mapWith(Number),
      withdrawnFen: sql<number>`(select coalesce(sum(${withdrawals.amountFen}), 0) from ${withdrawals}
        where ${withdrawals.userId} = ${userId} and ${withdrawals.status} in ('pending', 'approved')
          and ${withdrawals.source} = 'cash')`.mapWith(Number),
      invoicedFen: sql<number>`(select coalesce(sum(${invoices.amountFen}), 0) from ${invoices}
        where ${invoices.userId} = ${userId}
          and ${invoices.status} in ('pending', 'issued', 'reversal_requested'))`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, userId));
  const terms = row ?? { paidInFen: 0, withdrawnFen: 0, invoicedFen: 0 };
  return { ...terms, invoiceableFen: invoiceableFen(terms) };
}

/** Locks the account's users row: the one row invoice applications and withdrawals both take first. */
export async function lockAccount(
  db: Db,
  userId: number,
): Promise<{ verifiedAs: (typeof users.$inferSelect)["verifiedAs"] } | null> {
  const [row] = await db.select({ verifiedAs: users.verifiedAs }).from(users).where(eq(users.id, userId)).for("update");
  return row ?? null;
}

/** The caller's figure with its terms, and the verification that decides which kinds it may ask for. */
export async function getInvoiceable(
  ctx: Ctx,
  caller: Caller,
): Promise<{ figure: InvoiceableFigure; verifiedAs: (typeof users.$inferSelect)["verifiedAs"] }> {
  const userId = mainAccountOf(caller);
  const [user] = await ctx.db.select({ verifiedAs: users.verifiedAs }).from(users).where(eq(users.id, userId));
  if (!user) return fail("NOT_FOUND");
  return { figure: await invoiceableTermsOf(ctx.db, userId), verifiedAs: user.verifiedAs };
}
