import type {
  AddReservationFields,
  AvailableWire,
  BareMetalServerWire,
  ImageWire,
  InstanceSpecificationWire,
  MachineTypeWire,
  MarketCalls,
  OfferDetailWire,
  OfferFilterFields,
  OfferWire,
  PriceInfoWire,
  ReservationWire,
  SelectorOptionsWire,
} from "../../platform/contract/market";
import { callApiOrThrow, type CallOptions } from "./transport.server";

export type {
  AvailableWire,
  BareMetalServerWire,
  ImageWire,
  InstanceSpecificationWire,
  MachineTypeWire,
  OfferDetailWire,
  OfferFilterFields,
  OfferWire,
  PriceInfoWire,
  ReservationWire,
  SelectorOptionsWire,
};

/** One market call, its fields and reply typed by the contract (platform/contract/market.ts). */
function call<P extends keyof MarketCalls>(path: P, input: MarketCalls[P]["input"], options: CallOptions = {}) {
  return callApiOrThrow<MarketCalls[P]["data"]>(path, input, options);
}

/** What the store's filters can choose from for one machine type. */
export function getSelectorOptions(type: MachineTypeWire) {
  return call("/store/get_store_selector_options", { type });
}

/** The offers of cloud hosts or containers that pass the filter (fields as the store's GET form names them). */
export async function getOffers(type: "kvm" | "docker", filter: OfferFilterFields = {}): Promise<OfferWire[]> {
  const path = type === "kvm" ? "/store/get_kvm_gpu_selector" : "/store/get_docker_gpu_selector";
  return (await call(path, filter)).offers;
}

/**
 * One offer by machine type, region and GPU model, with its specs per GPU
 * count: the rental form's preset (`createInstancePath`). A region and model
 * not offered is an UpstreamError NOT_FOUND on field `gpu`.
 */
export function getOfferDetail(offer: { type: MachineTypeWire; region: string; gpu: string }) {
  return call("/gpu_selector_detail", offer);
}

/** List and membership prices per machine type and GPU model; the caller's own tier with a session, list prices without. */
export function getPriceInfo(session: string | null) {
  return call("/gpu_priceinfo", {}, { session });
}

/** Free GPUs per offer; with `imageId`, only hosts whose CUDA version can run that image count. */
export async function getAvailable(
  type: "kvm" | "docker",
  where: { region?: string; gpu?: string; imageId?: number },
  session: string | null = null,
): Promise<AvailableWire["offers"]> {
  const fields = { region: where.region, gpu: where.gpu };
  if (where.imageId === undefined) {
    const path = type === "kvm" ? "/get_available_kvm_num_without_image" : "/get_available_docker_num_without_image";
    return (await call(path, fields)).offers;
  }
  const path = type === "kvm" ? "/get_available_kvm_num" : "/get_available_docker_num";
  return (await call(path, { ...fields, image_id: where.imageId }, { session })).offers;
}

/** Cores, RAM and disks per GPU count of a model on a machine type. */
export async function getInstanceSpecifications(
  gpu: string,
  type: MachineTypeWire,
): Promise<InstanceSpecificationWire[]> {
  return (await call("/store/get_instance_specifications", { gpu, type })).specs;
}

export async function getBareMetalServers(
  where: { region?: string; gpu?: string } = {},
): Promise<BareMetalServerWire[]> {
  return (await call("/get_bare_metal_show_list", where)).servers;
}

export function addBareMetalReservation(session: string, fields: AddReservationFields) {
  return call("/add_baremetal_reservation", fields, { session });
}

export async function getBareMetalReservations(session: string): Promise<ReservationWire[]> {
  return (await call("/get_baremetal_reservations", {}, { session })).reservations;
}

export function cancelBareMetalReservation(session: string, reservationId: number): Promise<ReservationWire> {
  return call("/cancel_baremetal_reservation", { reservation_id: reservationId }, { session });
}

/** The official images (PyTorch, TensorFlow, CUDA base). */
export async function getLocalImages(): Promise<ImageWire[]> {
  return (await call("/instance/kvm/get_local_images", {}, { method: "GET" })).images;
}
