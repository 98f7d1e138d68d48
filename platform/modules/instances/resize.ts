import { recordInstanceEvent, resizeEventText } from "./events";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { hosts, instances } from "../../db/market-schema";
import type { purchaseOrders } from "../../db/wallet-schema";
import { inTransaction } from "../../db/tx";
import {
  MAX_GPU_COUNT,
  quoteHourlyResize,
  quotePackageUpgrade,
  remainingSeconds,
  type ResizeBasis,
  type ResizeQuote,
} from "../../rules/instance-resize";
import type { Caller, Ctx } from "../context";
import { DomainError, fail } from "../errors";
import { type spendFromLockedAccount } from "../wallet/spend";
import { diskGrowthOptions, type DiskGrowthOptions } from "./disk-growth";
import { payingWallets } from "./payment";
import { earlierInstanceOrder, payPackageUpgrade } from "./earlier-order";
import { ownedBy, ownInstanceRow } from "./scope";
import { retakeSlots } from "./slots";
import { instanceById, type Instance } from "./view";

type InstanceRow = typeof instances.$inferSelect;

/** What can be done now: the GPU counts on offer with their prices, or why none (`blocked`). */
export interface ResizeOptions {
  instance: Instance;
  blocked: string | null;
  options: ResizeQuote[];
  /** The data disk sizes on offer now with their prices (decision 093). */
  disk: DiskGrowthOptions;
}

export interface ResizeResult {
  instance: Instance;
  quote: ResizeQuote | null;
  /** The upgrade's purchase order (packages); null for hourly instances. */
  orderNo: string | null;
  paidVoucherFen: number;
  paidCashFen: number;
  /** The same operation key or the same GPU count again: nothing changed this time. */
  replayed: boolean;
}

const NOT_STOPPED = "请先关机再调整配置";
const PACKAGE_ENDED = "套餐已到期，请先续费再调整配置";
const PACKAGE_DOWN = "包时、包天、包月实例暂不支持减少GPU数量";
const busy = (gpuCount: number) => `所在主机空闲GPU不足，无法调整为${gpuCount}卡`;

const basisOf = (row: Pick<InstanceRow, keyof ResizeBasis>): ResizeBasis => ({
  billingMode: row.billingMode,
  gpuCount: row.gpuCount,
  unitPriceFen: row.unitPriceFen,
  durationDiscountBp: row.durationDiscountBp,
  vipDiscountBp: row.vipDiscountBp,
});

/** Why the instance cannot be resized now, or null. */
function blockedReason(row: Pick<InstanceRow, "state" | "billingMode" | "gpuHeld" | "packageExpiresAt">, now: Date) {
  if (row.state !== "stopped") return NOT_STOPPED;
  if (row.billingMode !== "hour" && (!row.gpuHeld || !row.packageExpiresAt || row.packageExpiresAt <= now))
    return PACKAGE_ENDED;
  return null;
}

/** The price of going to `toGpuCount`; packages only go up (PACKAGE_DOWN). */
function quoteFor(row: InstanceRow, toGpuCount: number, now: Date): ResizeQuote {
  if (row.billingMode === "hour") return quoteHourlyResize(basisOf(row), toGpuCount);
  if (toGpuCount < row.gpuCount) return fail("INSTANCE_STATE", "gpu_count", PACKAGE_DOWN);
  return quotePackageUpgrade(basisOf(row), toGpuCount, remainingSeconds(now, row.packageExpiresAt!));
}

/**
 * `/instance/get_upgrade_spec_options`: the GPU counts the caller's stopped
 * instance can have now on its host, each with its price. An instance that
 * holds its GPUs (a package) needs only the added ones free; one that holds
 * none (hourly, stopped) needs them all free, as its start will.
 */
export async function resizeOptions(ctx: Ctx, caller: Caller, input: { uuid: string }): Promise<ResizeOptions> {
  const now = ctx.now();
  const [row] = await ctx.db
    .select({ instance: instances, hostOnline: hosts.online })
    .from(instances)
    .innerJoin(hosts, eq(hosts.id, instances.hostId))
    .where(and(eq(instances.uuid, input.uuid), ownedBy(caller)));
  if (!row) return fail("INSTANCE_NOT_FOUND");
  const instance = await instanceById(ctx.db, row.instance.id, now);
  const disk = await diskGrowthOptions(ctx, row.instance);
  const blocked = blockedReason(row.instance, now);
  if (blocked) return { instance, blocked, options: [], disk };
  const options: ResizeQuote[] = [];
  const held = row.instance.gpuHeld ? row.instance.gpuCount : 0;
  for (let n = 1; n <= Math.min(MAX_GPU_COUNT, instance.hostGpuTotal); n++) {
    if (n === row.instance.gpuCount || (row.instance.billingMode !== "hour" && n < row.instance.gpuCount)) continue;
    if (n > held && (!row.hostOnline || n - held > instance.hostGpuFree)) continue;
    options.push(quoteFor(row.instance, n, now));
  }
  return { instance, blocked: options.length ? null : busy(row.instance.gpuCount + 1), options, disk };
}

