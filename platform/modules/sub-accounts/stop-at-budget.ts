/**
 * "Stop at budget" (issue 38 §3, decision 107): a sub-account whose main account chose it has its running
 * instances stopped once its month's spending reaches the budget. A bounded job: at most BATCH sub-accounts a run,
 * each instance stopped through the user's own stop path (stop-instances.ts), the
 * month marked stopped (once per month) and both accounts told in a site message.
 */
import { sql } from "drizzle-orm";
import { preparedRowsOf } from "../../db/prepared";
import { beijingMonth } from "../../rules/sub-account-budget";
import type { Ctx } from "../context";
import { num } from "../finance/rows";
import { stopSubAccountInstances } from "./stop-instances";

/** At most this many sub-accounts a run; the next run takes the rest. */
const BATCH = 100;

export async function stopInstancesAtBudget(ctx: Ctx): Promise<{ subAccounts: number; stopped: string[] }> {
  const now = ctx.now();
  const month = beijingMonth(now);
  const due = await preparedRowsOf<{ sub_account_id: unknown; main_user_id: unknown; name: string }>(
    ctx.db,
    sql`select m.sub_account_id, a.main_user_id, a.name
        from sub_account_month_spending m
        join sub_account_settings s on s.sub_account_id = m.sub_account_id
        join sub_accounts a on a.id = m.sub_account_id
        where m.month = ${month} and m.stopped_at is null and s.stop_at_budget
          and s.monthly_budget_fen is not null and m.spent_fen >= s.monthly_budget_fen
        order by m.sub_account_id limit ${BATCH}`,
  );
  const stopped: string[] = [];
  for (const row of due) {
    const subAccountId = num(row.sub_account_id);
    const userId = num(row.main_user_id);
    const mine = await stopSubAccountInstances(ctx, { userId, subAccountId }, "all");
    const at = now.toISOString();
    const [marked] = await preparedRowsOf<{ sub_account_id: unknown }>(
      ctx.db,
      sql`update sub_account_month_spending set stopped_at = ${at}::timestamptz
          where sub_account_id = ${subAccountId} and month = ${month} and stopped_at is null
          returning sub_account_id`,
    );
    if (!marked) continue;
    stopped.push(...mine);
    const text = `子账号「${row.name}」本月预算已用完，按主账号的设置已关闭其运行中的实例（${mine.length} 台）。`;
    await preparedRowsOf(
      ctx.db,
      sql`insert into messages (user_id, sub_account_id, message, created_at)
          values (${userId}, null, ${text}, ${at}::timestamptz), (${userId}, ${subAccountId}, ${text}, ${at}::timestamptz)`,
    );
  }
  return { subAccounts: due.length, stopped };
}
