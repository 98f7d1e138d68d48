/**
 * Withdrawals of refundable cash (issue 10 §5). Asking holds the amount at
 * once: a cash entry of kind "withdrawal" posted in the same transaction as
 * the withdrawal row. An operator approves (nothing moves: the money stays out)
 * or rejects (the amount is posted back, once). Decided by a conditional update
 * on status = 'pending', so of two concurrent decisions exactly one wins.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import { ledgerEntries, users } from "../../db/schema";
import { withdrawals } from "../../db/wallet-schema";
import { inTransaction } from "../../db/tx";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { mainAccountOf } from "../finance/scope";
import type { Page, PageRequest } from "../page";
import { invoiceableTermsOf } from "../invoices/amount";
import { withdrawalTouchesInvoiced } from "../../rules/invoices";
import { releaseCommission } from "../partner/commission-hold";
import { postToLedger } from "./ledger";

export type WithdrawalStatus = "pending" | "approved" | "rejected";
/** What is paid out: refundable cash, or a sales partner's settled commission (decision 124). */
export type WithdrawalSource = "cash" | "commission";

export interface Withdrawal {
  id: number;
  userId: number;
  amountFen: number;
  status: WithdrawalStatus;
  destination: string;
  source: WithdrawalSource;
  reason: string | null;
  decidedBy: string | null;
  createdAt: Date;
  decidedAt: Date | null;
}

export interface Refundable {
  refundableFen: number;
  cashFen: number;
  /** Held by pending withdrawals. */
  pendingFen: number;
}

/** The hold's operation key: one per idempotency key of the form. */
const holdKey = (idempotencyKey: string) => `withdraw:${idempotencyKey}`;
/** The release's operation key: one per withdrawal, so a rejection posts back once. */
const releaseKey = (withdrawalId: number) => `withdraw-release:${withdrawalId}`;
const refersTo = (withdrawalId: number) => `withdrawal:${withdrawalId}`;

/**
 * Refundable cash: min(cash balance, cash topped up by payment − cash spent on
 * purchases net of refunds − cash withdrawn or held net of releases), never
 * below 0. Coupons, compute vouchers, credit and adjustments never count: only
 * money the user paid in and has not spent or asked back. One aggregate over
 * the account's cash entries (the (user_id, id) index) and the account row.
 */
export async function refundableCash(ctx: Ctx, userId: number): Promise<Refundable> {
  const [row] = await ctx.db
    .select({
      cashFen: users.moneyFen,
      unspentFen: sql<number>`(select coalesce(sum(${ledgerEntries.amountFen}), 0) from ${ledgerEntries}
        where ${ledgerEntries.userId} = ${userId} and ${ledgerEntries.wallet} = 'cash'
          and ${ledgerEntries.kind} in ('top_up', 'purchase', 'refund', 'withdrawal'))`.mapWith(Number),
      pendingFen: sql<number>`(select coalesce(sum(${withdrawals.amountFen}), 0) from ${withdrawals}
        where ${withdrawals.userId} = ${userId} and ${withdrawals.status} = 'pending'
          and ${withdrawals.source} = 'cash')`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return fail("NOT_FOUND");
  return {
    refundableFen: Math.max(0, Math.min(row.cashFen, row.unspentFen)),
    cashFen: row.cashFen,
    pendingFen: row.pendingFen,
  };
}

export async function getRefundable(ctx: Ctx, caller: Caller): Promise<Refundable> {
  return refundableCash(ctx, mainAccountOf(caller));
}

export interface WithdrawalRequest {
  amountFen: number;
  destination: string;
  idempotencyKey: string;
}

/**
 * Asks to withdraw: under the account row's lock, replays an earlier request
 * with the same key (the same amount; another amount is OPERATION_CONFLICT),
 * refuses more than the refundable cash, then inserts the withdrawal and posts
 * the hold in the same transaction.
 */
export async function requestWithdrawal(ctx: Ctx, caller: Caller, input: WithdrawalRequest): Promise<Withdrawal> {
  const userId = mainAccountOf(caller);
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) fail("BAD_REQUEST", "amount", "输入金额不合法");
  return inTransaction(ctx.db, async (tx) => {
    const txCtx: Ctx = { ...ctx, db: tx };
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [held] = await tx
      .select({ refersTo: ledgerEntries.refersTo, amountFen: ledgerEntries.amountFen })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.operationKey, holdKey(input.idempotencyKey))))
      .limit(1);
    if (held) {
      if (held.amountFen !== -input.amountFen) fail("OPERATION_CONFLICT");
      const earlier = await findWithdrawal(tx, userId, Number(held.refersTo.slice("withdrawal:".length)));
      return earlier ?? fail("NOT_FOUND");
    }
    const { refundableFen } = await refundableCash(txCtx, userId);
    if (input.amountFen > refundableFen) fail("WITHDRAW_EXCEEDS_REFUNDABLE", "amount");
    // Cash already invoiced stays until its invoice is reversed (红冲; issue 39 §1, decision 112).
    if (withdrawalTouchesInvoiced(await invoiceableTermsOf(tx, userId), input.amountFen))
      fail("WITHDRAW_INVOICED_NEEDS_REVERSAL", "amount");
    const [row] = await tx
      .insert(withdrawals)
      .values({ userId, amountFen: input.amountFen, destination: input.destination, createdAt: ctx.now() })
      .returning();
    await postToLedger(txCtx, {
      userId,
      operationKey: holdKey(input.idempotencyKey),
      refersTo: refersTo(row!.id),
      movements: [{ wallet: "cash", kind: "withdrawal", amountFen: -input.amountFen }],
      note: "提现申请冻结",
    });
    return toWithdrawal(row!);
  });
}

