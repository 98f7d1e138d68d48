/**
 * Growing a stopped instance's data disk (issue 36 §1, decision 093): the sizes
 * its host has room for now with their prices, and the growth itself. A
 * package is charged the added GB for the rest of the term prorated to the
 * second, as a purchase order (kind "upgrade", `instance:<uuid>`) keyed by the
 * form's operation key; an hourly instance is charged nothing now and its
 * hourly settlements add the extra GB from its next start.
 *
 * A host gives its instances at most `hosts.extra_disk_gb_total` GB beyond
 * what their GPUs include: the sum of its unreleased instances' `extra_disk_gb`
 * is checked under the host's row lock, so two growths racing for the host's
 * last GB get it once, and a release gives the room back with no bookkeeping.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { hosts, instances } from "../../db/market-schema";
import { inTransaction } from "../../db/tx";
import {
  diskGrowthSizes,
  diskSizeError,
  quoteDiskGrowth,
  quoteHourlyDiskGrowth,
  type DiskGrowthQuote,
} from "../../rules/data-disk-growth";
import { remainingSeconds } from "../../rules/instance-resize";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { diskGrowthEventText, recordInstanceEvent } from "./events";
import { payingWallets } from "./payment";
import { earlierInstanceOrder, payPackageUpgrade } from "./earlier-order";
import { ownInstanceRow } from "./scope";
import { instanceById, type Instance } from "./view";

type InstanceRow = typeof instances.$inferSelect;

export interface DiskGrowthOptions {
  /** Why the disk cannot grow now, or null. */
  blocked: string | null;
  options: DiskGrowthQuote[];
}

export interface DiskGrowthResult {
  instance: Instance;
  quote: DiskGrowthQuote | null;
  orderNo: string | null;
  paidVoucherFen: number;
  paidCashFen: number;
  /** The same operation key again: nothing changed this time. */
  replayed: boolean;
}

const NOT_STOPPED = "请先关机再扩容数据盘";
const PACKAGE_ENDED = "套餐已到期，请先续费再扩容数据盘";
const NO_ROOM = "所在主机可扩容的数据盘空间不足";

/** Why the instance's disk cannot grow now, or null (decision 093: stopped; a package while paid for). */
function blockedReason(row: InstanceRow, now: Date): string | null {
  if (row.state !== "stopped") return NOT_STOPPED;
  if (row.billingMode !== "hour" && (!row.packageExpiresAt || row.packageExpiresAt <= now)) return PACKAGE_ENDED;
  return null;
}

/** GB the host can still add to its instances' data disks (0 when offline). */
async function hostRoomGb(db: Db, hostId: number): Promise<number> {
  const [host] = await db
    .select({
      total: hosts.extraDiskGbTotal,
      online: hosts.online,
      // Spelled out: drizzle leaves the columns of a one-table select unqualified, which the subquery would misread.
      used: sql<string>`(select coalesce(sum(i.extra_disk_gb), 0) from instances i
        where i.host_id = ${hostId} and i.state <> 'released')`,
    })
    .from(hosts)
    .where(eq(hosts.id, hostId));
  if (!host?.online) return 0;
  return Math.max(0, host.total - Number(host.used));
}

const quoteFor = (row: InstanceRow, toGb: number, gbMonthFen: number, now: Date): DiskGrowthQuote =>
  row.billingMode === "hour"
    ? quoteHourlyDiskGrowth({
        fromDataDiskGb: row.dataDiskGb,
        toDataDiskGb: toGb,
        gbMonthFen,
        extraGb: row.extraDiskGb,
        extraMonthFen: row.extraDiskMonthFen,
      })
    : quoteDiskGrowth({
        fromDataDiskGb: row.dataDiskGb,
        toDataDiskGb: toGb,
        gbMonthFen,
        remainingSeconds: remainingSeconds(now, row.packageExpiresAt!),
      });

