/**
 * Scheduled shutdown (定时关机, issue 36 §2, decision 087): the owner of a
 * running instance sets a minute for it to stop, sees what running until then
 * costs, changes or cancels it. Each call is one transaction holding the
 * instance's row lock, so it is ordered with a stop (whose state change
 * cancels a pending shutdown: the trigger of migration 0020) and with the fire
 * job (platform/modules/instances/schedule-fire.ts). Someone else's instance
 * (or a missing one) is INSTANCE_NOT_FOUND, as for every instance call.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type instances } from "../../db/market-schema";
import { scheduledShutdowns } from "../../db/schedule-schema";
import { inTransaction } from "../../db/tx";
import {
  shutdownEstimate,
  shutdownText,
  shutdownTimeRefusal,
  type ShutdownEstimate,
} from "../../rules/scheduled-shutdown";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { recordInstanceEvent } from "./events";
import { ownInstanceRow } from "./scope";
import { instanceById, type Instance } from "./view";

type InstanceRow = typeof instances.$inferSelect;

/** The field the shutdown time travels in, on the wire and in the page's form. */
export const SHUTDOWN_FIELD = "shutdown_at";

export interface PendingShutdown {
  fireAt: Date;
  createdAt: Date;
  updatedAt: Date;
  /** What running until then costs, from now. */
  estimate: ShutdownEstimate;
}

/** An instance's scheduled shutdown as its page shows it. */
export interface ScheduledShutdownView {
  instance: Instance;
  /** The pending shutdown, if one is set. */
  shutdown: PendingShutdown | null;
  /** The server's time (the clock the job fires by). */
  now: Date;
  /** Days a stopped instance is kept (what survives the stop, in the confirmation). */
  retentionDays: number;
}

/** What a time would cost, before setting it. */
export interface ShutdownPreview extends ScheduledShutdownView {
  fireAt: Date;
  estimate: ShutdownEstimate;
}

export interface ShutdownChange extends ScheduledShutdownView {
  /** set: a new one; changed: another time replaced; unchanged: the same time again; cancelled; none: nothing to cancel. */
  outcome: "set" | "changed" | "unchanged" | "cancelled" | "none";
}

const estimateFor = (row: InstanceRow, now: Date, fireAt: Date) =>
  shutdownEstimate({
    now,
    fireAt,
    hourly: row.billingMode === "hour",
    unitPriceFen: row.unitPriceFen,
    gpuCount: row.gpuCount,
    vipDiscountBp: row.vipDiscountBp,
  });

async function pendingOf(db: Db, instanceId: number) {
  const [row] = await db
    .select()
    .from(scheduledShutdowns)
    .where(and(eq(scheduledShutdowns.instanceId, instanceId), eq(scheduledShutdowns.state, "pending")));
  return row ?? null;
}

async function viewOf(ctx: Ctx, db: Db, row: InstanceRow, now: Date): Promise<ScheduledShutdownView> {
  const pending = await pendingOf(db, row.id);
  return {
    instance: await instanceById(db, row.id, now),
    shutdown: pending && {
      fireAt: pending.fireAt,
      createdAt: pending.createdAt,
      updatedAt: pending.updatedAt,
      estimate: estimateFor(row, now, pending.fireAt),
    },
    now,
    retentionDays: ctx.site.instanceRetentionDays,
  };
}

/** Refuses a time that is not a whole future minute within the limits, or an instance that is not running. */
function check(row: InstanceRow, fireAt: Date, now: Date): void {
  if (row.state !== "running") fail("INSTANCE_STATE", undefined, "仅运行中的实例可以设置定时关机");
  if (fireAt.getTime() % 60_000 !== 0) fail("BAD_REQUEST", SHUTDOWN_FIELD, "定时关机时间精确到分钟");
  const refusal = shutdownTimeRefusal({ fireAt, now, packageExpiresAt: row.packageExpiresAt });
  if (refusal) fail("BAD_REQUEST", SHUTDOWN_FIELD, refusal);
}

