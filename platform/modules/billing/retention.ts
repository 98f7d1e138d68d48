/**
 * The end of retention (decision 043): a stopped instance whose `release_at`
 * has come (a stopped hourly instance, a package after expiry) is released:
 * releasing now, released 3 s later by the lifecycle's transition job, which
 * frees anything it still holds. The owner is notified. Rows are claimed with
 * FOR UPDATE SKIP LOCKED and the state change is conditional, so two runners
 * release and notify once.
 */
import { sql } from "drizzle-orm";
import { rowsOf } from "../finance/rows";
import { EVENT_TEXT, instanceEventsFrom } from "../instances/events";
import type { BillingCtx } from "./arrears";
import { shanghaiTimeSql } from "./hourly-cost";

export const RELEASED_TITLE = "实例保留期满已释放";

/** Seconds the simulated fleet takes to release an instance (decision 043). */
export const RELEASE_SECONDS = 3;

export async function releaseRetained(ctx: BillingCtx): Promise<number[]> {
  const at = sql`${ctx.now().toISOString()}::timestamptz`;
  const rows = await rowsOf<{ id: unknown }>(
    ctx.db,
    sql`
    with due as (
      select i.id from instances i
      where i.state = 'stopped' and i.release_at <= ${at}
      for update of i skip locked
    ),
    released as (
      update instances i
      set state = 'releasing', transition_at = ${at} + interval '${sql.raw(String(RELEASE_SECONDS))} seconds',
          state_changed_at = ${at}
      from due d
      where i.id = d.id and i.state = 'stopped'
      returning i.id, i.user_id, i.name, i.release_at
    ),
    notices as (
      insert into notifications (user_id, title, original, created_at)
      select r.user_id, ${RELEASED_TITLE},
        '您的实例「' || r.name || '」关机后的保留期已于 ' || ${shanghaiTimeSql(sql`r.release_at`)}
          || ' 届满，实例已自动释放，数据已清除。',
        ${at}
      from released r
      returning id
    ),
    logged as (${instanceEventsFrom("released", { kind: "retention_release", actor: "system", text: sql`${EVENT_TEXT.retention_release}::text`, at })})
    select id from released order by id`,
  );
  return rows.map((r) => Number(r.id));
}
