import { sql } from "drizzle-orm";
import { notifications } from "../../db/schema";
import { inTransaction } from "../../db/tx";
import type { Ctx } from "../context";
import { num, rowsOf } from "../finance/rows";
import { EVENT_TEXT, recordInstanceEvents, type InstanceEventKind } from "./events";

/** How many instances each kind of due transition moved on. */
export interface AdvancedTransitions {
  running: number;
  stopped: number;
  released: number;
}

/** At most this many instances of one kind move per statement; the next run takes the rest. */
const BATCH = 1000;

interface MovedRow {
  id: unknown;
  user_id: unknown;
  sub_account_id: unknown;
  name: string;
  uuid: string;
  was: string;
}

const NOTICE = {
  running: { creating: "实例已创建并开机", starting: "实例已开机", restarting: "实例已重启" },
  stopped: "实例已关机",
  released: "实例已释放",
} as const;

/**
 * Moves the simulated fleet's due transitions on (decision 043), one
 * set-based statement per kind, each claiming its rows with FOR UPDATE SKIP
 * LOCKED so two platform processes never move one instance twice (and the
 * instance log gets each move once, in the same transaction):
 * creating/starting/restarting → running (hourly: billed from the moment it
 * runs); stopping → stopped (hourly, or a package stopped at expiry, frees
 * its GPUs and is released after the retention days); releasing → released
 * (frees what it held). The owner is notified of each.
 */
export async function advanceTransitions(ctx: Ctx): Promise<AdvancedTransitions> {
  const now = ctx.now().toISOString();
  const releaseAt = new Date(ctx.now().getTime() + ctx.site.instanceRetentionDays * 86_400_000).toISOString();

  const running = await inTransaction(ctx.db, async (tx) => {
    const rows = await rowsOf<MovedRow>(
      tx,
      sql`with due as (
            select id, state from instances
            where state in ('creating', 'starting', 'restarting') and transition_at <= ${now}::timestamptz
            order by transition_at limit ${BATCH} for update skip locked)
          update instances i set
            state = 'running',
            state_changed_at = i.transition_at,
            billed_until = case when i.billing_mode = 'hour' then i.transition_at else i.billed_until end,
            transition_at = null
          from due where i.id = due.id
          returning i.id, i.user_id, i.sub_account_id, i.name, i.uuid, due.state as was`,
    );
    await notify(tx, ctx.now(), rows, (r) => NOTICE.running[r.was as keyof typeof NOTICE.running] ?? "实例已开机");
    await log(tx, ctx.now(), rows, "running", (r) => EVENT_TEXT.running[r.was as keyof typeof EVENT_TEXT.running]);
    return rows.length;
  });

  const stopped = await inTransaction(ctx.db, async (tx) => {
    const rows = await rowsOf<MovedRow>(
      tx,
      sql`with due as (
            select id, gpu_held, (billing_mode = 'hour' or stop_reason = 'expired') as frees from instances
            where state = 'stopping' and transition_at <= ${now}::timestamptz
            order by transition_at limit ${BATCH} for update skip locked),
          moved as (
            update instances i set
              state = 'stopped',
              state_changed_at = i.transition_at,
              transition_at = null,
              gpu_held = case when due.frees then false else i.gpu_held end,
              release_at = case when due.frees then ${releaseAt}::timestamptz else null end
            from due where i.id = due.id
            returning i.id, i.user_id, i.sub_account_id, i.name, i.uuid, i.host_id, i.gpu_count,
              (due.frees and due.gpu_held) as freed, 'stopping' as was),
          freed as (
            update hosts h set gpu_free = h.gpu_free + f.n
            from (select host_id, sum(gpu_count)::int as n from moved where freed group by host_id) f
            where h.id = f.host_id
            returning h.id)
          select id, user_id, sub_account_id, name, uuid, was from moved`,
    );
    await notify(tx, ctx.now(), rows, () => NOTICE.stopped);
    await log(tx, ctx.now(), rows, "stopped", () => EVENT_TEXT.stopped);
    return rows.length;
  });

  const released = await inTransaction(ctx.db, async (tx) => {
    const rows = await rowsOf<MovedRow>(
      tx,
      sql`with due as (
            select id, gpu_held from instances
            where state = 'releasing' and transition_at <= ${now}::timestamptz
            order by transition_at limit ${BATCH} for update skip locked),
          moved as (
            update instances i set
              state = 'released',
              state_changed_at = i.transition_at,
              released_at = i.transition_at,
              transition_at = null,
              release_at = null,
              gpu_held = false
            from due where i.id = due.id
            returning i.id, i.user_id, i.sub_account_id, i.name, i.uuid, i.host_id, i.gpu_count,
              due.gpu_held as freed, 'releasing' as was),
          freed as (
            update hosts h set gpu_free = h.gpu_free + f.n
            from (select host_id, sum(gpu_count)::int as n from moved where freed group by host_id) f
            where h.id = f.host_id
            returning h.id)
          select id, user_id, sub_account_id, name, uuid, was from moved`,
    );
    await notify(tx, ctx.now(), rows, () => NOTICE.released);
    await log(tx, ctx.now(), rows, "released", () => EVENT_TEXT.released);
    return rows.length;
  });

  return { running, stopped, released };
}

async function notify(db: Parameters<typeof rowsOf>[0], at: Date, rows: MovedRow[], title: (r: MovedRow) => string) {
  if (rows.length === 0) return;
  await db.insert(notifications).values(
    rows.map((r) => ({
      userId: num(r.user_id),
      subAccountId: r.sub_account_id === null ? null : num(r.sub_account_id),
      title: title(r),
      original: `${title(r)}：${r.name}（${r.uuid}）`,
      createdAt: at,
    })),
  );
}

/** The fleet's moves in the instance log, in one insert (the time is the job's run, like the notice's). */
async function log(
  db: Parameters<typeof rowsOf>[0],
  at: Date,
  rows: MovedRow[],
  kind: InstanceEventKind,
  text: (r: MovedRow) => string,
) {
  await recordInstanceEvents(
    db,
    rows.map((r) => ({
      instanceId: num(r.id),
      userId: num(r.user_id),
      kind,
      actor: "system" as const,
      text: text(r),
      at,
    })),
  );
}
