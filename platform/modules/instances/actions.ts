import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { instances, type InstanceState } from "../../db/market-schema";
import { inTransaction } from "../../db/tx";
import { extraDiskHourFen } from "../../rules/data-disk-growth";
import { hourlyRateFen } from "../../rules/rental-price";
import { settleUsage } from "../billing/settle";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import type { ComputeTransition } from "../../providers/compute/types";
import { EVENT_TEXT, recordInstanceEvent } from "./events";
import { payingWallets, planRentalPayment, refuseShortfall, type PayingWallets } from "./payment";
import { ownedBy } from "./scope";
import { retakeSlots } from "./slots";
import { refuseOverUnverifiedCap } from "./unverified-cap";
import { instanceById, type Instance } from "./view";

type InstanceRow = typeof instances.$inferSelect;

interface Acting {
  tx: Db;
  row: InstanceRow;
  now: Date;
  paying: PayingWallets;
  /** Moves the instance from one of `from` into `to` (a transitional state), or refuses with INSTANCE_STATE. */
  move(from: InstanceState[], to: ComputeTransition, extra?: Partial<typeof instances.$inferInsert>): Promise<void>;
}

/**
 * One action on one of the caller's instances, in one transaction under the
 * main account's row lock: someone else's instance (or a missing one) is
 * INSTANCE_NOT_FOUND; the state change is a conditional update on the
 * expected state, so a double click or two concurrent requests change it once.
 * The request is written to the instance log in the same transaction.
 */
async function act(
  ctx: Ctx,
  caller: Caller,
  uuid: string,
  kind: "start" | "start_without_gpu" | "stop" | "restart" | "release",
  body: (a: Acting) => Promise<void>,
): Promise<Instance> {
  return inTransaction(ctx.db, async (tx) => {
    const paying = await payingWallets(tx, caller, true);
    const now = ctx.now();
    const [row] = await tx
      .select()
      .from(instances)
      .where(and(eq(instances.uuid, uuid), ownedBy(caller)));
    if (!row) return fail("INSTANCE_NOT_FOUND");
    const move: Acting["move"] = async (from, to, extra = {}) => {
      const [moved] = await tx
        .update(instances)
        .set({
          ...extra,
          state: to,
          stateChangedAt: now,
          transitionAt: new Date(now.getTime() + ctx.providers.compute.transitionDelayMs(to)),
        })
        .where(and(eq(instances.id, row.id), inArray(instances.state, from)))
        .returning({ id: instances.id });
      if (!moved) fail("INSTANCE_STATE");
    };
    await body({ tx, row, now, paying, move });
    await recordInstanceEvent(tx, {
      instanceId: row.id,
      userId: row.userId,
      kind,
      actor: "user",
      text: EVENT_TEXT[kind],
      at: now,
    });
    return instanceById(tx, row.id, now);
  });
}

const isHourly = (row: InstanceRow) => row.billingMode === "hour";

/** Settles an hourly running instance's usage up to now, in the action's transaction. */
async function settleIfRunning(a: Acting): Promise<void> {
  if (isHourly(a.row) && a.row.state === "running") await settleUsage(a.tx, { upTo: a.now, instanceIds: [a.row.id] });
}

/**
 * `/instance/start_instance`: from stopped. An hourly instance takes its GPUs
 * on its own host again (HOST_GPU_BUSY when the host lacks them) and needs
 * the wallet to pay an hour; a package starts while it is paid for.
 */
export async function startInstance(ctx: Ctx, caller: Caller, input: { uuid: string }): Promise<Instance> {
  return act(ctx, caller, input.uuid, "start", async (a) => {
    if (a.row.state !== "stopped") fail("INSTANCE_STATE");
    if (!isHourly(a.row) && (!a.row.gpuHeld || (a.row.packageExpiresAt && a.row.packageExpiresAt <= a.now)))
      fail("INSTANCE_STATE", undefined, "套餐已到期，无法开机");
    if (!a.row.gpuHeld)
      await refuseOverUnverifiedCap(a.tx, {
        userId: a.row.userId,
        verifiedAs: a.paying.renting.verifiedAs,
        requested: a.row.gpuCount,
        limit: ctx.site.verification.unverifiedGpuLimit,
      });
    await a.move(["stopped"], "starting", { gpuHeld: true, noGpuRateFen: null, releaseAt: null, stopReason: null });
    if (isHourly(a.row)) {
      // An hour of its GPUs and of its extra data disk (decision 093).
      const plan = planRentalPayment(a.paying, hourlyRateFen(a.row) + extraDiskHourFen(a.row.extraDiskMonthFen));
      if (!plan.ok) refuseShortfall(plan);
      if (!a.row.gpuHeld) await retakeSlots(a.tx, a.row.hostId, a.row.gpuCount);
    }
  });
}

