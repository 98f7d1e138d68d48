/**
 * The end of a cloud disk's term (issue 36 §1, decision 083): site messages 7,
 * 3 and 1 days before its expiry (once each: `warned_days` keeps the last one
 * sent, a renewal clears it), read-only at its expiry, deleted when the
 * retention (the instances' retention days) after it is over. Each step is one
 * statement: the due rows are claimed FOR UPDATE SKIP LOCKED, changed by a
 * conditional update and their owners notified in the same statement, so two
 * runners never send a message twice or act on a disk a renewal holds.
 */
import { sql } from "drizzle-orm";
import { rowsOf } from "../finance/rows";
import type { Ctx } from "../context";
import { shanghaiTimeSql } from "../billing/hourly-cost";

type JobCtx = Pick<Ctx, "db" | "now" | "site">;

export const DISK_EXPIRY_SOON_TITLE = "云盘即将到期";
export const DISK_READ_ONLY_TITLE = "云盘已到期，现为只读";
export const DISK_DELETED_TITLE = "云盘已删除";

const ids = (rows: { id: unknown }[]) => rows.map((r) => Number(r.id));

/** Sends the 7-, 3- and 1-day warnings due now; returns the disks warned. */
export async function warnExpiringDisks(ctx: JobCtx): Promise<number[]> {
  const at = sql`${ctx.now().toISOString()}::timestamptz`;
  const rows = await rowsOf<{ id: unknown }>(
    ctx.db,
    sql`
    with due as (
      select d.id,
        case when d.expires_at <= ${at} + interval '1 day' then 1
             when d.expires_at <= ${at} + interval '3 days' then 3 else 7 end as days
      from cloud_disks d
      where d.state = 'active' and d.expires_at > ${at} and d.expires_at <= ${at} + interval '7 days'
      for update of d skip locked
    ),
    warned as (
      update cloud_disks d set warned_days = due.days
      from due
      where d.id = due.id and d.state = 'active' and (d.warned_days is null or d.warned_days > due.days)
      returning d.id, d.user_id, d.region_id, d.size_gb, d.expires_at, due.days
    ),
    notices as (
      insert into notifications (user_id, title, original, created_at)
      select w.user_id, ${DISK_EXPIRY_SOON_TITLE},
        '您在' || r.name || '的云盘（' || w.size_gb || ' GB）将于 ' || ${shanghaiTimeSql(sql`w.expires_at`)}
          || ' 到期（不足 ' || w.days || ' 天）。到期后云盘变为只读并保留 ' || ${ctx.site.instanceRetentionDays}::int
          || ' 天，之后自动删除，数据无法恢复；如需继续使用请及时续费。',
        ${at}
      from warned w join regions r on r.id = w.region_id
      returning id
    )
    select id from warned order by id`,
  );
  return ids(rows);
}

/** Makes the disks whose term is over read-only and tells their owners until when they are kept. */
export async function makeExpiredDisksReadOnly(ctx: JobCtx): Promise<number[]> {
  const at = sql`${ctx.now().toISOString()}::timestamptz`;
  const keep = sql`make_interval(days => ${ctx.site.instanceRetentionDays}::int)`;
  const rows = await rowsOf<{ id: unknown }>(
    ctx.db,
    sql`
    with due as (
      select d.id from cloud_disks d
      where d.state = 'active' and d.expires_at <= ${at}
      for update of d skip locked
    ),
    expired as (
      update cloud_disks d set state = 'read_only'
      from due
      where d.id = due.id and d.state = 'active' and d.expires_at <= ${at}
      returning d.id, d.user_id, d.region_id, d.expires_at
    ),
    notices as (
      insert into notifications (user_id, title, original, created_at)
      select e.user_id, ${DISK_READ_ONLY_TITLE},
        '您在' || r.name || '的云盘已于 ' || ${shanghaiTimeSql(sql`e.expires_at`)}
          || ' 到期，现为只读（可下载，不能写入）。云盘将保留至 ' || ${shanghaiTimeSql(sql`(e.expires_at + ${keep})`)}
          || '，之后自动删除，数据无法恢复；续费后即可恢复读写。',
        ${at}
      from expired e join regions r on r.id = e.region_id
      returning id
    )
    select id from expired order by id`,
  );
  return ids(rows);
}

/** Deletes the read-only disks whose retention is over. */
export async function deleteRetainedDisks(ctx: JobCtx): Promise<number[]> {
  const at = sql`${ctx.now().toISOString()}::timestamptz`;
  const keep = sql`make_interval(days => ${ctx.site.instanceRetentionDays}::int)`;
  const rows = await rowsOf<{ id: unknown }>(
    ctx.db,
    sql`
    with due as (
      select d.id from cloud_disks d
      where d.state = 'read_only' and d.expires_at + ${keep} <= ${at}
      for update of d skip locked
    ),
    deleted as (
      update cloud_disks d set state = 'deleted', deleted_at = ${at}, used_bytes = 0
      from due
      where d.id = due.id and d.state = 'read_only' and d.expires_at + ${keep} <= ${at}
      returning d.id, d.user_id, d.region_id, d.size_gb
    ),
    notices as (
      insert into notifications (user_id, title, original, created_at)
      select x.user_id, ${DISK_DELETED_TITLE},
        '您在' || r.name || '的云盘（' || x.size_gb || ' GB）到期后保留期已满，已被删除。如需存储空间，可重新购买云盘。',
        ${at}
      from deleted x join regions r on r.id = x.region_id
      returning id
    )
    select id from deleted order by id`,
  );
  return ids(rows);
}
