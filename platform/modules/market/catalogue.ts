import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { gpuModels, gpuPrices, hosts, images, regions, type MachineType } from "../../db/market-schema";
import { compareCuda } from "../../rules/market-filter";
import type { Ctx, Visitor } from "../context";
import { fail } from "../errors";
import { rowsOf } from "../finance/rows";
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
  // One round trip: the regions, the models priced for the type, and the online fleet's sizes and CUDA versions.
  const [row] = await rowsOf<{ regions: unknown; models: unknown; max_gpus: unknown; cuda_versions: unknown }>(
    ctx.db,
    sql`select
      (select coalesce(json_agg(json_build_object('code', r.code, 'name', r.name) order by r.sort_order, r.id), '[]')
        from ${regions} r) as regions,
      (select coalesce(json_agg(json_build_object('code', m.code, 'name', m.name, 'memoryGb', m.memory_gb,
          'unitPriceFen', p.unit_price_fen) order by m.sort_order, m.id), '[]')
        from ${gpuModels} m inner join ${gpuPrices} p on p.gpu_model_id = m.id and p.machine_type = ${input.machineType}) as models,
      (select coalesce(max(h.gpu_total), 0) from ${hosts} h
        where h.machine_type = ${input.machineType} and h.online) as max_gpus,
      (select coalesce(array_agg(distinct h.cuda_version), '{}') from ${hosts} h
        where h.machine_type = ${input.machineType} and h.online) as cuda_versions`,
  );
  const regionRows = json<Region[]>(row?.regions);
  const modelRows = json<(GpuModel & { unitPriceFen: number | string })[]>(row?.models);
  const prices = modelRows.map((m) => Number(m.unitPriceFen));
  return {
    regions: regionRows,
    gpuModels: modelRows.map(({ code, name, memoryGb }) => ({ code, name, memoryGb })),
    gpuCounts: Array.from({ length: Number(row?.max_gpus ?? 0) }, (_, i) => i + 1),
    cudaVersions: [...parseTextArray((row?.cuda_versions ?? []) as string[] | string)].sort(compareCuda),
    priceMinFen: prices.length ? Math.min(...prices) : 0,
    priceMaxFen: prices.length ? Math.max(...prices) : 0,
  };
}

/** A json column as the driver gives it: parsed, or (untyped) its text. */
function json<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : (value ?? [])) as T;
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
