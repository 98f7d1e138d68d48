import { and, asc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { gpuModels, gpuPrices, hosts, regions, type MachineType } from "../../db/market-schema";
import { compareCuda, type OfferFilter } from "../../rules/market-filter";
import type { Ctx, Visitor } from "../context";
import { fail } from "../errors";

/**
 * An offer of the store: the online hosts of one machine type, region and GPU
 * model, grouped, with the model's specs per GPU, its list price per GPU-hour
 * and the group's free GPUs (issue 12 §2).
 */
export interface Offer {
  machineType: MachineType;
  regionCode: string;
  regionName: string;
  gpuCode: string;
  gpuName: string;
  memoryGb: number;
  cpuCoresPerGpu: number;
  ramGbPerGpu: number;
  systemDiskGb: number;
  dataDiskGbPerGpu: number;
  /** List price of one GPU-hour, fen. */
  unitPriceFen: number;
  /** Free GPUs of the group's hosts (sum of gpu_free). */
  freeGpus: number;
  /** The most free GPUs on one host: the largest instance that can be rented now. */
  maxFreePerHost: number;
  totalGpus: number;
  /** GPUs of the group's largest host. */
  gpusPerHost: number;
  hosts: number;
  /** Hosts with every GPU free: whole servers (bare metal). */
  freeHosts: number;
  /** The hosts' CUDA versions, oldest first. */
  cudaVersions: string[];
}

/** host CUDA ≥ version, compared as numbers ("12.10" > "12.4"). */
export function cudaAtLeast(column: SQL | typeof hosts.cudaVersion, version: string): SQL {
  return sql`string_to_array(${column}, '.')::int[] >= string_to_array(${version}, '.')::int[]`;
}

const int = (expression: SQL) => sql<number>`(${expression})::int`.mapWith(Number);

/**
 * The offers of one machine type that pass the filter, in one grouped query
 * over the online hosts (index hosts_offer_idx). With `gpuCount`, only groups
 * where one host has that many GPUs free; with `cuda`, only hosts at least that
 * new count. Sold-out groups are listed (free 0) unless a GPU count is asked.
 */
export async function listOffers(
  ctx: Ctx,
  _visitor: Visitor,
  input: { machineType: MachineType; filter?: OfferFilter },
): Promise<Offer[]> {
  const filter = input.filter ?? {};
  const where: (SQL | undefined)[] = [eq(hosts.machineType, input.machineType), eq(hosts.online, true)];
  if (filter.region !== undefined) where.push(eq(regions.code, filter.region));
  if (filter.gpu !== undefined) where.push(eq(gpuModels.code, filter.gpu));
  if (filter.cuda !== undefined) where.push(cudaAtLeast(hosts.cudaVersion, filter.cuda));
  if (filter.priceMinFen !== undefined) where.push(gte(gpuPrices.unitPriceFen, filter.priceMinFen));
  if (filter.priceMaxFen !== undefined) where.push(lte(gpuPrices.unitPriceFen, filter.priceMaxFen));

  const rows = await ctx.db
    .select({
      regionCode: regions.code,
      regionName: regions.name,
      gpuCode: gpuModels.code,
      gpuName: gpuModels.name,
      memoryGb: gpuModels.memoryGb,
      cpuCoresPerGpu: gpuModels.cpuCoresPerGpu,
      ramGbPerGpu: gpuModels.ramGbPerGpu,
      systemDiskGb: gpuModels.systemDiskGb,
      dataDiskGbPerGpu: gpuModels.dataDiskGbPerGpu,
      unitPriceFen: gpuPrices.unitPriceFen,
      freeGpus: int(sql`sum(${hosts.gpuFree})`),
      maxFreePerHost: int(sql`max(${hosts.gpuFree})`),
      totalGpus: int(sql`sum(${hosts.gpuTotal})`),
      gpusPerHost: int(sql`max(${hosts.gpuTotal})`),
      hosts: int(sql`count(*)`),
      freeHosts: int(sql`count(*) filter (where ${hosts.gpuFree} = ${hosts.gpuTotal})`),
      cudaVersions: sql<string[]>`array_agg(distinct ${hosts.cudaVersion})`,
    })
    .from(hosts)
    .innerJoin(regions, eq(regions.id, hosts.regionId))
    .innerJoin(gpuModels, eq(gpuModels.id, hosts.gpuModelId))
    .innerJoin(gpuPrices, and(eq(gpuPrices.gpuModelId, hosts.gpuModelId), eq(gpuPrices.machineType, hosts.machineType)))
    .where(and(...where))
    .groupBy(regions.id, gpuModels.id, gpuPrices.id)
    .having(filter.gpuCount !== undefined ? sql`max(${hosts.gpuFree}) >= ${filter.gpuCount}` : undefined)
    .orderBy(asc(regions.sortOrder), asc(gpuModels.sortOrder));

  return rows.map((row) => ({
    ...row,
    machineType: input.machineType,
    cudaVersions: [...parseTextArray(row.cudaVersions)].sort(compareCuda),
  }));
}

/** A text[] as the driver gives it: an array, or (untyped) its literal "{a,b}". */
export function parseTextArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, "")
    .split(",")
    .filter(Boolean);
}

/**
 * One offer by machine type, region and GPU model (the rental form's preset,
 * `/gpu_selector_detail`): NOT_FOUND on the field that names nothing offered.
 */
export async function findOffer(
  ctx: Ctx,
  visitor: Visitor,
  input: { machineType: MachineType; region: string; gpu: string },
): Promise<Offer> {
  const [offer] = await listOffers(ctx, visitor, {
    machineType: input.machineType,
    filter: { region: input.region, gpu: input.gpu },
  });
  return offer ?? fail("NOT_FOUND", "gpu", "该地区暂无此型号的GPU");
}

/** The newest CUDA among an offer's hosts ("" when it has none). */
export function newestCuda(offer: Pick<Offer, "cudaVersions">): string {
  return offer.cudaVersions.at(-1) ?? "";
}
