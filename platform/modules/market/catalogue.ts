import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import { gpuModels, gpuPrices, hosts, images, regions, type MachineType } from "../../db/market-schema";
import { compareCuda } from "../../rules/market-filter";
import type { Caller, Ctx, Visitor } from "../context";
import { fail } from "../errors";
import { parseTextArray } from "./offers";

export interface Region {
  code: string;
  name: string;
}

export interface GpuModel {
  code: string;
  name: string;
  memoryGb: number;
}

/** What the store's filters can choose from, for one machine type (`/store/get_store_selector_options`). */
export interface SelectorOptions {
  regions: Region[];
  /** The models priced for this type. */
  gpuModels: GpuModel[];
  /** 1 up to the largest online host's GPUs. */
  gpuCounts: number[];
  /** The online hosts' CUDA versions, oldest first. */
  cudaVersions: string[];
  /** The lowest and highest list price per GPU-hour, fen (0 when nothing is priced). */
  priceMinFen: number;
  priceMaxFen: number;
}

export async function getSelectorOptions(
  ctx: Ctx,
  _visitor: Visitor,
  input: { machineType: MachineType },
): Promise<SelectorOptions> {
  const [regionRows, modelRows, [fleet]] = await Promise.all([
    ctx.db.select({ code: regions.code, name: regions.name }).from(regions).orderBy(asc(regions.sortOrder)),
    ctx.db
      .select({
        code: gpuModels.code,
        name: gpuModels.name,
        memoryGb: gpuModels.memoryGb,
        unitPriceFen: gpuPrices.unitPriceFen,
      })
      .from(gpuModels)
      .innerJoin(gpuPrices, and(eq(gpuPrices.gpuModelId, gpuModels.id), eq(gpuPrices.machineType, input.machineType)))
      .orderBy(asc(gpuModels.sortOrder)),
    ctx.db
      .select({
        maxGpus: sql<number>`coalesce(max(${hosts.gpuTotal}), 0)::int`.mapWith(Number),
        cudaVersions: sql<string[]>`coalesce(array_agg(distinct ${hosts.cudaVersion}), '{}')`,
      })
      .from(hosts)
      .where(and(eq(hosts.machineType, input.machineType), eq(hosts.online, true))),
  ]);
  const prices = modelRows.map((m) => m.unitPriceFen);
  return {
    regions: regionRows,
    gpuModels: modelRows.map(({ code, name, memoryGb }) => ({ code, name, memoryGb })),
    gpuCounts: Array.from({ length: fleet?.maxGpus ?? 0 }, (_, i) => i + 1),
    cudaVersions: [...parseTextArray(fleet?.cudaVersions ?? [])].sort(compareCuda),
    priceMinFen: prices.length ? Math.min(...prices) : 0,
    priceMaxFen: prices.length ? Math.max(...prices) : 0,
  };
}

export interface Image {
  id: number;
  code: string;
  framework: string;
  version: string;
  cudaVersion: string;
  pythonVersion: string | null;
}

const imageColumns = {
  id: images.id,
  code: images.code,
  framework: images.framework,
  version: images.version,
  cudaVersion: images.cudaVersion,
  pythonVersion: images.pythonVersion,
};

/** The official images (PyTorch, TensorFlow, CUDA base), in catalogue order (`/instance/kvm/get_local_images`). */
export function listOfficialImages(ctx: Ctx, _visitor: Visitor): Promise<Image[]> {
  return ctx.db
    .select(imageColumns)
    .from(images)
    .where(isNull(images.ownerUserId))
    .orderBy(asc(images.sortOrder), asc(images.id));
}

/**
 * An image the caller may start from: an official one, or the caller's own.
 * Anything else, another user's included, is NOT_FOUND on `image_id`.
 */
export async function findUsableImage(ctx: Ctx, caller: Caller | null, imageId: number): Promise<Image> {
  const [image] = await ctx.db
    .select(imageColumns)
    .from(images)
    .where(
      and(
        eq(images.id, imageId),
        caller ? or(isNull(images.ownerUserId), eq(images.ownerUserId, caller.userId)) : isNull(images.ownerUserId),
      ),
    );
  return image ?? fail("NOT_FOUND", "image_id", "镜像不存在");
}

/** What an instance of `gpuCount` GPUs of a model comes with. */
export interface InstanceSpecification {
  gpuCount: number;
  cpuCores: number;
  ramGb: number;
  systemDiskGb: number;
  /** The free data disk; more is bought with the data disk choice. */
  dataDiskGb: number;
}

/**
 * The specs per GPU count of a model on a machine type, from 1 up to the
 * largest online host of that type and model (`/store/get_instance_specifications`).
 * NOT_FOUND on `gpu` for an unknown model; an empty list when no host offers it.
 */
export async function getInstanceSpecifications(
  ctx: Ctx,
  _visitor: Visitor,
  input: { machineType: MachineType; gpu: string },
): Promise<InstanceSpecification[]> {
  const [model] = await ctx.db
    .select({
      cpuCoresPerGpu: gpuModels.cpuCoresPerGpu,
      ramGbPerGpu: gpuModels.ramGbPerGpu,
      systemDiskGb: gpuModels.systemDiskGb,
      dataDiskGbPerGpu: gpuModels.dataDiskGbPerGpu,
      maxGpus: sql<number>`coalesce(max(${hosts.gpuTotal}), 0)::int`.mapWith(Number),
    })
    .from(gpuModels)
    .leftJoin(
      hosts,
      and(eq(hosts.gpuModelId, gpuModels.id), eq(hosts.machineType, input.machineType), eq(hosts.online, true)),
    )
    .where(eq(gpuModels.code, input.gpu))
    .groupBy(gpuModels.id);
  if (!model) return fail("NOT_FOUND", "gpu", "GPU型号不存在");
  return Array.from({ length: model.maxGpus }, (_, i) => specificationFor(model, i + 1));
}

/** The spec of `gpuCount` GPUs of a model: cores, RAM and data disk scale with the GPUs; the system disk does not. */
export function specificationFor(
  model: { cpuCoresPerGpu: number; ramGbPerGpu: number; systemDiskGb: number; dataDiskGbPerGpu: number },
  gpuCount: number,
): InstanceSpecification {
  return {
    gpuCount,
    cpuCores: model.cpuCoresPerGpu * gpuCount,
    ramGb: model.ramGbPerGpu * gpuCount,
    systemDiskGb: model.systemDiskGb,
    dataDiskGb: model.dataDiskGbPerGpu * gpuCount,
  };
}
