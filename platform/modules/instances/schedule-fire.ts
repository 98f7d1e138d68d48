/**
 * The scheduled shutdowns' job (decision 087), every 15 seconds: each pending
 * shutdown whose minute has come, on an instance that is running, stops it
 * once, the way the user's stop does: an hourly instance is settled up to now
 * (settleUsage), then the instance moves running → stopping (stop_reason
 * user: the user asked for it) by a conditional update, and the lifecycle's
 * transition job finishes the stop (frees an hourly instance's GPUs, starts
 * the retention countdown, notifies the owner). The shutdown row is claimed
 * with its instance FOR UPDATE SKIP LOCKED and marked fired in the same
 * statement, so two runners never fire one twice, and the log records it.
 * An instance restarting at its minute is stopped at the first run after it
 * is running again; a stop or release before the minute has cancelled it.
 */
import { sql } from "drizzle-orm";
import { inTransaction } from "../../db/tx";
import type { BillingCtx } from "../billing/arrears";
import { STOP_SECONDS } from "../billing/arrears";
import { shanghaiTimeSql } from "../billing/hourly-cost";
import { settleUsage } from "../billing/settle";
import { rowsOf } from "../finance/rows";
import { instanceEventsFrom } from "./events";

/** At most this many shutdowns fire per run; the next run takes the rest. */
const BATCH = 500;

export interface FiredShutdowns {
  /** The instances stopped. */
  stopped: number[];
  /** What settling the hourly ones up to now charged. */
  chargedFen: number;
}

export async function fireScheduledShutdowns(ctx: BillingCtx): Promise<FiredShutdowns> {
  const now = ctx.now();
  const at = sql`${now.toISOString()}::timestamptz`;
  const due = await rowsOf<{ instance_id: unknown }>(
    ctx.db,
    sql`select s.instance_id from scheduled_shutdowns s join instances i on i.id = s.instance_id
        where s.state = 'pending' and s.fire_at <= ${at} and i.state = 'running'
        order by s.fire_at limit ${BATCH}`,
  );
  if (due.length === 0) return { stopped: [], chargedFen: 0 };
  const ids = due.map((r) => Number(r.instance_id));
  const idArray = sql`${`{${ids.join(",")}}`}::bigint[]`;
  return inTransaction(ctx.db, async (tx) => {
    const settled = await settleUsage(tx, { upTo: now, instanceIds: ids, now });
    const stopped = await rowsOf<{ id: unknown }>(
      tx,
      sql`
      with due as (
        select s.id, s.instance_id, s.fire_at from scheduled_shutdowns s join instances i on i.id = s.instance_id
        where s.instance_id = any(${idArray}) and s.state = 'pending' and s.fire_at <= ${at} and i.state = 'running'
        for update of s, i skip locked
      ),
      fired as (
        update scheduled_shutdowns s set state = 'fired', ended_at = ${at}
        from due d where s.id = d.id and s.state = 'pending'
        returning s.instance_id, s.fire_at
      ),
      stopped as (
        update instances i
        set state = 'stopping', stop_reason = 'user', state_changed_at = ${at},
            transition_at = ${at} + interval '${sql.raw(String(STOP_SECONDS))} seconds'
        from fired f
        where i.id = f.instance_id and i.state = 'running'
        returning i.id, i.user_id, f.fire_at
      ),
      logged as (${instanceEventsFrom("stopped", {
        kind: "schedule_fired",
        actor: "system",
        text: sql`'已到设定的定时关机时间 ' || ${shanghaiTimeSql(sql`r.fire_at`)} || '（北京时间），系统自动关机'`,
        at,
      })})
      select id from stopped order by id`,
    );
    return { stopped: stopped.map((r) => Number(r.id)), chargedFen: settled.chargedFen };
  });
}