/**
 * `/instance/start_instance_without_gpu` (无卡模式开机, decision 086): a
 * stopped hourly instance starts holding no GPU, so its host's free GPUs do
 * not matter, at the site's no-GPU hourly price (kept on the row, billed by
 * the settlement like any hourly usage); the wallet must pay an hour of it.
 * Packages are refused: in their term they hold their GPUs and start as they
 * are; past it, renewing gives the GPUs back.
 */
export async function startWithoutGpu(ctx: Ctx, caller: Caller, input: { uuid: string }): Promise<Instance> {
  return act(ctx, caller, input.uuid, "start_without_gpu", async (a) => {
    if (a.row.state !== "stopped") fail("INSTANCE_STATE");
    if (!isHourly(a.row)) fail("INSTANCE_STATE", undefined, NO_GPU_PACKAGE);
    const plan = planRentalPayment(a.paying, ctx.site.noGpuHourlyFen + extraDiskHourFen(a.row.extraDiskMonthFen));
    if (!plan.ok) refuseShortfall(plan);
    await a.move(["stopped"], "starting", {
      gpuHeld: false,
      noGpuRateFen: ctx.site.noGpuHourlyFen,
      releaseAt: null,
      stopReason: null,
    });
  });
}

/** Why a package is not started without GPU. */
export const NO_GPU_PACKAGE =
  "无卡模式开机仅适用于按量计费实例；包时、包日、包月实例在有效期内直接开机，到期后请先续费";

/**
 * `/instance/stop_instance`: from running; an hourly instance is settled up to now and frees its GPUs once
 * stopped. A run without GPU ends with it (settled at its no-GPU price first).
 */
export async function stopInstance(ctx: Ctx, caller: Caller, input: { uuid: string }): Promise<Instance> {
  return act(ctx, caller, input.uuid, "stop", async (a) => {
    if (a.row.state !== "running") fail("INSTANCE_STATE");
    await settleIfRunning(a);
    await a.move(["running"], "stopping", { stopReason: "user", noGpuRateFen: null });
  });
}

/** `/instance/restart_instance`: from running, hourly only; usage is settled up to now and the reboot is not billed. */
export async function restartInstance(ctx: Ctx, caller: Caller, input: { uuid: string }): Promise<Instance> {
  return act(ctx, caller, input.uuid, "restart", async (a) => {
    if (a.row.state !== "running") fail("INSTANCE_STATE");
    if (!isHourly(a.row)) fail("INSTANCE_STATE", undefined, "包时、包天、包月实例不支持重启，请先关机再开机");
    await settleIfRunning(a);
    await a.move(["running"], "restarting");
  });
}

/**
 * `/instance/release_instance`: from running or stopped, after typing its
 * name (INSTANCE_NAME_MISMATCH on `confirm_name` otherwise). An hourly running
 * instance is settled up to now; its GPUs are freed once released.
 */
export async function releaseInstance(
  ctx: Ctx,
  caller: Caller,
  input: { uuid: string; confirmName: string },
): Promise<Instance> {
  return act(ctx, caller, input.uuid, "release", async (a) => {
    if (input.confirmName.trim() !== a.row.name) fail("INSTANCE_NAME_MISMATCH", "confirm_name");
    if (a.row.state !== "running" && a.row.state !== "stopped") fail("INSTANCE_STATE");
    await settleIfRunning(a);
    await a.move(["running", "stopped"], "releasing", { releaseAt: null });
  });
}