async function findWithdrawal(db: Ctx["db"], userId: number, id: number): Promise<Withdrawal | null> {
  if (!Number.isSafeInteger(id)) return null;
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.userId, userId)));
  return row ? toWithdrawal(row) : null;
}

/** One of the caller's withdrawals; another account's id is NOT_FOUND. */
export async function getWithdrawal(ctx: Ctx, caller: Caller, input: { id: number }): Promise<Withdrawal> {
  return (await findWithdrawal(ctx.db, mainAccountOf(caller), input.id)) ?? fail("NOT_FOUND");
}

/** The caller's withdrawals, newest first. */
export async function listWithdrawals(ctx: Ctx, caller: Caller, input: PageRequest): Promise<Page<Withdrawal>> {
  const userId = mainAccountOf(caller);
  const { page, pageSize } = input;
  const rows = await ctx.db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(desc(withdrawals.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await ctx.db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.userId, userId));
  return { items: rows.map(toWithdrawal), total: Number(total?.n ?? 0), page, pageSize };
}

export interface Decision {
  before: Withdrawal;
  after: Withdrawal;
}

/** Decides a pending withdrawal, or says why not: NOT_FOUND, or WITHDRAWAL_DECIDED when it was decided already. */
async function decide(
  ctx: Ctx,
  input: { id: number; actor: string; status: "approved" | "rejected"; reason: string | null },
): Promise<Decision> {
  const [before] = await ctx.db.select().from(withdrawals).where(eq(withdrawals.id, input.id));
  if (!before) return fail("NOT_FOUND");
  const [after] = await ctx.db
    .update(withdrawals)
    .set({ status: input.status, reason: input.reason, decidedBy: input.actor, decidedAt: ctx.now() })
    .where(and(eq(withdrawals.id, input.id), eq(withdrawals.status, "pending")))
    .returning();
  if (!after) return fail("WITHDRAWAL_DECIDED");
  return { before: toWithdrawal({ ...before, status: "pending" }), after: toWithdrawal(after) };
}

/** An operator approves: the withdrawal is approved and the held amount stays out. Nothing else moves. */
export async function approveWithdrawal(ctx: Ctx, input: { id: number; actor: string }): Promise<Decision> {
  return inTransaction(ctx.db, (tx) => decide({ ...ctx, db: tx }, { ...input, status: "approved", reason: null }));
}

/**
 * An operator rejects, with a reason: the withdrawal is rejected and its held
 * amount posted back (cash to the wallet, commission to the partner's available amount), in one transaction. The release's operation key comes
 * from the withdrawal id, so it can only ever be posted once.
 */
export async function rejectWithdrawal(
  ctx: Ctx,
  input: { id: number; actor: string; reason: string },
): Promise<Decision> {
  const reason = input.reason.trim();
  if (reason === "") fail("BAD_REQUEST", "reason", "请填写驳回原因");
  return inTransaction(ctx.db, async (tx) => {
    const txCtx: Ctx = { ...ctx, db: tx };
    const decision = await decide(txCtx, { id: input.id, actor: input.actor, status: "rejected", reason });
    if (decision.after.source === "commission") {
      // The commission goes back to the partner's available amount, once: only the decision above could move
      // this withdrawal out of pending.
      await releaseCommission(tx, decision.after.userId, decision.after.amountFen);
      return decision;
    }
    await postToLedger(txCtx, {
      userId: decision.after.userId,
      operationKey: releaseKey(decision.after.id),
      refersTo: refersTo(decision.after.id),
      movements: [{ wallet: "cash", kind: "withdrawal", amountFen: decision.after.amountFen }],
      note: `提现驳回退回：${reason}`,
    });
    return decision;
  });
}

function toWithdrawal(row: typeof withdrawals.$inferSelect): Withdrawal {
  return {
    id: row.id,
    userId: row.userId,
    amountFen: row.amountFen,
    status: row.status,
    destination: row.destination,
    source: row.source,
    reason: row.reason,
    decidedBy: row.decidedBy,
    createdAt: row.createdAt,
    decidedAt: row.decidedAt,
  };
}

/**
 * A sales partner's bank withdrawal of commission (decision 124): a withdrawal row of source "commission", reviewed
 * like any other, with no ledger entry (the commission was never in the wallet). The caller has already taken the
 * amount from the partner's available commission, in the same transaction.
 */
export async function recordCommissionWithdrawal(
  db: Ctx["db"],
  input: { userId: number; amountFen: number; destination: string; createdAt: Date },
): Promise<Withdrawal> {
  const [row] = await db
    .insert(withdrawals)
    .values({ ...input, source: "commission" })
    .returning();
  return toWithdrawal(row!);
}
