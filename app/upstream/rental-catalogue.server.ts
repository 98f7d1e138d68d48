import type { ImageWire, MarketCalls, OfferDetailWire } from "../../platform/contract/market";
import { callApiOrThrow, type CallOptions } from "./transport.server";

export type { ImageWire, OfferDetailWire };

/** One market call the rental form needs, typed by the contract (platform/contract/market.ts). */
function call<P extends keyof MarketCalls>(path: P, input: MarketCalls[P]["input"], options: CallOptions = {}) {
  return callApiOrThrow<MarketCalls[P]["data"]>(path, input, options);
}

/** One offer (machine type, region, GPU model) with its names, free GPUs and CUDA versions. */
export function getOfferDetail(type: "kvm" | "docker", region: string, gpu: string) {
  return call("/gpu_selector_detail", { type, region, gpu });
}

/** The official images (and, with a session, the caller's own): GET /instance/kvm/get_local_images. */
export function getLocalImages(session: string) {
  return call("/instance/kvm/get_local_images", {}, { session, method: "GET" });
}
