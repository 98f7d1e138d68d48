/**
 * What follows the billing job's hourly charges for sub-accounts (issue 38 §3, decision 107). The settlement adds a
 * sub-account's hours to its used amount and its month (billing/settle.ts); then, each minute, in bounded batches:
 *
 * - `stopAtSubAccountLimit`: a sub-account whose remaining limit cannot pay one more hour of its running hourly
 *   instances has them stopped (as arrears stop a main account's an hour early), through its own stop path, and
 *   both accounts are told. Its prepaid instances keep running: they are paid.
 * - `noticeHourlyBudgetThresholds`: the 80 % and 100 % messages for months the hours carried past them (a purchase
 *   sends its own at once).
 */
import { sql } from "drizzle-orm";
import { preparedRowsOf } from "../../db/prepared";
import { inTransaction } from "../../db/tx";
import { fenToYuan } from "../../rules/money";
import { beijingMonth } from "../../rules/sub-account-budget";
import { billedUsageAmountSql } from "../billing/sql-money";
import type { Ctx } from "../context";
import { num } from "../finance/rows";
import { noticeBudgetThresholds } from "./budget";
import { stopSubAccountInstances } from "./stop-instances";

/** At most this many sub-accounts a run; the next run takes the rest. */
const BATCH = 100;

export async function stopAtSubAccountLimit(ctx: Ctx): Promise<{ subAccounts: number; stopped: string[] }> {
  const due = await preparedRowsOf<{ id: unknown; main_user_id: unknown; name: string; left_fen: unknown }>(
    ctx.db,
    sql`select a.id, a.main_user_id, a.name, a.money_limit_fen - a.money_used_fen as left_fen
        from sub_accounts a
        join (
          select i.sub_account_id, sum(${billedUsageAmountSql(sql`3600`, "i")}) as hour_fen
          from instances i
          where i.billing_mode = 'hour' and i.state = 'running' and i.sub_account_id is not null
          group by i.sub_account_id
        ) c on c.sub_account_id = a.id
        where a.money_limit_fen - a.money_used_fen < c.hour_fen
        order by a.id limit ${BATCH}`,
  );
  const stopped: string[] = [];
  for (const row of due) {
    const owner = { userId: num(row.main_user_id), subAccountId: num(row.id) };
    const mine = await stopSubAccountInstances(ctx, owner, "hourly");
    if (mine.length === 0) continue;
    stopped.push(...mine);
    const text =
      `子账号「${row.name}」的剩余额度 ¥${fenToYuan(Math.max(0, num(row.left_fen)))} 已不足以支付其按量计费实例下一小时的费用，` +
      `已关闭这些实例（${mine.length} 台），费用已结算至关机时刻。主账号提高额度后可重新开机。`;
    const at = ctx.now().toISOString();
    await preparedRowsOf(
      ctx.db,
      sql`insert into messages (user_id, sub_account_id, message, created_at)
          values (${owner.userId}, null, ${text}, ${at}::timestamptz),
                 (${owner.userId}, ${owner.subAccountId}, ${text}, ${at}::timestamptz)`,
    );
  }
  return { subAccounts: due.length, stopped };
}

export async function noticeHourlyBudgetThresholds(ctx: Ctx): Promise<number> {
  const now = ctx.now();
  const month = beijingMonth(now);
  const due = await preparedRowsOf<{ sub_account_id: unknown }>(
    ctx.db,
    sql`select m.sub_account_id
        from sub_account_month_spending m
        join sub_account_settings s on s.sub_account_id = m.sub_account_id
        where m.month = ${month} and s.monthly_budget_fen is not null
          -- 80 %, rounded up to a whole fen, as budgetWarningFen
          and ((m.warned_at is null and m.spent_fen >= ceil(s.monthly_budget_fen * 4 / 5.0))
            or (m.reached_at is null and m.spent_fen >= s.monthly_budget_fen))
        order by m.sub_account_id limit ${BATCH}`,
  );
  for (const row of due) {
    const subAccountId = num(row.sub_account_id);
    await inTransaction(ctx.db, async (tx) => {
      // The month's row locked: a purchase or another runner sending the same notice waits, then finds it marked.
      const [m] = await preparedRowsOf<{
        spent_fen: unknown;
        warned_at: unknown;
        reached_at: unknown;
        budget: unknown;
        main_user_id: unknown;
        name: string;
      }>(
        tx,
        sql`select m.spent_fen, m.warned_at, m.reached_at, s.monthly_budget_fen as budget, a.main_user_id, a.name
            from sub_account_month_spending m
            join sub_account_settings s on s.sub_account_id = m.sub_account_id
            join sub_accounts a on a.id = m.sub_account_id
            where m.sub_account_id = ${subAccountId} and m.month = ${month}
            for update of m`,
      );
      if (!m || m.budget === null) return;
      await noticeBudgetThresholds(
        tx,
        now,
        { userId: num(m.main_user_id), subAccountId, name: m.name, month, budgetFen: num(m.budget) },
        { spentFen: num(m.spent_fen), warnedAt: m.warned_at, reachedAt: m.reached_at },
      );
    });
  }
  return due.length;
}
