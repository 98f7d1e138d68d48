import { and, asc, eq, sql } from "drizzle-orm";
import { ledgerEntries, users } from "../../db/schema";
import { inTransaction } from "../../db/tx";
import type { Ctx } from "../context";
import { fail } from "../errors";

/** The three wallets of a main account: cash (`Money`), compute vouchers (`PowerMoney`), credit quota. */
export type Wallet = "cash" | "voucher" | "credit";
export type EntryKind =
  "top_up" | "purchase" | "refund" | "coupon" | "voucher" | "credit" | "withdrawal" | "adjustment";

/** One wallet moved by a signed amount of fen (never zero). */
export interface Movement {
  wallet: Wallet;
  kind: EntryKind;
  amountFen: number;
}

/**
 * Money movements that belong together (a top-up; a purchase paid from
 * vouchers and cash), posted all or nothing. `operationKey` is unique per
 * account: posting it again returns the first posting and moves nothing.
 */
export interface Posting {
  userId: number;
  operationKey: string;
  /** What the money is for: "recharge:<out_trade_no>", "instance:<id>", "seed:demo", … */
  refersTo: string;
  movements: Movement[];
  note?: string;
}

export interface PostedEntry {
  id: number;
  seq: number;
  wallet: Wallet;
  kind: EntryKind;
  amountFen: number;
  balanceAfterFen: number;
  createdAt: Date;
}

export interface Balances {
  cashFen: number;
  voucherFen: number;
  creditQuotaFen: number;
  accumulatedTopUpFen: number;
}

const MAX_KEY_LENGTH = 128;

function checkPosting(posting: Posting): void {
  const key = posting.operationKey;
  if (key.length < 1 || key.length > MAX_KEY_LENGTH) fail("BAD_REQUEST", "operation_key");
  if (posting.movements.length === 0) fail("BAD_REQUEST");
  for (const m of posting.movements)
    if (!Number.isSafeInteger(m.amountFen) || m.amountFen === 0) fail("BAD_REQUEST", "amount");
}

const sameMovements = (posted: PostedEntry[], asked: Movement[]) =>
  posted.length === asked.length &&
  posted.every(
    (e, i) => e.wallet === asked[i]!.wallet && e.kind === asked[i]!.kind && e.amountFen === asked[i]!.amountFen,
  );

/** Whether the balances are a state the account may be in: vouchers and quota never negative, cash not below −quota. */
export function balancesAllowed(b: Balances): boolean {
  return b.voucherFen >= 0 && b.creditQuotaFen >= 0 && b.cashFen >= -b.creditQuotaFen && b.accumulatedTopUpFen >= 0;
}

/**
 * Posts a set of movements to one main account's ledger and balances, in one
 * transaction under the account row's lock, so concurrent postings to one
 * account queue and none sees a stale balance. Refuses with
 * BALANCE_INSUFFICIENT when the result is not allowed (nothing moves), and
 * with OPERATION_CONFLICT when the key was posted with other movements.
 * A cash top-up also raises the cumulative top-up that decides membership.
 */
export async function postToLedger(
  ctx: Pick<Ctx, "db" | "now">,
  posting: Posting,
): Promise<{ entries: PostedEntry[]; replayed: boolean }> {
  checkPosting(posting);
  return inTransaction(ctx.db, async (tx) => {
    const [account] = await tx
      .select({
        cashFen: users.moneyFen,
        voucherFen: users.powerMoneyFen,
        creditQuotaFen: users.creditQuotaFen,
        accumulatedTopUpFen: users.accumulatedTopUpFen,
      })
      .from(users)
      .where(eq(users.id, posting.userId))
      .for("update");
    if (!account) return fail("NOT_FOUND");

    const posted = await tx
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, posting.userId), eq(ledgerEntries.operationKey, posting.operationKey)))
      .orderBy(asc(ledgerEntries.seq));
    if (posted.length > 0) {
      const entries = posted.map(toPostedEntry);
      if (!sameMovements(entries, posting.movements)) fail("OPERATION_CONFLICT");
      return { entries, replayed: true };
    }

    const next: Balances = { ...account };
    const rows = posting.movements.map((m, seq) => {
      if (m.wallet === "cash") {
        next.cashFen += m.amountFen;
        if (m.kind === "top_up" && m.amountFen > 0) next.accumulatedTopUpFen += m.amountFen;
      } else if (m.wallet === "voucher") next.voucherFen += m.amountFen;
      else next.creditQuotaFen += m.amountFen;
      const balanceAfterFen =
        m.wallet === "cash" ? next.cashFen : m.wallet === "voucher" ? next.voucherFen : next.creditQuotaFen;
      return {
        userId: posting.userId,
        wallet: m.wallet,
        kind: m.kind,
        amountFen: m.amountFen,
        balanceAfterFen,
        operationKey: posting.operationKey,
        seq,
        refersTo: posting.refersTo,
        note: posting.note ?? null,
        createdAt: ctx.now(),
      };
    });
    if (!balancesAllowed(next)) fail("BALANCE_INSUFFICIENT");

    const inserted = await tx.insert(ledgerEntries).values(rows).returning();
    await tx
      .update(users)
      .set({
        moneyFen: next.cashFen,
        powerMoneyFen: next.voucherFen,
        creditQuotaFen: next.creditQuotaFen,
        accumulatedTopUpFen: next.accumulatedTopUpFen,
      })
      .where(eq(users.id, posting.userId));
    return { entries: inserted.sort((a, b) => a.seq - b.seq).map(toPostedEntry), replayed: false };
  });
}

function toPostedEntry(row: typeof ledgerEntries.$inferSelect): PostedEntry {
  return {
    id: row.id,
    seq: row.seq,
    wallet: row.wallet,
    kind: row.kind,
    amountFen: row.amountFen,
    balanceAfterFen: row.balanceAfterFen,
    createdAt: row.createdAt,
  };
}

/** Each wallet's sum of entries for one account: what its balances on the account row must equal. */
export async function ledgerSums(ctx: Ctx, userId: number): Promise<Record<Wallet, number>> {
  const rows = await ctx.db
    .select({
      wallet: ledgerEntries.wallet,
      total: sql<number>`coalesce(sum(${ledgerEntries.amountFen}), 0)`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .groupBy(ledgerEntries.wallet);
  const sums: Record<Wallet, number> = { cash: 0, voucher: 0, credit: 0 };
  for (const row of rows) sums[row.wallet] = row.total;
  return sums;
}
