/**
 * Packages (by the hour, the day or the month) at the end of their time (issue 12 §5):
 * notices 3 days and 1 day before `package_expires_at`, and at expiry the stop
 * (stopping, stop_reason expired; the lifecycle's stopping → stopped frees the
 * GPUs the package kept while stopped) with `release_at` = expiry + retention,
 * and a notice. Each notice goes out once per expiry: it is marked in
 * `notified` with the expiry's time ("expiry_3d:<ms>", "expiry_1d:<ms>",
 * "expired:<ms>"), so a renewal, which moves the expiry, arms them again.
 * Rows are claimed with FOR UPDATE SKIP LOCKED and marked in the same
 * statement that writes the notice, so two runners never send one twice.
 */
import { sql } from "drizzle-orm";
import { rowsOf } from "../finance/rows";
import { EVENT_TEXT, instanceEventsFrom } from "../instances/events";
import type { BillingCtx } from "./arrears";
import { STOP_SECONDS } from "./arrears";
import { shanghaiTimeSql } from "./hourly-cost";

// Every prepaid package: hours (包时), days and months (decision 085).
export const EXPIRY_SOON_TITLE = "套餐实例即将到期";
export const EXPIRED_TITLE = "套餐实例已到期关机";

const EXPIRY_MS = sql`floor(extract(epoch from i.package_expires_at) * 1000)::bigint`;

/** Sends the 3-day and 1-day notices due now; returns the instances notified. */
export async function notifyPackageExpiry(ctx: BillingCtx): Promise<number[]> {
  const at = sql`${ctx.now().toISOString()}::timestamptz`;
  const rows = await rowsOf<{ id: unknown }>(
    ctx.db,
    sql`
    with due as (
      select i.id,
        case when i.package_expires_at <= ${at} + interval '1 day' then 'expiry_1d' else 'expiry_3d' end as notice
      from instances i
      where i.billing_mode <> 'hour' and i.state not in ('releasing', 'released')
        and i.package_expires_at > ${at} and i.package_expires_at <= ${at} + interval '3 days'
      for update of i skip locked
    ),
    marked as (
      update instances i
      set notified = i.notified || jsonb_build_array('expiry_3d:' || ${EXPIRY_MS})
        || case when d.notice = 'expiry_1d' then jsonb_build_array('expiry_1d:' || ${EXPIRY_MS}) else '[]'::jsonb end
      from due d
      where i.id = d.id and not i.notified @> jsonb_build_array(d.notice || ':' || ${EXPIRY_MS})
        -- A package shorter than the notice's lead time gets no notice at rental.
        and i.created_at < i.package_expires_at - case when d.notice = 'expiry_1d' then interval '1 day' else interval '3 days' end
      returning i.id, i.user_id, i.name, i.package_expires_at, d.notice
    ),
    notices as (
      insert into notifications (user_id, title, original, created_at)
      select m.user_id, ${EXPIRY_SOON_TITLE},
        '您的实例「' || m.name || '」将于 ' || ${shanghaiTimeSql(sql`m.package_expires_at`)} || ' 到期（'
          || case when m.notice = 'expiry_1d' then '不足 1 天' else '不足 3 天' end
          || '）。到期后实例将自动关机并保留 ' || ${ctx.site.instanceRetentionDays}::int
          || ' 天，之后自动释放；如需继续使用请及时续费。',
        ${at}
      from marked m
      returning id
    )
    select id from marked order by id`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Stops the packages whose time is over (running ones, and stopped ones that
 * still hold their GPUs), sets their release time and notifies their owners.
 * Instances in a transition (creating, starting, stopping, …) are taken at a
 * later run, once the transition is over.
 */
export async function expirePackages(ctx: BillingCtx): Promise<number[]> {
  const at = sql`${ctx.now().toISOString()}::timestamptz`;
  const rows = await rowsOf<{ id: unknown }>(
    ctx.db,
    sql`
    with due as (
      select i.id from instances i
      where i.billing_mode <> 'hour' and i.state in ('running', 'stopped') and i.package_expires_at <= ${at}
        and not i.notified @> jsonb_build_array('expired:' || ${EXPIRY_MS})
      for update of i skip locked
    ),
    expired as (
      update instances i
      set state = 'stopping', stop_reason = 'expired',
          transition_at = ${at} + interval '${sql.raw(String(STOP_SECONDS))} seconds', state_changed_at = ${at},
          release_at = i.package_expires_at + make_interval(days => ${ctx.site.instanceRetentionDays}::int),
          notified = i.notified || jsonb_build_array('expired:' || ${EXPIRY_MS})
      from due d
      where i.id = d.id and i.state in ('running', 'stopped')
      returning i.id, i.user_id, i.name, i.package_expires_at, i.release_at
    ),
    notices as (
      insert into notifications (user_id, title, original, created_at)
      select e.user_id, ${EXPIRED_TITLE},
        '您的实例「' || e.name || '」已于 ' || ${shanghaiTimeSql(sql`e.package_expires_at`)}
          || ' 到期并自动关机。实例将保留至 ' || ${shanghaiTimeSql(sql`e.release_at`)}
          || '，之后自动释放，数据将无法恢复；续费后可重新开机。',
        ${at}
      from expired e
      returning id
    ),
    logged as (${instanceEventsFrom("expired", { kind: "expired_stop", actor: "system", text: sql`${EVENT_TEXT.expired_stop}::text`, at })})
    select id from expired order by id`,
  );
  return rows.map((r) => Number(r.id));
}
