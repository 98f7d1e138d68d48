/**
 * Running out of money (issue 12 §5, decision 046). Every minute, after the
 * hourly settlement:
 *
 * - `stopForArrears`: a user whose cash plus available credit cannot pay one
 *   more hour of their running hourly instances has them all settled up to
 *   now and stopped (stopping, stop_reason arrears, the lifecycle's transition
 *   job finishes the stop 3 s later and frees the slots), kept for the
 *   retention period, and is notified once. Vouchers do not count: they pay
 *   settlements first, but never arrears. Stopping an hour early is what keeps
 *   every settlement within what the wallets can pay.
 * - `notifyLowBalance`: once per episode, a notice when vouchers + cash +
 *   available credit cover less than 2 hours of the running hourly instances.
 *   The episode is marked "low_balance" in the running instances' `notified`
 *   and ends (the marks are cleared) when the balance covers 2 hours again.
 */
import { sql } from "drizzle-orm";
import { inTransaction } from "../../db/tx";
import type { Ctx } from "../context";
import { rowsOf } from "../finance/rows";
import { EVENT_TEXT, instanceEventsFrom } from "../instances/events";
import { hourlyCostByUser, shanghaiTimeSql } from "./hourly-cost";
import { settleUsage } from "./settle";
import { yuanSql } from "./sql-money";

/** What the billing jobs need of the context. */
export type BillingCtx = Pick<Ctx, "db" | "now" | "site">;

/** Seconds the simulated fleet takes to stop an instance (decision 043). */
export const STOP_SECONDS = 3;

export const ARREARS_TITLE = "实例因余额不足已关机";
export const LOW_BALANCE_TITLE = "余额不足提醒";

export interface ArrearsResult {
  /** The instances stopped for arrears. */
  stopped: number[];
  /** What their final settlements charged. */
  chargedFen: number;
}

/** Users short of one hour of their running hourly instances, by cash + available credit. */
const SHORT_USERS = sql`
  select c.user_id from ${hourlyCostByUser} c join users u on u.id = c.user_id
  where u.money_fen + u.credit_quota_fen < c.hour_fen`;

export async function stopForArrears(ctx: BillingCtx): Promise<ArrearsResult> {
  const candidates = await rowsOf<{ id: unknown }>(
    ctx.db,
    sql`select i.id from instances i
        where i.billing_mode = 'hour' and i.state = 'running' and i.user_id in (${SHORT_USERS})
        order by i.id`,
  );
  if (candidates.length === 0) return { stopped: [], chargedFen: 0 };
  const ids = candidates.map((r) => Number(r.id));
  const now = ctx.now();
  const at = sql`${now.toISOString()}::timestamptz`;
  const idArray = sql`${`{${ids.join(",")}}`}::bigint[]`;
  return inTransaction(ctx.db, async (tx) => {
    const settled = await settleUsage(tx, { upTo: now, instanceIds: ids, now });
    // Checked again on the settled balances: a top-up since the first look keeps its instances running.
    const stopped = await rowsOf<{ id: unknown }>(
      tx,
      sql`
      with stopped as (
        update instances i
        set state = 'stopping', stop_reason = 'arrears', transition_at = ${at} + interval '${sql.raw(String(STOP_SECONDS))} seconds',
            state_changed_at = ${at}, no_gpu_rate_fen = null,
            release_at = ${at} + make_interval(days => ${ctx.site.instanceRetentionDays}::int)
        where i.id = any(${idArray}) and i.state = 'running' and i.billing_mode = 'hour'
          and i.user_id in (${SHORT_USERS})
        returning i.id, i.user_id, i.name
      ),
      notices as (
        insert into notifications (user_id, title, original, created_at)
        select s.user_id, ${ARREARS_TITLE},
          '您的余额（含可用授信额度）已不足以支付按量计费实例下一小时的费用，实例「'
            || string_agg(s.name, '」「' order by s.id) || '」已于 ' || ${shanghaiTimeSql(at)}
            || ' 自动关机，费用已结算至关机时刻。算力券不可抵扣欠费。充值后可重新开机；关机的实例保留 '
            || ${ctx.site.instanceRetentionDays}::int || ' 天，到期后自动释放。',
          ${at}
        from stopped s group by s.user_id
        returning id
      ),
      logged as (${instanceEventsFrom("stopped", { kind: "arrears_stop", actor: "system", text: sql`${EVENT_TEXT.arrears_stop}::text`, at })})
      select s.id from stopped s order by s.id`,
    );
    return { stopped: stopped.map((r) => Number(r.id)), chargedFen: settled.chargedFen };
  });
}

/** Sends the low-balance notices due now; returns the users notified. */
export async function notifyLowBalance(ctx: BillingCtx): Promise<number[]> {
  const at = sql`${ctx.now().toISOString()}::timestamptz`;
  const rows = await rowsOf<{ user_id: unknown }>(
    ctx.db,
    sql`
    with low as (
      select c.user_id, c.hour_fen, u.money_fen + u.credit_quota_fen + u.power_money_fen as balance_fen
      from ${hourlyCostByUser} c join users u on u.id = c.user_id
      where u.money_fen + u.credit_quota_fen + u.power_money_fen < 2 * c.hour_fen
    ),
    marked_before as (
      select distinct i.user_id from instances i
      where i.billing_mode = 'hour' and i.state = 'running' and i.notified @> '["low_balance"]'::jsonb
        and i.user_id in (select user_id from low)
    ),
    marked as (
      update instances i set notified = i.notified || '["low_balance"]'::jsonb
      where i.billing_mode = 'hour' and i.state = 'running' and not i.notified @> '["low_balance"]'::jsonb
        and i.user_id in (select user_id from low)
      returning i.user_id
    ),
    cleared as (
      update instances i set notified = i.notified - 'low_balance'
      where i.notified @> '["low_balance"]'::jsonb and i.user_id not in (select user_id from low)
      returning i.id
    ),
    notices as (
      insert into notifications (user_id, title, original, created_at)
      select l.user_id, ${LOW_BALANCE_TITLE},
        '您的可用余额（余额、可用授信额度与算力券合计）¥' || ${yuanSql(sql`greatest(l.balance_fen, 0)`)}
          || ' 已不足以支付运行中的按量计费实例 2 小时的费用（每小时 ¥' || ${yuanSql(sql`l.hour_fen`)}
          || '）。余额（含可用授信额度）不足以支付下一小时时，实例将自动关机，请及时充值。',
        ${at}
      from low l
      where l.user_id in (select user_id from marked) and l.user_id not in (select user_id from marked_before)
      returning user_id
    )
    select user_id from notices order by user_id`,
  );
  return rows.map((r) => Number(r.user_id));
}