/** `/instance/get_scheduled_shutdown`: the pending shutdown (or none) and the server's time. */
export async function getScheduledShutdown(
  ctx: Ctx,
  caller: Caller,
  input: { uuid: string },
): Promise<ScheduledShutdownView> {
  const now = ctx.now();
  const row = await ownInstanceRow(ctx.db, caller, input.uuid, { lock: false });
  return viewOf(ctx, ctx.db, row, now);
}

/** `/instance/preview_scheduled_shutdown`: what stopping at `fireAt` would cost; changes nothing. */
export async function previewScheduledShutdown(
  ctx: Ctx,
  caller: Caller,
  input: { uuid: string; fireAt: Date },
): Promise<ShutdownPreview> {
  const now = ctx.now();
  const row = await ownInstanceRow(ctx.db, caller, input.uuid, { lock: false });
  check(row, input.fireAt, now);
  return {
    ...(await viewOf(ctx, ctx.db, row, now)),
    fireAt: input.fireAt,
    estimate: estimateFor(row, now, input.fireAt),
  };
}

/**
 * `/instance/set_scheduled_shutdown`: sets the shutdown, or moves the pending one to `fireAt`. Setting the same
 * time again changes nothing and logs nothing (a double submit).
 */
export async function setScheduledShutdown(
  ctx: Ctx,
  caller: Caller,
  input: { uuid: string; fireAt: Date },
): Promise<ShutdownChange> {
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const row = await ownInstanceRow(tx, caller, input.uuid, { lock: true });
    check(row, input.fireAt, now);
    const pending = await pendingOf(tx, row.id);
    if (pending?.fireAt.getTime() === input.fireAt.getTime())
      return { ...(await viewOf(ctx, tx, row, now)), outcome: "unchanged" };
    if (pending) {
      await tx
        .update(scheduledShutdowns)
        .set({ fireAt: input.fireAt, updatedAt: now })
        .where(and(eq(scheduledShutdowns.id, pending.id), eq(scheduledShutdowns.state, "pending")));
    } else {
      await tx
        .insert(scheduledShutdowns)
        .values({ instanceId: row.id, userId: row.userId, fireAt: input.fireAt, createdAt: now, updatedAt: now });
    }
    const when = `${shutdownText(input.fireAt)}（北京时间）`;
    await recordInstanceEvent(tx, {
      instanceId: row.id,
      userId: row.userId,
      kind: "schedule_set",
      actor: "user",
      text: pending ? `修改定时关机：由 ${shutdownText(pending.fireAt)} 改为 ${when}` : `设置定时关机：${when}`,
      at: now,
    });
    return { ...(await viewOf(ctx, tx, row, now)), outcome: pending ? "changed" : "set" };
  });
}

/** `/instance/cancel_scheduled_shutdown`: cancels the pending shutdown; with none pending it changes nothing. */
export async function cancelScheduledShutdown(
  ctx: Ctx,
  caller: Caller,
  input: { uuid: string },
): Promise<ShutdownChange> {
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const row = await ownInstanceRow(tx, caller, input.uuid, { lock: true });
    const [cancelled] = await tx
      .update(scheduledShutdowns)
      .set({ state: "cancelled", cancelReason: "user", endedAt: now })
      .where(and(eq(scheduledShutdowns.instanceId, row.id), eq(scheduledShutdowns.state, "pending")))
      .returning({ fireAt: scheduledShutdowns.fireAt });
    if (cancelled)
      await recordInstanceEvent(tx, {
        instanceId: row.id,
        userId: row.userId,
        kind: "schedule_cancel",
        actor: "user",
        text: `取消定时关机（原定 ${shutdownText(cancelled.fireAt)}，北京时间）`,
        at: now,
      });
    return { ...(await viewOf(ctx, tx, row, now)), outcome: cancelled ? "cancelled" : "none" };
  });
}
