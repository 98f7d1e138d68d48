/**
 * The GPU free notices' job (decision 092), every 10 seconds. First the
 * waiting notices past their 24 hours are expired (never sent after); then
 * each waiting notice whose instance is still stopped on the watched host,
 * holding no GPU, while that host is online with at least the instance's GPU
 * count free, is sent once: in ONE statement the notice and its instance are
 * claimed FOR UPDATE SKIP LOCKED, the notice marked sent by a conditional
 * update, the site message (with the start link) inserted and the instance log
 * written; the SMS and email go into the delivery outbox in the same
 * transaction, and out after its commit (decision 058: never a provider call
 * inside a transaction). Two runners never send one notice twice. The notice
 * reserves nothing: every waiting notice that fits is sent, first come first
 * served at the start.
 */
import { sql } from "drizzle-orm";
import { inTransaction } from "../../db/tx";
import { GPU_NOTICE_TITLE, RESTART_INSTANCE_PATH, restartInstanceLink, smsInstanceName } from "../../rules/gpu-notice";
import { shanghaiTimeSql } from "../billing/hourly-cost";
import type { Ctx } from "../context";
import { emailDelivery, queueDeliveries, smsDelivery } from "../deliveries/queue";
import { num, rowsOf } from "../finance/rows";
import { instanceEventsFrom } from "../instances/events";

/** At most this many notices are sent per run; the next run takes the rest. */
const BATCH = 500;

export interface GpuNoticeRun {
  /** The notices sent (ids). */
  sent: number[];
  /** The notices expired (ids). */
  expired: number[];
  /** The SMS and emails queued. */
  sms: number;
  email: number;
}

type JobCtx = Ctx;

/** Expires the waiting notices whose 24 hours are over, and logs it; returns their ids. */
export async function expireGpuFreeNotices(ctx: JobCtx): Promise<number[]> {
  const at = sql`${ctx.now().toISOString()}::timestamptz`;
  const rows = await rowsOf<{ notice_id: unknown }>(
    ctx.db,
    sql`
    with due as (
      select n.id from gpu_free_notices n
      where n.state = 'waiting' and n.expires_at <= ${at}
      for update of n skip locked
    ),
    expired as (
      update gpu_free_notices n set state = 'expired', ended_at = ${at}
      from due where n.id = due.id and n.state = 'waiting'
      returning n.id as notice_id, n.instance_id as id, n.user_id, n.created_at
    ),
    logged as (${instanceEventsFrom("expired", {
      kind: "gpu_notice_expired",
      actor: "system",
      text: sql`'GPU 空闲通知已过期：' || ${shanghaiTimeSql(sql`r.created_at`)}
        || '（北京时间）订阅后 24 小时内所在主机未空出足够的 GPU，未发送通知'`,
      at,
    })})
    select notice_id from expired order by notice_id`,
  );
  return rows.map((r) => num(r.notice_id));
}

interface SentRow {
  notice_id: unknown;
  uuid: string;
  name: string;
  host_name: string;
  gpu_free: unknown;
  gpu_count: unknown;
  sub_account_id: unknown;
  notify_sms: boolean;
  notify_email: boolean;
  phone: string | null;
  notice_email: string | null;
  notice_email_confirmed_at: unknown;
}

