/**
 * A sub-account's monthly budget on every spend (issue 38 §3, docs/decisions/107). Called by the one purchase
 * path (wallet/spend.ts) right after the limit's conditional UPDATE, inside the spend's transaction: that UPDATE
 * holds the sub-account's row lock, so one sub-account's spends pass here one at a time, and the month's row is
 * raised by one conditional upsert that never lets the month pass the budget. A refusal throws, and the spend's
 * transaction (limit, ledger, order) rolls back with it.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedRowsOf } from "../../db/prepared";
import { fenToYuan } from "../../rules/money";
import { beijingMonth, budgetThreshold } from "../../rules/sub-account-budget";
import { fail } from "../errors";
import { num } from "../finance/rows";

/** The sub-account's settings as a spend needs them; the defaults when it has no settings row. */
export async function subAccountRules(
  tx: Db,
  subAccountId: number,
): Promise<{ mayRent: boolean; monthlyBudgetFen: number | null; name: string }> {
  const [row] = await preparedRowsOf<{ may_rent: boolean | null; monthly_budget_fen: unknown; name: string }>(
    tx,
    sql`select s.may_rent, s.monthly_budget_fen, a.name
        from sub_accounts a left join sub_account_settings s on s.sub_account_id = a.id
        where a.id = ${subAccountId}`,
  );
  if (!row) return fail("NOT_FOUND");
  return {
    mayRent: row.may_rent ?? true,
    monthlyBudgetFen: row.monthly_budget_fen === null ? null : num(row.monthly_budget_fen),
    name: row.name,
  };
}

/**
 * Adds `amountFen` to the sub-account's spending of the month `now` falls in, refusing with
 * SUB_ACCOUNT_BUDGET_REACHED (and what is left, in `data`) when it would pass the budget; sends the 80 % and
 * 100 % site messages to both accounts the first time the month reaches them.
 */
export async function chargeMonthBudget(
  tx: Db,
  now: Date,
  owner: { userId: number; subAccountId: number },
  amountFen: number,
): Promise<void> {
  const rules = await subAccountRules(tx, owner.subAccountId);
  const budget = rules.monthlyBudgetFen;
  const month = beijingMonth(now);
  if (budget !== null && amountFen > budget) refuse(budget, 0);
  const [raised] = await preparedRowsOf<{ spent_fen: unknown; warned_at: unknown; reached_at: unknown }>(
    tx,
    sql`insert into sub_account_month_spending (sub_account_id, month, spent_fen)
        values (${owner.subAccountId}, ${month}, ${amountFen})
        on conflict (sub_account_id, month) do update
          set spent_fen = sub_account_month_spending.spent_fen + excluded.spent_fen
          where ${budget}::bigint is null
             or sub_account_month_spending.spent_fen + excluded.spent_fen <= ${budget}::bigint
        returning spent_fen, warned_at, reached_at`,
  );
  if (!raised) {
    const [row] = await preparedRowsOf<{ spent_fen: unknown }>(
      tx,
      sql`select spent_fen from sub_account_month_spending
          where sub_account_id = ${owner.subAccountId} and month = ${month}`,
    );
    return refuse(budget!, num(row?.spent_fen ?? 0));
  }
  await noticeBudgetThresholds(
    tx,
    now,
    { ...owner, name: rules.name, month, budgetFen: budget },
    {
      spentFen: num(raised.spent_fen),
      warnedAt: raised.warned_at,
      reachedAt: raised.reached_at,
    },
  );
}

/**
 * Sends the 80 % and 100 % site messages to both accounts the first time the month reaches them, and marks the month
 * so they go once: after a purchase (above), and after the billing job's hourly charges (the budget notices job).
 */
export async function noticeBudgetThresholds(
  tx: Db,
  now: Date,
  owner: { userId: number; subAccountId: number; name: string; month: string; budgetFen: number | null },
  month: { spentFen: number; warnedAt: unknown; reachedAt: unknown },
): Promise<void> {
  const budget = owner.budgetFen;
  const threshold = budgetThreshold(month.spentFen, budget);
  const warnNow = threshold !== "none" && month.warnedAt === null;
  const reachNow = threshold === "reached" && month.reachedAt === null;
  if (!warnNow && !reachNow) return;
  await preparedRowsOf(
    tx,
    sql`update sub_account_month_spending
        set warned_at = coalesce(warned_at, ${now.toISOString()}::timestamptz),
            reached_at = ${reachNow ? sql`${now.toISOString()}::timestamptz` : sql`reached_at`}
        where sub_account_id = ${owner.subAccountId} and month = ${owner.month}`,
  );
  const figures = `本月已花费 ¥${fenToYuan(month.spentFen)}，预算 ¥${fenToYuan(budget!)}`;
  const text = reachNow
    ? `子账号「${owner.name}」本月预算已用完（${figures}），本月不能再租用实例或购买。`
    : `子账号「${owner.name}」本月花费已达预算的 80%（${figures}）。`;
  await preparedRowsOf(
    tx,
    sql`insert into messages (user_id, sub_account_id, message, created_at)
        values (${owner.userId}, null, ${text}, ${now.toISOString()}::timestamptz),
               (${owner.userId}, ${owner.subAccountId}, ${text}, ${now.toISOString()}::timestamptz)`,
  );
}

function refuse(budgetFen: number, spentFen: number): never {
  const leftFen = Math.max(0, budgetFen - spentFen);
  return fail("SUB_ACCOUNT_BUDGET_REACHED", undefined, undefined, {
    budget: fenToYuan(budgetFen),
    left: fenToYuan(leftFen),
    left_fen: leftFen,
  });
}

/**
 * Refuses a new hourly rental (paid later, by the billing job) when the month's budget has not one hour's price
 * left: at 100 % no new rental starts, whatever its billing mode.
 */
export async function refuseWhenBudgetCannotPay(
  tx: Db,
  now: Date,
  subAccountId: number,
  amountFen: number,
): Promise<void> {
  const { monthlyBudgetFen: budget } = await subAccountRules(tx, subAccountId);
  if (budget === null) return;
  const [row] = await preparedRowsOf<{ spent_fen: unknown }>(
    tx,
    sql`select spent_fen from sub_account_month_spending
        where sub_account_id = ${subAccountId} and month = ${beijingMonth(now)}`,
  );
  const spentFen = num(row?.spent_fen ?? 0);
  if (spentFen + amountFen > budget) refuse(budget, spentFen);
}

/**
 * What a refund gives back no longer counts against the sub-account: its used amount, and the spending of the month
 * the refund is made in (never below zero; a refund of last month's purchase frees this month's budget as much as the
 * money came back this month). Called inside the refund's transaction (stop with refund, downgrade).
 */
export async function giveBackSubAccountSpending(
  tx: Db,
  now: Date,
  subAccountId: number,
  amountFen: number,
): Promise<void> {
  if (amountFen <= 0) return;
  await preparedRowsOf(
    tx,
    sql`update sub_accounts set money_used_fen = greatest(0, money_used_fen - ${amountFen}) where id = ${subAccountId}`,
  );
  await preparedRowsOf(
    tx,
    sql`update sub_account_month_spending set spent_fen = greatest(0, spent_fen - ${amountFen})
        where sub_account_id = ${subAccountId} and month = ${beijingMonth(now)}`,
  );
}
