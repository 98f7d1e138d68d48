import { sql } from "drizzle-orm";
import { inTransaction } from "../../db/tx";
import { maskPhone, monthOf, settleMonths, tierOf } from "../../rules/partner-commission";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { date, num, rowsOf } from "../finance/rows";
import { postToLedger } from "../wallet/ledger";
import { recordCommissionWithdrawal } from "../wallet/withdrawals";
import { holdCommission } from "./commission-hold";
import { monthSpendOf, partnerOf } from "./partners";

type IncomeCtx = Pick<Ctx, "db" | "now">;

export type CommissionEntryState = "pending" | "settled" | "clawed_back";

export interface CommissionEntry {
  id: number;
  maskedPhone: string;
  month: string;
  spentAt: Date;
  /** The cash spent (or refunded) by the referred account. */
  amountFen: number;
  state: CommissionEntryState;
  /** Settled entries: the month's rate; pending ones: the rate of the month so far (it may still rise). */
  rateBp: number;
}

export interface IncomeSummary {
  /** What pending months would pay at their tiers so far (after refunds still to claw back). */
  pendingFen: number;
  settledFen: number;
  withdrawnFen: number;
  availableFen: number;
  /** This month's net referred cash spending and its rate. */
  monthSpendFen: number;
  monthRateBp: number;
}

/** The partner's totals: settled, withdrawn, available, and an estimate of what is pending. */
export async function incomeSummary(ctx: IncomeCtx, caller: Caller): Promise<IncomeSummary> {
  const { userId } = await partnerOf(ctx, caller);
  const [partner] = await rowsOf<{ settled_fen: unknown; withdrawn_fen: unknown; carry_fen: unknown }>(
    ctx.db,
    sql`select settled_fen, withdrawn_fen, carry_fen from sales_partners where user_id = ${userId}`,
  );
  const months = await rowsOf<{ spend: unknown; refund: unknown }>(
    ctx.db,
    sql`select coalesce(sum(amount_fen) filter (where kind = 'spend'), 0) as spend,
          coalesce(sum(amount_fen) filter (where kind = 'refund'), 0) as refund
        from commission_entries where partner_user_id = ${userId} and statement_id is null
        group by month order by month`,
  );
  const pending = settleMonths(
    months.map((m) => ({ spendFen: num(m.spend), refundFen: num(m.refund) })),
    num(partner!.carry_fen),
  );
  const settledFen = num(partner!.settled_fen);
  const withdrawnFen = num(partner!.withdrawn_fen);
  const monthSpendFen = await monthSpendOf(ctx, userId, monthOf(ctx.now()));
  return {
    pendingFen: pending.reduce((sum, m) => sum + m.commissionFen, 0),
    settledFen,
    withdrawnFen,
    availableFen: settledFen - withdrawnFen,
    monthSpendFen,
    monthRateBp: tierOf(monthSpendFen).rateBp,
  };
}

/** The partner's commission entries, newest first (at most 200). */
export async function commissionEntries(ctx: IncomeCtx, caller: Caller): Promise<CommissionEntry[]> {
  const { userId } = await partnerOf(ctx, caller);
  const rows = await rowsOf<{
    id: unknown;
    phone: string;
    month: string;
    spent_at: unknown;
    amount_fen: unknown;
    kind: "spend" | "refund";
    rate_bp: unknown;
    month_net: unknown;
  }>(
    ctx.db,
    sql`select c.id, u.phone, c.month, c.spent_at, c.amount_fen, c.kind, s.rate_bp,
          sum(case when c.kind = 'spend' then c.amount_fen else -c.amount_fen end)
            over (partition by c.month, c.statement_id is null) as month_net
        from commission_entries c
        join users u on u.id = c.referred_user_id
        left join commission_statements s on s.id = c.statement_id
        where c.partner_user_id = ${userId}
        order by c.spent_at desc, c.id desc limit 200`,
  );
  return rows.map((r) => ({
    id: num(r.id),
    maskedPhone: maskPhone(r.phone),
    month: r.month,
    spentAt: date(r.spent_at),
    amountFen: num(r.amount_fen),
    state: r.kind === "refund" ? "clawed_back" : r.rate_bp == null ? "pending" : "settled",
    rateBp: r.rate_bp == null ? tierOf(num(r.month_net)).rateBp : num(r.rate_bp),
  }));
}

export interface CommissionWithdrawal {
  id: number;
  amountFen: number;
  destination: "wallet" | "bank";
  /** A bank withdrawal's review (the withdrawal request it became); a move to the wallet is done at once. */
  status: "done" | "pending" | "approved" | "rejected";
  /** The bank account as the partner gave it (null for the wallet). */
  account: string | null;
  /** Why the review rejected it. */
  reason: string | null;
  createdAt: Date;
  replayed: boolean;
}

type WithdrawInput = { amountFen: number; operationKey: string };

/**
 * The part every commission withdrawal shares, in one transaction: the partner row locked, an earlier request with
 * the same operation key replayed (another amount or destination is OPERATION_CONFLICT), the amount taken from the
 * available commission by one conditional update (never more than settled, also under concurrency), one
 * `commission_withdrawals` row (unique per operation key); then `payOut` moves the money.
 */
