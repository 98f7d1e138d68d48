/**
 * The public cloud-host stock page (/instanceAvailableKvmStore, issue 36 §2):
 * the kvm offers of the store, grouped by GPU model, one row per region, with
 * what a user deciding where to move or restart an instance needs to read:
 * free GPUs, the hosts with room for the GPUs they need, the list price.
 */
import type { OfferWire } from "~/upstream/market.server";

export const KVM_STOCK_PATH = "/instanceAvailableKvmStore";

/** How long a visitor's copy of the page may be kept: stock changes with every rental, so only briefly. */
export const KVM_STOCK_CACHE = "public, max-age=10";

export interface KvmStockRow {
  regionCode: string;
  regionName: string;
  freeGpus: number;
  totalGpus: number;
  /** Hosts with at least `need` free GPUs. */
  hostsWithRoom: number;
  hosts: number;
  /** The most free GPUs on one host: the largest instance that fits now. */
  maxFreePerHost: number;
  /** List price per GPU-hour, yuan as on the wire. */
  price: string;
}

export interface KvmStockGroup {
  gpuCode: string;
  gpuName: string;
  rows: KvmStockRow[];
}

/** Groups offers by GPU model in the order they come (the catalogue's); `need` GPUs make a host one with room. */
export function groupKvmStock(offers: OfferWire[], need: number): KvmStockGroup[] {
  const groups = new Map<string, KvmStockGroup>();
  for (const offer of offers) {
    let group = groups.get(offer.Gpu.Code);
    if (!group) {
      group = { gpuCode: offer.Gpu.Code, gpuName: offer.Gpu.Name, rows: [] };
      groups.set(offer.Gpu.Code, group);
    }
    group.rows.push({
      regionCode: offer.Region.Code,
      regionName: offer.Region.Name,
      freeGpus: offer.FreeGpus,
      totalGpus: offer.TotalGpus,
      hostsWithRoom: offer.Hosts.filter((host) => host.GpuFree >= need).length,
      hosts: offer.Hosts.length,
      maxFreePerHost: offer.MaxFreePerHost,
      price: offer.Price,
    });
  }
  return [...groups.values()];
}