/** The sizes the caller's instance (a row read under ownedBy) can grow to now, each with its price. */
export async function diskGrowthOptions(ctx: Ctx, row: InstanceRow): Promise<DiskGrowthOptions> {
  const now = ctx.now();
  const blocked = blockedReason(row, now);
  if (blocked) return { blocked, options: [] };
  const sizes = diskGrowthSizes(row.dataDiskGb, await hostRoomGb(ctx.db, row.hostId));
  if (sizes.length === 0) return { blocked: NO_ROOM, options: [] };
  return { blocked: null, options: sizes.map((gb) => quoteFor(row, gb, ctx.site.dataDiskGbMonthFen, now)) };
}

const growthKey = (operationKey: string) => `disk:${operationKey}`;

/**
 * `/instance/upgrade_spec` with `data_disk_gb`: grows a stopped instance's data
 * disk to `dataDiskGb`, in one transaction under the main account's row lock
 * (then the instance's, then the host's). The same operation key again answers
 * the first order and moves nothing.
 */
export async function growDataDisk(
  ctx: Ctx,
  caller: Caller,
  input: { uuid: string; dataDiskGb: number; operationKey: string },
): Promise<DiskGrowthResult> {
  return inTransaction(ctx.db, async (tx) => {
    const paying = await payingWallets(tx, caller, true);
    const now = ctx.now();
    const row = await ownInstanceRow(tx, caller, input.uuid, { lock: true });
    const orderKey = growthKey(input.operationKey);
    const earlier = await earlierInstanceOrder(tx, caller, { orderKey, uuid: row.uuid, kind: "upgrade" });
    if (earlier) {
      return {
        instance: await instanceById(tx, row.id, now),
        quote: null,
        orderNo: earlier.orderNo,
        paidVoucherFen: earlier.paidVoucherFen,
        paidCashFen: earlier.paidCashFen,
        replayed: true,
      };
    }
    const blocked = blockedReason(row, now);
    if (blocked) fail("INSTANCE_STATE", "data_disk_gb", blocked);
    // An hourly growth makes no order: the same size again (a second submission) changes nothing.
    if (row.billingMode === "hour" && input.dataDiskGb === row.dataDiskGb)
      return {
        instance: await instanceById(tx, row.id, now),
        quote: null,
        orderNo: null,
        paidVoucherFen: 0,
        paidCashFen: 0,
        replayed: true,
      };
    const sizeError = diskSizeError(row.dataDiskGb, input.dataDiskGb);
    if (sizeError) fail("BAD_REQUEST", "data_disk_gb", sizeError);
    const addedGb = input.dataDiskGb - row.dataDiskGb;
    // The host's row lock orders growths on one host: the room read next is the room left.
    await tx.select({ id: hosts.id }).from(hosts).where(eq(hosts.id, row.hostId)).for("update");
    if ((await hostRoomGb(tx, row.hostId)) < addedGb)
      fail("HOST_DISK_FULL", "data_disk_gb", `${NO_ROOM}，无法扩容到 ${input.dataDiskGb}GB`);

    const gbMonthFen = ctx.site.dataDiskGbMonthFen;
    const quote = quoteFor(row, input.dataDiskGb, gbMonthFen, now);
    const order =
      quote.kind === "disk_package"
        ? await payPackageUpgrade(tx, now, caller, paying.balances, {
            orderKey,
            uuid: row.uuid,
            quote,
            expiresAt: row.packageExpiresAt!,
            before: { fromDataDiskGb: row.dataDiskGb },
          })
        : null;
    const [changed] = await tx
      .update(instances)
      .set({
        dataDiskGb: input.dataDiskGb,
        extraDiskGb: sql`${instances.extraDiskGb} + ${addedGb}`,
        extraDiskMonthFen: sql`${instances.extraDiskMonthFen} + ${addedGb * gbMonthFen}`,
        costFen: sql`${instances.costFen} + ${order?.amountFen ?? 0}`,
      })
      .where(and(eq(instances.id, row.id), eq(instances.state, "stopped"), eq(instances.dataDiskGb, row.dataDiskGb)))
      .returning({ id: instances.id });
    if (!changed) fail("INSTANCE_STATE");
    await recordInstanceEvent(tx, {
      instanceId: row.id,
      userId: row.userId,
      kind: "resize",
      actor: "user",
      text: diskGrowthEventText(row.dataDiskGb, input.dataDiskGb, order, quote.toHourFen),
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