async function withdrawCommission(
  ctx: IncomeCtx,
  caller: Caller,
  input: WithdrawInput,
  destination: "wallet" | "bank",
  payOut: (tx: IncomeCtx["db"], userId: number, id: number) => Promise<number | null>,
): Promise<CommissionWithdrawal> {
  const { userId } = await partnerOf(ctx, caller);
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0)
    fail("BAD_REQUEST", "amount", "请输入大于 0 的提现金额");
  const made = await inTransaction(ctx.db, async (tx) => {
    await tx.execute(sql`select user_id from sales_partners where user_id = ${userId} for update`);
    const [earlier] = await rowsOf<{ id: unknown; amount_fen: unknown; destination: string }>(
      tx,
      sql`select id, amount_fen, destination from commission_withdrawals
          where partner_user_id = ${userId} and operation_key = ${input.operationKey}`,
    );
    if (earlier) {
      if (num(earlier.amount_fen) !== input.amountFen || earlier.destination !== destination)
        fail("OPERATION_CONFLICT");
      return { id: num(earlier.id), replayed: true };
    }
    if (!(await holdCommission(tx, userId, input.amountFen))) return fail("COMMISSION_INSUFFICIENT", "amount");
    const [row] = await rowsOf<{ id: unknown }>(
      tx,
      sql`insert into commission_withdrawals (partner_user_id, amount_fen, destination, operation_key, created_at)
          values (${userId}, ${input.amountFen}, ${destination}, ${input.operationKey},
            ${ctx.now().toISOString()}::timestamptz)
          returning id`,
    );
    const id = num(row!.id);
    const withdrawalId = await payOut(tx, userId, id);
    if (withdrawalId !== null)
      await tx.execute(sql`update commission_withdrawals set withdrawal_id = ${withdrawalId} where id = ${id}`);
    return { id, replayed: false };
  });
  const [row] = await commissionWithdrawalRows(ctx, userId, made.id);
  return { ...row!, replayed: made.replayed };
}

/** Moves settled commission into the wallet's cash at once, as a ledger posting of kind "commission" (not a top-up). */
export async function withdrawToWallet(
  ctx: IncomeCtx,
  caller: Caller,
  input: WithdrawInput,
): Promise<CommissionWithdrawal> {
  return withdrawCommission(ctx, caller, input, "wallet", async (tx, userId, id) => {
    await postToLedger(
      { db: tx, now: ctx.now },
      {
        userId,
        operationKey: `commission-withdrawal:${id}`,
        refersTo: `commission_withdrawal:${id}`,
        movements: [{ wallet: "cash", kind: "commission", amountFen: input.amountFen }],
        note: "销售合伙人佣金转入余额",
      },
    );
    return null;
  });
}

/**
 * Asks to pay settled commission to a bank account: a withdrawal request of source "commission", reviewed like a
 * cash withdrawal (`npm run ops -- withdrawal approve|reject`). The wallet never sees the money, so neither the
 * refundable cash nor the invoiceable amount changes; a rejection gives the amount back to the available commission.
 */
export async function withdrawToBank(
  ctx: IncomeCtx,
  caller: Caller,
  input: WithdrawInput & { account: string },
): Promise<CommissionWithdrawal> {
  const account = input.account.trim();
  if (account === "" || account.length > 200) fail("BAD_REQUEST", "account", "请填写收款账户（200 字以内）");
  return withdrawCommission(ctx, caller, input, "bank", async (tx, userId) => {
    const request = await recordCommissionWithdrawal(tx, {
      userId,
      amountFen: input.amountFen,
      destination: account,
      createdAt: ctx.now(),
    });
    return request.id;
  });
}

async function commissionWithdrawalRows(
  ctx: IncomeCtx,
  userId: number,
  onlyId: number | null,
): Promise<CommissionWithdrawal[]> {
  const rows = await rowsOf<{
    id: unknown;
    amount_fen: unknown;
    destination: "wallet" | "bank";
    created_at: unknown;
    status: "pending" | "approved" | "rejected" | null;
    account: string | null;
    reason: string | null;
  }>(
    ctx.db,
    sql`select c.id, c.amount_fen, c.destination, c.created_at, w.status, w.destination as account, w.reason
        from commission_withdrawals c
        left join withdrawals w on w.id = c.withdrawal_id and w.user_id = c.partner_user_id
        where c.partner_user_id = ${userId} and (${onlyId}::bigint is null or c.id = ${onlyId})
        order by c.id desc limit 100`,
  );
  return rows.map((r) => ({
    id: num(r.id),
    amountFen: num(r.amount_fen),
    destination: r.destination,
    status: r.status ?? "done",
    account: r.account,
    reason: r.reason,
    createdAt: date(r.created_at),
    replayed: false,
  }));
}

/** The partner's withdrawals of commission, newest first, each bank one with its review. */
export async function commissionWithdrawals(ctx: IncomeCtx, caller: Caller): Promise<CommissionWithdrawal[]> {
  const { userId } = await partnerOf(ctx, caller);
  return commissionWithdrawalRows(ctx, userId, null);
}
