import { sql, type SQL } from "drizzle-orm";
import type { hosts, MachineType } from "../../db/market-schema";
import { compareCuda, type OfferFilter, type OfferSort } from "../../rules/market-filter";
import type { Ctx, Visitor } from "../context";
import { fail } from "../errors";
import { num, rowsOf } from "../finance/rows";

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
  /** The online hosts, most free GPUs first, then by name. */
  hostList: OfferHost[];
}

export interface OfferHost {
  name: string;
  gpuFree: number;
  gpuTotal: number;
  cudaVersion: string;
}

/** host CUDA ≥ version (a value, or another column such as an image's), compared as numbers ("12.10" > "12.4"). */
export function cudaAtLeast(column: SQL | typeof hosts.cudaVersion, version: string | SQL): SQL {
  return sql`string_to_array(${column}, '.')::int[] >= string_to_array(${version}, '.')::int[]`;
}

/** A GPU model's sizes per GPU as a SQL row names them (`m.memory_gb, m.cpu_cores_per_gpu, …`). */
export interface GpuSpecRow {
  memory_gb: unknown;
  cpu_cores_per_gpu: unknown;
  ram_gb_per_gpu: unknown;
  system_disk_gb: unknown;
  data_disk_gb_per_gpu: unknown;
}

/** The sizes of a GpuSpecRow, as numbers. */
export function gpuSpecOf(row: GpuSpecRow) {
  return {
    memoryGb: num(row.memory_gb),
    cpuCoresPerGpu: num(row.cpu_cores_per_gpu),
    ramGbPerGpu: num(row.ram_gb_per_gpu),
    systemDiskGb: num(row.system_disk_gb),
    dataDiskGbPerGpu: num(row.data_disk_gb_per_gpu),
  };
}

interface OfferRow extends GpuSpecRow {
  region_code: string;
  region_name: string;
  gpu_code: string;
  gpu_name: string;
  unit_price_fen: unknown;
  free_gpus: unknown;
  max_free_per_host: unknown;
  total_gpus: unknown;
  gpus_per_host: unknown;
  hosts: unknown;
  free_hosts: unknown;
  cuda_versions: string[] | string;
  host_list: unknown;
}

/** The catalogue's order (region, then model), which ends every sort so equal offers keep their place. */
const CATALOGUE_ORDER = sql`r.sort_order, r.id, m.sort_order, m.id`;

/** `order by` for a sort (decision 069): in SQL, scoped by the same filter, stable. */
function orderBy(sort: OfferSort | undefined): SQL {
  switch (sort) {
    case "price_asc":
      return sql`order by p.unit_price_fen asc, ${CATALOGUE_ORDER}`;
    case "price_desc":
      return sql`order by p.unit_price_fen desc, ${CATALOGUE_ORDER}`;
    case "free_desc":
      return sql`order by sum(h.gpu_free) desc, max(h.gpu_free) desc, ${CATALOGUE_ORDER}`;
    default:
      return sql`order by ${CATALOGUE_ORDER}`;
  }
}

/** `and <condition>` when the filter names it, else nothing. */
const andIf = <T>(value: T | undefined, condition: (value: T) => SQL): SQL =>
  value === undefined ? sql`` : sql` and ${condition(value)}`;

/**
 * The offers of one machine type that pass the filter, in one grouped query
 * over the online hosts (index hosts_offer_idx). With `gpuCount`, only groups
 * where one host has that many GPUs free; with `cuda`, only hosts at least that
 * new count. Sold-out groups are listed (free 0) unless a GPU count is asked.
 * A SQL template, not the builder: every store page and free-count call runs it, and the builder took the
 * platform's thread 0.3–0.7 ms to build it (decision 050).
 */
export async function listOffers(
  ctx: Ctx,
  _visitor: Visitor,
  input: { machineType: MachineType; filter?: OfferFilter },
): Promise<Offer[]> {
  const filter = input.filter ?? {};
  const rows = await rowsOf<OfferRow>(
    ctx.db,
    sql`select r.code as region_code, r.name as region_name, m.code as gpu_code, m.name as gpu_name, m.memory_gb,
          m.cpu_cores_per_gpu, m.ram_gb_per_gpu, m.system_disk_gb, m.data_disk_gb_per_gpu, p.unit_price_fen,
          sum(h.gpu_free)::int as free_gpus, max(h.gpu_free)::int as max_free_per_host,
          sum(h.gpu_total)::int as total_gpus, max(h.gpu_total)::int as gpus_per_host, count(*)::int as hosts,
          (count(*) filter (where h.gpu_free = h.gpu_total))::int as free_hosts,
          array_agg(distinct h.cuda_version) as cuda_versions,
          json_agg(json_build_object('name', h.name, 'gpuFree', h.gpu_free, 'gpuTotal', h.gpu_total,
            'cudaVersion', h.cuda_version) order by h.gpu_free desc, h.name) as host_list
        from hosts h
        join regions r on r.id = h.region_id
        join gpu_models m on m.id = h.gpu_model_id
        join gpu_prices p on p.gpu_model_id = h.gpu_model_id and p.machine_type = h.machine_type
        where h.machine_type = ${input.machineType} and h.online
          ${andIf(filter.region, (code) => sql`r.code = ${code}`)}
          ${andIf(filter.gpu, (code) => sql`m.code = ${code}`)}
          ${andIf(filter.cuda, (version) => cudaAtLeast(sql`h.cuda_version`, version))}
          ${andIf(filter.priceMinFen, (fen) => sql`p.unit_price_fen >= ${fen}`)}
          ${andIf(filter.priceMaxFen, (fen) => sql`p.unit_price_fen <= ${fen}`)}
        group by r.id, m.id, p.id
        ${filter.gpuCount !== undefined ? sql`having max(h.gpu_free) >= ${filter.gpuCount}` : sql``}
        ${orderBy(filter.sort)}`,
  );

  return rows.map((row) => ({
    machineType: input.machineType,
    regionCode: row.region_code,
    regionName: row.region_name,
    gpuCode: row.gpu_code,
    gpuName: row.gpu_name,
    ...gpuSpecOf(row),
    unitPriceFen: num(row.unit_price_fen),
    freeGpus: num(row.free_gpus),
    maxFreePerHost: num(row.max_free_per_host),
    totalGpus: num(row.total_gpus),
    gpusPerHost: num(row.gpus_per_host),
    hosts: num(row.hosts),
    freeHosts: num(row.free_hosts),
    cudaVersions: [...parseTextArray(row.cuda_versions)].sort(compareCuda),
    hostList: (typeof row.host_list === "string" ? JSON.parse(row.host_list) : row.host_list) as OfferHost[],
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