/** Sends the notices whose host now has the GPUs; returns what was sent and queued. */
export async function sendDueGpuFreeNotices(ctx: JobCtx): Promise<Omit<GpuNoticeRun, "expired">> {
  const now = ctx.now();
  const at = sql`${now.toISOString()}::timestamptz`;
  return inTransaction(ctx.db, async (tx) => {
    const rows = await rowsOf<SentRow>(
      tx,
      sql`
      with due as (
        select n.id from gpu_free_notices n
        join instances i on i.id = n.instance_id
        join hosts h on h.id = n.host_id
        where n.state = 'waiting' and n.expires_at > ${at}
          and i.state = 'stopped' and not i.gpu_held and i.host_id = n.host_id
          and h.online and h.gpu_free >= i.gpu_count
        order by n.created_at, n.id
        limit ${BATCH}
        for update of n, i skip locked
      ),
      sent as (
        update gpu_free_notices n set state = 'sent', sent_at = ${at}, ended_at = ${at}
        from due d where n.id = d.id and n.state = 'waiting'
        returning n.id as notice_id, n.instance_id, n.user_id, n.sub_account_id, n.notify_sms, n.notify_email
      ),
      facts as (
        select s.notice_id, s.user_id, s.sub_account_id, s.notify_sms, s.notify_email,
          i.id, i.uuid, i.name, i.gpu_count, h.name as host_name, h.gpu_free
        from sent s join instances i on i.id = s.instance_id join hosts h on h.id = i.host_id
      ),
      notices as (
        insert into notifications (user_id, sub_account_id, title, original, created_at)
        select f.user_id, f.sub_account_id, ${GPU_NOTICE_TITLE},
          '您的实例「' || f.name || '」所在主机 ' || f.host_name || ' 现有 ' || f.gpu_free
            || ' 张空闲 GPU（实例需要 ' || f.gpu_count || ' 张）。GPU 不预留，先到先得，请尽快开机：'
            || ${RESTART_INSTANCE_PATH}::text || '?uuid=' || f.uuid,
          ${at}
        from facts f
        returning id
      ),
      logged as (${instanceEventsFrom("facts", {
        kind: "gpu_notice_sent",
        actor: "system",
        text: sql`'GPU 空闲通知已发送：主机 ' || r.host_name || ' 现有 ' || r.gpu_free || ' 张空闲 GPU（需要 '
          || r.gpu_count || ' 张），请尽快开机（不预留 GPU，先到先得）'`,
        at,
      })})
      select f.notice_id, f.uuid, f.name, f.host_name, f.gpu_free, f.gpu_count, f.sub_account_id,
        f.notify_sms, f.notify_email, u.phone, u.notice_email, u.notice_email_confirmed_at
      from facts f join users u on u.id = f.user_id
      order by f.notice_id`,
    );
    const outgoing = [];
    let sms = 0;
    let email = 0;
    for (const r of rows) {
      // Only a main account's own channels, as they are now (decision 059): a sub-account's notice is site-only.
      const own = r.sub_account_id === null;
      if (own && r.notify_sms && r.phone) {
        outgoing.push(
          smsDelivery(
            {
              phone: r.phone,
              template: "gpu_free",
              params: { instance: smsInstanceName(r.name), gpus: String(num(r.gpu_free)) },
            },
            now,
          ),
        );
        sms++;
      }
      if (own && r.notify_email && r.notice_email && r.notice_email_confirmed_at !== null) {
        const link = `${ctx.site.publicUrl}${restartInstanceLink(r.uuid)}`;
        outgoing.push(
          emailDelivery(
            {
              to: r.notice_email,
              subject: `【GPU 空闲通知】实例「${r.name}」可以开机了`,
              text:
                `您的实例「${r.name}」所在主机 ${r.host_name} 现有 ${num(r.gpu_free)} 张空闲 GPU（实例需要 ${num(r.gpu_count)} 张）。\n` +
                `GPU 不预留，先到先得，请尽快开机：${link}\n` +
                "本通知只发送一次。",
            },
            now,
          ),
        );
        email++;
      }
    }
    await queueDeliveries({ ...ctx, db: tx }, outgoing);
    return { sent: rows.map((r) => num(r.notice_id)), sms, email };
  });
}

/** The job: expire first (an expired notice is never sent), then send. */
export async function runGpuFreeNotices(ctx: JobCtx): Promise<GpuNoticeRun> {
  const expired = await expireGpuFreeNotices(ctx);
  return { expired, ...(await sendDueGpuFreeNotices(ctx)) };
}
