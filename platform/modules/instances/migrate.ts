/**
 * Migrating a stopped instance to another host (issue 36 §2, decision 086):
 * a host of the same GPU model, machine type and region, online, whose driver
 * runs the instance's image, with enough free GPUs. The GPUs are taken there
 * by the rental's conditional update (`takeSlots`: `gpu_free >= n`), so two
 * migrations racing for a host's last free GPUs get them once; the disks come
 * along (the fleet's `relocate`; a grown data disk needs its extra GB of room
 * on the new host, decision 093), the instance gets a new SSH port, and its
 * history (log, charges, orders) stays on the same instance row.
 */
import { and, asc, desc, eq, gte, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { instanceMigrations } from "../../db/host-schema";
import { hosts, images, instances } from "../../db/market-schema";
import { inTransaction } from "../../db/tx";
import { extraDiskHourFen } from "../../rules/data-disk-growth";
import { hourlyRateFen } from "../../rules/rental-price";
import type { Caller, Ctx } from "../context";
import { DomainError, fail } from "../errors";
import { migrateEventText, recordInstanceEvent } from "./events";
import { cudaSupports } from "./image";
import { payingWallets, planRentalPayment, refuseShortfall } from "./payment";
import { ownInstanceRow } from "./scope";
import { takeSlots } from "./slots";
import { instanceById, type Instance } from "./view";

type InstanceRow = typeof instances.$inferSelect;

/** A host the instance can move to now. */
export interface MigrationTarget {
  hostId: number;
  hostName: string;
  gpuFree: number;
  gpuTotal: number;
}

export interface MigrationTargets {
  instance: Instance;
  /** Why it cannot move now (not stopped, package ended, no host with room); null when `targets` is not empty. */
  blocked: string | null;
  targets: MigrationTarget[];
  /** A stopped hourly instance starts on its new host (it holds no GPUs while stopped: decision 086). */
  startsAfter: boolean;
}

export interface MigrationResult {
  instance: Instance;
  fromHostName: string;
  toHostName: string;
  fromSshPort: number;
  toSshPort: number;
  started: boolean;
  /** The same operation key again: the first move's answer, nothing moved this time. */
  replayed: boolean;
}

const NOT_STOPPED = "请先关机再迁移";
const PACKAGE_ENDED = "套餐已到期，请先续费再迁移";
const NO_TARGET = "同地区暂无空闲GPU足够的同型号主机，暂时无法迁移";
const TARGET_FULL = "所选主机空闲GPU不足或不可用，请重新选择";
const TARGET_DISK_FULL = "所选主机可扩容的数据盘空间不足，请重新选择";

/**
 * GB of grown data disks a host has left (decision 093): its allowance less its unreleased instances' extra GB.
 * Spelled out: drizzle leaves the columns of a one-table select unqualified, which the subquery would misread.
 */
const extraDiskRoomSql = sql<number>`"hosts"."extra_disk_gb_total" - (select coalesce(sum(i.extra_disk_gb), 0)
  from instances i where i.host_id = "hosts"."id" and i.state <> 'released')`;

const isHourly = (row: Pick<InstanceRow, "billingMode">) => row.billingMode === "hour";

/** Why the instance cannot move now, or null. */
function blockedReason(row: Pick<InstanceRow, "state" | "billingMode" | "gpuHeld" | "packageExpiresAt">, now: Date) {
  if (row.state !== "stopped") return NOT_STOPPED;
  if (!isHourly(row) && (!row.gpuHeld || !row.packageExpiresAt || row.packageExpiresAt <= now)) return PACKAGE_ENDED;
  return null;
}

/** The hosts the instance fits on now, most free first: same model, type and region, online, CUDA new enough. */
async function targetsFor(db: Db, row: InstanceRow): Promise<MigrationTarget[]> {
  const [from] = await db
    .select({ regionId: hosts.regionId, imageCuda: images.cudaVersion })
    .from(hosts)
    .innerJoin(images, eq(images.id, row.imageId))
    .where(eq(hosts.id, row.hostId));
  const rows = await db
    .select({
      hostId: hosts.id,
      hostName: hosts.name,
      gpuFree: hosts.gpuFree,
      gpuTotal: hosts.gpuTotal,
      cuda: hosts.cudaVersion,
    })
    .from(hosts)
    .where(
      and(
        eq(hosts.regionId, from!.regionId),
        eq(hosts.machineType, row.machineType),
        eq(hosts.gpuModelId, row.gpuModelId),
        eq(hosts.online, true),
        ne(hosts.id, row.hostId),
        gte(hosts.gpuFree, row.gpuCount),
        // A grown data disk comes along: the host must have room for its extra GB (decision 093).
        row.extraDiskGb > 0 ? sql`${extraDiskRoomSql} >= ${row.extraDiskGb}` : undefined,
      ),
    )
    .orderBy(desc(hosts.gpuFree), asc(hosts.id));
  return rows
    .filter((h) => cudaSupports(h.cuda, from!.imageCuda))
    .map(({ hostId, hostName, gpuFree, gpuTotal }) => ({ hostId, hostName, gpuFree, gpuTotal }));
}

/** `/instance/get_migrate_targets`: the hosts the caller's stopped instance can move to now, or why none. */
export async function migrationTargets(ctx: Ctx, caller: Caller, input: { uuid: string }): Promise<MigrationTargets> {
  const now = ctx.now();
  const row = await ownInstanceRow(ctx.db, caller, input.uuid, { lock: false });
  const instance = await instanceById(ctx.db, row.id, now);
  const startsAfter = isHourly(row);
  const blocked = blockedReason(row, now);
  if (blocked) return { instance, blocked, targets: [], startsAfter };
  const targets = await targetsFor(ctx.db, row);
  return { instance, blocked: targets.length ? null : NO_TARGET, targets, startsAfter };
}

/** Takes the GPUs on the chosen host, or on the platform's pick among `targets`; refuses next to the field. */
async function takeTarget(tx: Db, targets: MigrationTarget[], gpuCount: number, chosen: number | null) {
  if (chosen !== null && !targets.some((h) => h.hostId === chosen))
    fail("HOST_GPU_BUSY", "target_host_id", TARGET_FULL);
  if (targets.length === 0) fail("HOST_GPU_BUSY", "target_host_id", NO_TARGET);
  try {
    return await takeSlots(tx, chosen === null ? targets.map((h) => h.hostId) : [chosen], gpuCount);
  } catch (error) {
    if (error instanceof DomainError && error.key === "INSTANCE_SOLD_OUT")
      fail("HOST_GPU_BUSY", "target_host_id", chosen === null ? NO_TARGET : TARGET_FULL);
    throw error;
  }
}

/**
 * `/instance/migrate_instance`: moves the caller's stopped instance to
 * `targetHostId` (or the platform's pick: the fitting host with the fewest
 * free GPUs, as renting does), in one transaction under the owner's row lock
 * and the instance's. A package that holds its GPUs gives them back on the
 * old host and holds them on the new one, and stays stopped; a stopped hourly
 * instance holds none, so it takes them on the new host and starts there
 * (needing an hour's payment, as a start does). The move is recorded with
 * both ports and logged; the same operation key again answers the first move.
 */
export async function migrateInstance(
  ctx: Ctx,
  caller: Caller,
  input: { uuid: string; targetHostId: number | null; operationKey: string },
): Promise<MigrationResult> {
  const { sshPort } = ctx.providers.compute.relocate();
  return inTransaction(ctx.db, async (tx) => {
    const paying = await payingWallets(tx, caller, true);
    const now = ctx.now();
    const row = await ownInstanceRow(tx, caller, input.uuid, { lock: true });
    const [earlier] = await tx
      .select()
      .from(instanceMigrations)
      .where(
        and(eq(instanceMigrations.userId, caller.userId), eq(instanceMigrations.operationKey, input.operationKey)),
      );
    if (earlier) {
      if (earlier.instanceId !== row.id) fail("OPERATION_CONFLICT");
      return resultOf(tx, earlier, now, true);
    }
    const blocked = blockedReason(row, now);
    if (blocked) fail("INSTANCE_STATE", undefined, blocked);
    const started = isHourly(row);
    if (started) {
      const plan = planRentalPayment(paying, hourlyRateFen(row) + extraDiskHourFen(row.extraDiskMonthFen));
      if (!plan.ok) refuseShortfall(plan);
    }
    const toHostId = await takeTarget(tx, await targetsFor(tx, row), row.gpuCount, input.targetHostId);
    // The slots' conditional update holds the new host's row, so a growth or another move there waits: the room
    // read now is the room left.
    if (row.extraDiskGb > 0) {
      const [room] = await tx.select({ gb: extraDiskRoomSql }).from(hosts).where(eq(hosts.id, toHostId));
      if (Number(room!.gb) < row.extraDiskGb) fail("HOST_DISK_FULL", "target_host_id", TARGET_DISK_FULL);
    }
    if (row.gpuHeld)
      await tx
        .update(hosts)
        .set({ gpuFree: sql`${hosts.gpuFree} + ${row.gpuCount}` })
        .where(eq(hosts.id, row.hostId));
    const [moved] = await tx
      .update(instances)
      .set({
        hostId: toHostId,
        sshPort,
        gpuHeld: true,
        noGpuRateFen: null,
        ...(started
          ? {
              state: "starting" as const,
              stateChangedAt: now,
              transitionAt: new Date(now.getTime() + ctx.providers.compute.transitionDelayMs("starting")),
              releaseAt: null,
              stopReason: null,
            }
          : {}),
      })
      .where(and(eq(instances.id, row.id), eq(instances.state, "stopped"), eq(instances.hostId, row.hostId)))
      .returning({ id: instances.id });
    if (!moved) fail("INSTANCE_STATE");
    const [migration] = await tx
      .insert(instanceMigrations)
      .values({
        userId: row.userId,
        subAccountId: caller.subAccountId,
        instanceId: row.id,
        fromHostId: row.hostId,
        toHostId,
        fromSshPort: row.sshPort,
        toSshPort: sshPort,
        started,
        operationKey: input.operationKey,
        createdAt: now,
      })
      .returning();
    const result = await resultOf(tx, migration!, now, false);
    await recordInstanceEvent(tx, {
      instanceId: row.id,
      userId: row.userId,
      kind: "migrate",
      actor: "user",
      text: migrateEventText(result),
      at: now,
    });
    return result;
  });
}

async function resultOf(
  tx: Db,
  m: typeof instanceMigrations.$inferSelect,
  now: Date,
  replayed: boolean,
): Promise<MigrationResult> {
  const named = await tx
    .select({ id: hosts.id, name: hosts.name })
    .from(hosts)
    .where(inArray(hosts.id, [m.fromHostId, m.toHostId]));
  const nameOf = (id: number) => named.find((h) => h.id === id)!.name;
  return {
    instance: await instanceById(tx, m.instanceId, now),
    fromHostName: nameOf(m.fromHostId),
    toHostName: nameOf(m.toHostId),
    fromSshPort: m.fromSshPort,
    toSshPort: m.toSshPort,
    started: m.started,
    replayed,
  };
}
