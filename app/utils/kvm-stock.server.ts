import { data } from "@remix-run/node";
import { getOffers, getSelectorOptions } from "~/upstream/market.server";
import { readOfferFilter, type OfferFilterErrors, type OfferFilterFields } from "../../platform/rules/market-filter";
import { groupKvmStock, KVM_STOCK_CACHE } from "./kvm-stock";
import { loadPage } from "./upstream-errors.server";

export { publicContentHeaders } from "~/render/public-cache.server";

/** The fields of the page's GET form: where, which model, how many GPUs the instance needs. */
const STOCK_FIELDS = ["region", "gpu", "gpu_count"] as const;

/**
 * The cloud-host stock as of now, through the store's own kvm selector call
 * (the same grouped query over the online hosts): bad filter fields are shown
 * beside themselves and left out. Visitors may keep the page `KVM_STOCK_CACHE`
 * (the document entry makes it private for a signed-in user).
 */
export async function loadKvmStock(request: Request) {
  return loadPage(request, async () => {
    const query = new URL(request.url).searchParams;
    const typed: OfferFilterFields = {};
    for (const name of STOCK_FIELDS) {
      const value = query.get(name);
      if (value !== null && value !== "") typed[name] = value.slice(0, 64);
    }
    const { filter, errors } = readOfferFilter(typed);
    const [options, offers] = await Promise.all([
      getSelectorOptions("kvm"),
      getOffers("kvm", { region: filter.region, gpu: filter.gpu, gpu_count: filter.gpuCount }),
    ]);
    const need = filter.gpuCount ?? 1;
    return data(
      {
        typed,
        errors: errors as OfferFilterErrors,
        regions: options.Regions,
        gpuModels: options.GpuModels,
        need,
        groups: groupKvmStock(offers, need),
        // To the minute, as the page shows it: the same stock within a minute is the same page (and ETag).
        asOf: new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString(),
      },
      { headers: { "Cache-Control": KVM_STOCK_CACHE } },
    );
  });
}
