import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedOncePerDb } from "../../db/prepared";
import { subAccounts } from "../../db/schema";
import {
  gpuModels,
  hosts,
  images,
  instances,
  regions,
  type BillingMode,
  type InstanceState,
  type MachineType,
} from "../../db/market-schema";
import { extraDiskChargeFen, extraDiskHourFen } from "../../rules/data-disk-growth";
import { noGpuChargeFen } from "../../rules/no-gpu";
import { hourlyRateFen, usageChargeFen } from "../../rules/rental-price";
import { customImages } from "../../db/images-schema";
import { imageName, withCustomName } from "./image";

/** An instance as its owner sees it. */
export interface Instance {
  id: number;
  uuid: string;
  name: string;
  userId: number;
  subAccountId: number | null;
  /** The sub-account that rented it, for its main account; null when the main account did. */
  subAccountName: string | null;
  machineType: MachineType;
  regionCode: string;
  regionName: string;
  gpuModelCode: string;
  gpuName: string;
  gpuCount: number;
  imageName: string;
  dataDiskGb: number;
  /** The monthly price of its extra data disk GB (decision 093): hourly settlements and renewals add it. */
  extraDiskMonthFen: number;
  state: InstanceState;
  stopReason: "user" | "arrears" | "expired" | null;
  billingMode: BillingMode;
  packageUnits: number;
  packageExpiresAt: Date | null;
  releaseAt: Date | null;
  unitPriceFen: number;
  durationDiscountBp: number;
  vipDiscountBp: number;
  /** One hour of its GPUs after the membership discount; without GPU, the no-GPU price it started at. */
  hourlyPriceFen: number;
  /** Started without GPU (无卡模式, decision 086) and not stopped since: it holds no GPU and runs at that price. */
  noGpu: boolean;
  costFen: number;
  /** Hourly and running: usage since `billedUntil`, by `usageChargeFen`, not yet charged. */
  unsettledFen: number;
  billedUntil: Date | null;
  hostId: number;
  hostName: string;
  hostSshHost: string;
  hostGpuFree: number;
  hostGpuTotal: number;
  sshPort: number;
  sshPassword: string;
  jupyterToken: string;
  operationKey: string;
  createdAt: Date;
}

const columns = {
  i: instances,
  hostName: hosts.name,
  hostSshHost: hosts.sshHost,
  hostGpuFree: hosts.gpuFree,
  hostGpuTotal: hosts.gpuTotal,
  regionCode: regions.code,
  regionName: regions.name,
  gpuModelCode: gpuModels.code,
  gpuName: gpuModels.name,
  imageFramework: images.framework,
  imageVersion: images.version,
  imageCuda: images.cudaVersion,
  customImageName: customImages.name,
  subAccountName: subAccounts.name,
};

/** Instances with their host, region, model, image and sub-account, filtered by `where`. */
export function selectInstances(db: Db, where: SQL | undefined) {
  return db
    .select(columns)
    .from(instances)
    .innerJoin(hosts, eq(hosts.id, instances.hostId))
    .innerJoin(regions, eq(regions.id, hosts.regionId))
    .innerJoin(gpuModels, eq(gpuModels.id, instances.gpuModelId))
    .innerJoin(images, eq(images.id, instances.imageId))
    .leftJoin(customImages, eq(customImages.imageId, instances.imageId))
    .leftJoin(subAccounts, and(eq(subAccounts.id, instances.subAccountId)))
    .where(where)
    .$dynamic();
}

type Row = Awaited<ReturnType<typeof selectInstances>>[number];

/** Seconds of usage not yet settled at `now` (hourly, running). */
export function unsettledSeconds(row: { state: string; billingMode: string; billedUntil: Date | null }, now: Date) {
  if (row.billingMode !== "hour" || row.state !== "running" || !row.billedUntil) return 0;
  return Math.max(0, Math.floor((now.getTime() - row.billedUntil.getTime()) / 1000));
}

/** The no-GPU price an instance runs at now, or null: a stale one on a stopped row is not its mode (decision 086). */
function noGpuRate(i: Row["i"]): number | null {
  return i.noGpuRateFen !== null && i.state !== "stopped" && i.state !== "released" ? i.noGpuRateFen : null;
}

export function toInstance(row: Row, now: Date): Instance {
  const i = row.i;
  const noGpu = noGpuRate(i);
  return {
    id: i.id,
    uuid: i.uuid,
    name: i.name,
    userId: i.userId,
    subAccountId: i.subAccountId,
    subAccountName: row.subAccountName ?? null,
    machineType: i.machineType,
    regionCode: row.regionCode,
    regionName: row.regionName,
    gpuModelCode: row.gpuModelCode,
    gpuName: row.gpuName,
    gpuCount: i.gpuCount,
    imageName: withCustomName(
      row.customImageName,
      imageName({ framework: row.imageFramework, version: row.imageVersion, cudaVersion: row.imageCuda }),
    ),
    dataDiskGb: i.dataDiskGb,
    extraDiskMonthFen: i.extraDiskMonthFen,
    state: i.state,
    stopReason: i.stopReason,
    billingMode: i.billingMode,
    packageUnits: i.packageUnits,
    packageExpiresAt: i.packageExpiresAt,
    releaseAt: i.releaseAt,
    unitPriceFen: i.unitPriceFen,
    durationDiscountBp: i.durationDiscountBp,
    vipDiscountBp: i.vipDiscountBp,
    hourlyPriceFen:
      (noGpu ?? hourlyRateFen({ unitPriceFen: i.unitPriceFen, gpuCount: i.gpuCount, vipDiscountBp: i.vipDiscountBp })) +
      (i.billingMode === "hour" ? extraDiskHourFen(i.extraDiskMonthFen) : 0),
    noGpu: noGpu !== null,
    costFen: i.costFen,
    unsettledFen:
      (noGpu !== null
        ? noGpuChargeFen(unsettledSeconds(i, now), noGpu)
        : usageChargeFen({
            seconds: unsettledSeconds(i, now),
            gpuCount: i.gpuCount,
            unitPriceFen: i.unitPriceFen,
            vipDiscountBp: i.vipDiscountBp,
            durationDiscountBp: i.durationDiscountBp,
          }).amountFen) +
      extraDiskChargeFen({ seconds: unsettledSeconds(i, now), gb: 1, gbMonthFen: i.extraDiskMonthFen }),
    billedUntil: i.billedUntil,
    hostId: i.hostId,
    hostName: row.hostName,
    hostSshHost: row.hostSshHost,
    hostGpuFree: row.hostGpuFree,
    hostGpuTotal: row.hostGpuTotal,
    sshPort: i.sshPort,
    sshPassword: i.sshPassword,
    jupyterToken: i.jupyterToken,
    operationKey: i.operationKey,
    createdAt: i.createdAt,
  };
}

/**
 * The instance query by id, built once per database handle and prepared (decision 050: building this five-join
 * select takes the platform's thread about 0.7 ms). Inside a transaction the handle is the transaction's, so it
 * is built per transaction, as before.
 */
const byIdQuery = preparedOncePerDb((db) =>
  selectInstances(db, eq(instances.id, sql.placeholder("id"))).prepare("instance_by_id"),
);

/** One instance by id (no scope: callers have checked ownership). */
export async function instanceById(db: Db, id: number, now: Date): Promise<Instance> {
  const [row] = await byIdQuery(db).execute({ id });
  return toInstance(row!, now);
}
