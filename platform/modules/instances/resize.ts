import { recordInstanceEvent, resizeEventText } from "./events";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { hosts, instances } from "../../db/market-schema";
import type { purchaseOrders } from "../../db/wallet-schema";
import { inTransaction } from "../../db/tx";
import {
  downgradeRefundStands,
  MAX_GPU_COUNT,
  quoteHourlyResize,
  quotePackageDowngrade,
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
import { refuseOverUnverifiedCap } from "./unverified-cap";
import { earlierInstanceOrder, payPackageUpgrade } from "./earlier-order";
import { downgradeRefundable, earlierDowngrade, refundDowngrade } from "./downgrade";
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
  /** A package's downgrade: what went back to each wallet (decision 095); 0 otherwise. */
  refundVoucherFen: number;
  refundCashFen: number;
  /** The same operation key or the same GPU count again: nothing changed this time. */
  replayed: boolean;
}

const NOT_STOPPED = "请先关机再调整配置";
const PACKAGE_ENDED = "套餐已到期，请先续费再调整配置";
const STALE = "实例配置已变化，请刷新页面后重新确认";
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

/**
 * The price of going to `toGpuCount`: an hourly instance's new rate; a package's charge for the added GPUs or
 * refund for the removed ones (at most `refundableFen`, what its paid orders can still give back).
 */
function quoteFor(row: InstanceRow, toGpuCount: number, now: Date, refundableFen: number): ResizeQuote {
  if (row.billingMode === "hour") return quoteHourlyResize(basisOf(row), toGpuCount);
  const seconds = remainingSeconds(now, row.packageExpiresAt!);
  if (toGpuCount < row.gpuCount) return quotePackageDowngrade(basisOf(row), toGpuCount, seconds, refundableFen);
  return quotePackageUpgrade(basisOf(row), toGpuCount, seconds);
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
  const { refundableFen } =
    row.instance.billingMode !== "hour" && row.instance.gpuCount > 1
      ? await downgradeRefundable(ctx.db, row.instance)
      : { refundableFen: 0 };
  for (let n = 1; n <= Math.min(MAX_GPU_COUNT, instance.hostGpuTotal); n++) {
    if (n === row.instance.gpuCount) continue;
    if (n > held && (!row.hostOnline || n - held > instance.hostGpuFree)) continue;
    options.push(quoteFor(row.instance, n, now, refundableFen));
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
 * billed at the new rate once started. Package, while paid for: up, the
 * added slots are taken by a conditional update, so two upgrades racing for
 * the last free GPU get it once; the added GPUs for the rest of the term are
 * charged, prorated to the second, as a purchase order (kind "upgrade",
 * `instance:<uuid>`) keyed by the form's operation key. Down (decision 095):
 * the removed GPUs for the rest of the term are refunded (downgrade.ts), only
 * if the page's `expectedRefundFen` still stands (downgradeRefundStands, else
 * REFUND_CHANGED; the page posts 0 for the other options, so a stale form
 * never turns into a refund it did not show); the key makes a resubmission
 * refund nothing more, and a second form of the same page finds the count
 * changed (REFUND_CHANGED or INSTANCE_STATE: stale).
 */
export async function resizeInstance(
  ctx: Ctx,
  caller: Caller,
  input: { uuid: string; gpuCount: number; operationKey: string; expectedRefundFen?: number },
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
      refundVoucherFen: 0,
      refundCashFen: 0,
      replayed: true,
    });
    const orderKey = upgradeKey(input.operationKey);
    const earlier = await earlierInstanceOrder(tx, caller, { orderKey, uuid: row.uuid, kind: "upgrade" });
    if (earlier) return unchanged(earlier);
    const earlierDown = await earlierDowngrade(tx, caller, row, input.operationKey);
    if (earlierDown)
      return { ...(await unchanged()), refundVoucherFen: earlierDown.voucherFen, refundCashFen: earlierDown.cashFen };
    const blocked = blockedReason(row, now);
    if (blocked) fail("INSTANCE_STATE", undefined, blocked);
    if (input.gpuCount === row.gpuCount) {
      // A second form of the same page (another key) asking for a refund the first one already took: stale.
      if (input.expectedRefundFen) fail("REFUND_CHANGED", "gpu_count");
      return unchanged();
    }
    const [host] = await tx.select().from(hosts).where(eq(hosts.id, row.hostId));
    if (input.gpuCount < 1 || input.gpuCount > Math.min(MAX_GPU_COUNT, host!.gpuTotal))
      fail("BAD_REQUEST", "gpu_count", `GPU数量应为1到${Math.min(MAX_GPU_COUNT, host!.gpuTotal)}`);
    const down = row.billingMode !== "hour" && input.gpuCount < row.gpuCount;
    const { periods, refundableFen } = down ? await downgradeRefundable(tx, row) : { periods: [], refundableFen: 0 };
    const quote = quoteFor(row, input.gpuCount, now, refundableFen);
    // The page showed a refund: only that refund, give or take the seconds it was open (a form of a page the
    // count has since changed from is stale).
    if (input.expectedRefundFen !== undefined && !downgradeRefundStands(basisOf(row), quote, input.expectedRefundFen))
      fail("REFUND_CHANGED", "gpu_count");

    // Only the GPUs added while held count now; a stopped instance's are counted when it starts.
    if (row.gpuHeld && input.gpuCount > row.gpuCount)
      await refuseOverUnverifiedCap(tx, {
        userId: row.userId,
        verifiedAs: paying.renting.verifiedAs,
        requested: input.gpuCount - row.gpuCount,
        limit: ctx.site.verification.unverifiedGpuLimit,
      });
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
    const refund =
      quote.kind === "package_downgrade"
        ? await refundDowngrade(tx, now, caller, paying.balances, {
            row,
            quote,
            periods,
            operationKey: input.operationKey,
          })
        : null;
    const refundFen = refund ? refund.voucherFen + refund.cashFen : 0;
    const [changed] = await tx
      .update(instances)
      .set({
        gpuCount: input.gpuCount,
        costFen: sql`greatest(0, ${instances.costFen} + ${order?.amountFen ?? 0} - ${refundFen})`,
      })
      .where(and(eq(instances.id, row.id), eq(instances.state, "stopped"), eq(instances.gpuCount, row.gpuCount)))
      .returning({ id: instances.id });
    if (!changed) fail("INSTANCE_STATE", "gpu_count", STALE);
    await recordInstanceEvent(tx, {
      instanceId: row.id,
      userId: row.userId,
      kind: "resize",
      actor: "user",
      text: refund ? refund.note : resizeEventText(row.gpuCount, input.gpuCount, order),
      amountFen: refund ? refundFen : (order?.amountFen ?? null),
      at: now,
    });
    return {
      instance: await instanceById(tx, row.id, now),
      quote,
      orderNo: order?.orderNo ?? null,
      paidVoucherFen: order?.paidVoucherFen ?? 0,
      paidCashFen: order?.paidCashFen ?? 0,
      refundVoucherFen: refund?.voucherFen ?? 0,
      refundCashFen: refund?.cashFen ?? 0,
      replayed: false,
    };
  });
}
