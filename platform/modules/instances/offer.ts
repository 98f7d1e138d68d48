import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedRowsOf } from "../../db/prepared";
import type { MachineType } from "../../db/market-schema";
import { fail } from "../errors";
import { num } from "../finance/rows";
import { gpuSpecOf, type GpuSpecRow } from "../market/offers";

/** A host of an offer, as a rental sees it. */
export interface OfferHost {
  id: number;
  name: string;
  gpuTotal: number;
  gpuFree: number;
  cudaVersion: string;
  sshHost: string;
  online: boolean;
}

/** What a rental rents: one GPU model on one machine type in one region, its price and its hosts. */
export interface RentalOffer {
  machineType: MachineType;
  region: { id: number; code: string; name: string };
  gpuModel: {
    id: number;
    code: string;
    name: string;
    memoryGb: number;
    cpuCoresPerGpu: number;
    ramGbPerGpu: number;
    systemDiskGb: number;
    dataDiskGbPerGpu: number;
  };
  /** List price of one GPU-hour, in fen. */
  unitPriceFen: number;
  /** Every host of the offer, online or not, fewest free GPUs first. */
  hosts: OfferHost[];
}

export interface OfferKey {
  machineType: MachineType;
  regionCode: string;
  gpuModelCode: string;
}

interface OfferHostRow extends GpuSpecRow {
  region_id: unknown;
  region_code: string;
  region_name: string;
  model_id: unknown;
  model_code: string;
  model_name: string;
  unit_price_fen: unknown;
  host_id: unknown;
  host_name: string;
  gpu_total: unknown;
  gpu_free: unknown;
  cuda_version: string;
  ssh_host: string;
  online: unknown;
}

/**
 * The offer (machine type, region code, GPU model code), or OFFER_NOT_FOUND when it has no price or no host.
 * One statement, one row per host, written as SQL: every rental and preview runs it (decision 050).
 */
export async function findRentalOffer(db: Db, key: OfferKey): Promise<RentalOffer> {
  const rows = await preparedRowsOf<OfferHostRow>(
    db,
    sql`select r.id as region_id, r.code as region_code, r.name as region_name,
          m.id as model_id, m.code as model_code, m.name as model_name, m.memory_gb, m.cpu_cores_per_gpu,
          m.ram_gb_per_gpu, m.system_disk_gb, m.data_disk_gb_per_gpu, p.unit_price_fen,
          h.id as host_id, h.name as host_name, h.gpu_total, h.gpu_free, h.cuda_version, h.ssh_host, h.online
        from gpu_models m
        join gpu_prices p on p.gpu_model_id = m.id and p.machine_type = ${key.machineType}
        join regions r on r.code = ${key.regionCode}
        join hosts h on h.machine_type = ${key.machineType} and h.region_id = r.id and h.gpu_model_id = m.id
        where m.code = ${key.gpuModelCode}
        order by h.gpu_free, h.id`,
  );
  const [first] = rows;
  if (!first) return fail("OFFER_NOT_FOUND");
  return {
    machineType: key.machineType,
    region: { id: num(first.region_id), code: first.region_code, name: first.region_name },
    gpuModel: {
      id: num(first.model_id),
      code: first.model_code,
      name: first.model_name,
      ...gpuSpecOf(first),
    },
    unitPriceFen: num(first.unit_price_fen),
    hosts: rows.map((h) => ({
      id: num(h.host_id),
      name: h.host_name,
      gpuTotal: num(h.gpu_total),
      gpuFree: num(h.gpu_free),
      cudaVersion: h.cuda_version,
      sshHost: h.ssh_host,
      online: h.online === true || h.online === "t",
    })),
  };
}

/** The most GPUs one online host of the offer has free right now. */
export const mostFreeGpus = (offer: Pick<RentalOffer, "hosts">): number =>
  offer.hosts.reduce((most, h) => (h.online ? Math.max(most, h.gpuFree) : most), 0);

/** The most GPUs one host of the offer has at all (what gpu_count may ask for, at most 8). */
export const largestHostGpus = (offer: Pick<RentalOffer, "hosts">): number =>
  offer.hosts.reduce((most, h) => Math.max(most, h.gpuTotal), 0);
