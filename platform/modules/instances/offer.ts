import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { gpuModels, gpuPrices, hosts, regions, type MachineType } from "../../db/market-schema";
import { fail } from "../errors";

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

/** The offer (machine type, region code, GPU model code), or OFFER_NOT_FOUND when it has no price or no host. */
export async function findRentalOffer(db: Db, key: OfferKey): Promise<RentalOffer> {
  const [found] = await db
    .select({ region: regions, gpuModel: gpuModels, unitPriceFen: gpuPrices.unitPriceFen })
    .from(gpuModels)
    .innerJoin(gpuPrices, and(eq(gpuPrices.gpuModelId, gpuModels.id), eq(gpuPrices.machineType, key.machineType)))
    .innerJoin(regions, eq(regions.code, key.regionCode))
    .where(eq(gpuModels.code, key.gpuModelCode));
  if (!found) return fail("OFFER_NOT_FOUND");
  const hostRows = await db
    .select({
      id: hosts.id,
      name: hosts.name,
      gpuTotal: hosts.gpuTotal,
      gpuFree: hosts.gpuFree,
      cudaVersion: hosts.cudaVersion,
      sshHost: hosts.sshHost,
      online: hosts.online,
    })
    .from(hosts)
    .where(
      and(
        eq(hosts.machineType, key.machineType),
        eq(hosts.regionId, found.region.id),
        eq(hosts.gpuModelId, found.gpuModel.id),
      ),
    )
    .orderBy(asc(hosts.gpuFree), asc(hosts.id));
  if (hostRows.length === 0) return fail("OFFER_NOT_FOUND");
  const m = found.gpuModel;
  return {
    machineType: key.machineType,
    region: { id: found.region.id, code: found.region.code, name: found.region.name },
    gpuModel: {
      id: m.id,
      code: m.code,
      name: m.name,
      memoryGb: m.memoryGb,
      cpuCoresPerGpu: m.cpuCoresPerGpu,
      ramGbPerGpu: m.ramGbPerGpu,
      systemDiskGb: m.systemDiskGb,
      dataDiskGbPerGpu: m.dataDiskGbPerGpu,
    },
    unitPriceFen: found.unitPriceFen,
    hosts: hostRows,
  };
}

/** The most GPUs one online host of the offer has free right now. */
export const mostFreeGpus = (offer: Pick<RentalOffer, "hosts">): number =>
  offer.hosts.reduce((most, h) => (h.online ? Math.max(most, h.gpuFree) : most), 0);

/** The most GPUs one host of the offer has at all (what gpu_count may ask for, at most 8). */
export const largestHostGpus = (offer: Pick<RentalOffer, "hosts">): number =>
  offer.hosts.reduce((most, h) => Math.max(most, h.gpuTotal), 0);