const upgradeKey = (operationKey: string) => `upgrade:${operationKey}`;

/** Takes `n` more slots on the host (a conditional update): HOST_GPU_BUSY, naming the count, when it lacks them. */
async function takeMore(tx: Db, hostId: number, n: number, toGpuCount: number): Promise<void> {
  try {
    await retakeSlots(tx, hostId, n);
  } catch (error) {
    if (error instanceof DomainError && error.key === "HOST_GPU_BUSY")
      fail("HOST_GPU_BUSY", "gpu_count", busy(toGpuCount));
    throw error;
  }
}

/**
 * `/instance/upgrade_spec`: sets a stopped instance's GPU count (decision
 * 081), in one transaction under the main account's row lock. Hourly: the
 * host must have them free now (HOST_GPU_BUSY); nothing is charged and it is
 * billed at the new rate once started. Package: only up, while paid for; the
 * added slots are taken by a conditional update, so two upgrades racing for
 * the last free GPU get it once; the added GPUs for the rest of the term are
 * charged, prorated to the second, as a purchase order (kind "upgrade",
 * `instance:<uuid>`) keyed by the form's operation key.
 */
export async function resizeInstance(
  ctx: Ctx,
  caller: Caller,
  input: { uuid: string; gpuCount: number; operationKey: string },
): Promise<ResizeResult> {
  return inTransaction(ctx.db, async (tx) => {
    const paying = await payingWallets(tx, caller, true);
    const now = ctx.now();
    const row = await ownInstanceRow(tx, caller, input.uuid, { lock: true });
    const unchanged = async (order?: typeof purchaseOrders.$inferSelect): Promise<ResizeResult> => ({
      instance: await instanceById(tx, row.id, now),
      quote: null,
      orderNo: order?.orderNo ?? null,
      paidVoucherFen: order?.paidVoucherFen ?? 0,
      paidCashFen: order?.paidCashFen ?? 0,
      replayed: true,
    });
    const orderKey = upgradeKey(input.operationKey);
    const earlier = await earlierInstanceOrder(tx, caller, { orderKey, uuid: row.uuid, kind: "upgrade" });
    if (earlier) return unchanged(earlier);
    const blocked = blockedReason(row, now);
    if (blocked) fail("INSTANCE_STATE", undefined, blocked);
    if (input.gpuCount === row.gpuCount) return unchanged();
    const [host] = await tx.select().from(hosts).where(eq(hosts.id, row.hostId));
    if (input.gpuCount < 1 || input.gpuCount > Math.min(MAX_GPU_COUNT, host!.gpuTotal))
      fail("BAD_REQUEST", "gpu_count", `GPU数量应为1到${Math.min(MAX_GPU_COUNT, host!.gpuTotal)}`);
    const quote = quoteFor(row, input.gpuCount, now);

    let order: Awaited<ReturnType<typeof spendFromLockedAccount>> | null = null;
    if (row.gpuHeld) {
      if (input.gpuCount > row.gpuCount) await takeMore(tx, row.hostId, input.gpuCount - row.gpuCount, input.gpuCount);
    } else if (!host!.online || host!.gpuFree < input.gpuCount) {
      fail("HOST_GPU_BUSY", "gpu_count", busy(input.gpuCount));
    }
    if (quote.kind === "package_upgrade") {
      order = await payPackageUpgrade(tx, now, caller, paying.balances, {
        orderKey,
        uuid: row.uuid,
        quote,
        expiresAt: row.packageExpiresAt!,
        before: { fromGpuCount: row.gpuCount },
      });
    }
    const [changed] = await tx
      .update(instances)
      .set({
        gpuCount: input.gpuCount,
        costFen: sql`${instances.costFen} + ${order?.amountFen ?? 0}`,
      })
      .where(and(eq(instances.id, row.id), eq(instances.state, "stopped"), eq(instances.gpuCount, row.gpuCount)))
      .returning({ id: instances.id });
    if (!changed) fail("INSTANCE_STATE");
    await recordInstanceEvent(tx, {
      instanceId: row.id,
      userId: row.userId,
      kind: "resize",
      actor: "user",
      text: resizeEventText(row.gpuCount, input.gpuCount, order),
      amountFen: order?.amountFen ?? null,
      at: now,
    });
    return {
      instance: await instanceById(tx, row.id, now),
      quote,
      orderNo: order?.orderNo ?? null,
      paidVoucherFen: order?.paidVoucherFen ?? 0,
      paidCashFen: order?.paidCashFen ?? 0,
      replayed: false,
    };
  });
}
