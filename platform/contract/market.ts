/**
 * The compute market's calls on the wire (spec §7 "Market", issue 12 §2): the
 * store's filter options, offers, prices with the caller's membership price,
 * free GPUs, specs, bare-metal servers and reservations, and the official
 * images. Prices are yuan strings with two decimals per GPU-hour unless named
 * otherwise; counts are integers; times are epoch seconds. The spec names the
 * paths but not the payloads: these are ours, and outside clients rely on them.
 */
import type { MainApiCall, NoFields } from "./calls";

export type MachineTypeWire = "kvm" | "docker" | "bare_metal";

export type RegionWire = { Code: string; Name: string };

export type GpuModelWire = { Code: string; Name: string; MemoryGb: number };

/** The filter fields of the selector calls; every one optional, prices in yuan per GPU-hour. */
export type OfferFilterFields = {
  region?: string;
  gpu?: string;
  /** Offers where one host has at least this many free GPUs. */
  gpu_count?: number;
  /** Hosts whose CUDA version is at least this, e.g. "12.2". */
  cuda?: string;
  price_min?: string;
  price_max?: string;
  /**
   * The order: "price_asc" or "price_desc" (list price per GPU-hour), "free_desc" (most free GPUs first); absent:
   * region, then model. Ties keep region, then model order.
   */
  sort?: "price_asc" | "price_desc" | "free_desc";
};

/** What the filters can choose from for one machine type. */
export type SelectorOptionsWire = {
  MachineType: MachineTypeWire;
  Regions: RegionWire[];
  GpuModels: GpuModelWire[];
  GpuCounts: number[];
  CudaVersions: string[];
  /** Lowest and highest list price per GPU-hour of the type, yuan. */
  PriceMin: string;
  PriceMax: string;
};

/** An offer: the online hosts of one machine type, region and GPU model. */
export type OfferWire = {
  MachineType: MachineTypeWire;
  Region: RegionWire;
  Gpu: GpuModelWire;
  /** Per GPU. */
  CpuCoresPerGpu: number;
  RamGbPerGpu: number;
  SystemDiskGb: number;
  DataDiskGbPerGpu: number;
  /** List price per GPU-hour, yuan. */
  Price: string;
  /** Free GPUs over the offer's hosts. */
  FreeGpus: number;
  /** The most free GPUs on one host: the largest instance rentable now. */
  MaxFreePerHost: number;
  TotalGpus: number;
  GpusPerHost: number;
  CudaVersions: string[];
  /** The newest of CudaVersions. */
  MaxCudaVersion: string;
  /** The offer's online hosts, most free GPUs first: what a renter picks by (空闲 3/8, the host's CUDA version). */
  Hosts: OfferHostWire[];
};

/** One online host of an offer. */
export type OfferHostWire = {
  /** Region and machine number, e.g. 北京A区-12号机. */
  Name: string;
  GpuFree: number;
  GpuTotal: number;
  /** The newest CUDA its driver runs. */
  CudaVersion: string;
};

export type OffersWire = { offers: OfferWire[] };

export type OfferKeyFields = { type: MachineTypeWire; region: string; gpu: string };

export type InstanceSpecificationWire = {
  GpuCount: number;
  CpuCores: number;
  RamGb: number;
  SystemDiskGb: number;
  DataDiskGb: number;
};

/** One offer with its specs per GPU count (`/gpu_selector_detail`). */
export type OfferDetailWire = OfferWire & { Specifications: InstanceSpecificationWire[] };

/**
 * The list price and the caller's membership price per machine type and GPU
 * model (prices do not depend on the region). Without a session: list prices,
 * VipLevel 0. `phone`, when sent with a session, must be the caller's own.
 */
export type PriceInfoWire = {
  VipLevel: number;
  /** 铜牌会员, …; "" without a session, for level 0 and for a sub-account. */
  VipName: string;
  /** The price multiplier as a fraction, e.g. 0.98. */
  Discount: number;
  Prices: { MachineType: MachineTypeWire; GpuCode: string; GpuName: string; Price: string; MemberPrice: string }[];
};

/** Free GPUs per offer of one machine type. */
export type AvailableWire = {
  offers: { RegionCode: string; GpuCode: string; FreeGpus: number; MaxFreePerHost: number }[];
};

export type AvailableFields = { region?: string; gpu?: string };
/** `image_id`: only hosts whose CUDA version can run the image count. */
export type AvailableWithImageFields = AvailableFields & { image_id: number };

export type SpecificationsFields = { gpu: string; type?: MachineTypeWire };
export type SpecificationsWire = { specs: InstanceSpecificationWire[] };

export type BareMetalServerWire = {
  Region: RegionWire;
  Gpu: GpuModelWire;
  CpuCoresPerGpu: number;
  RamGbPerGpu: number;
  GpusPerServer: number;
  /** List price per GPU-hour, yuan. */
  Price: string;
  /** A whole server for a month (30 days) at the monthly 0.95, yuan. */
  MonthPrice: string;
  FreeServers: number;
  TotalServers: number;
};

export type BareMetalListWire = { servers: BareMetalServerWire[] };

export type ReservationStatusWire = "pending" | "confirmed" | "cancelled";

export type ReservationWire = {
  Id: number;
  Region: RegionWire;
  Gpu: { Code: string; Name: string };
  Machines: number;
  Months: number;
  ContactName: string;
  ContactPhone: string;
  Note: string;
  Status: ReservationStatusWire;
  /** Epoch seconds. */
  CreatedAt: number;
};

/** machines 1–100, months 1–36, note up to 500 characters. */
export type AddReservationFields = {
  region: string;
  gpu: string;
  machines: number;
  months: number;
  contact_name: string;
  contact_phone: string;
  note?: string;
};

export type ReservationsWire = { reservations: ReservationWire[] };

export type ImageWire = {
  Id: number;
  Code: string;
  Framework: string;
  Version: string;
  CudaVersion: string;
  PythonVersion: string | null;
};

export type ImagesWire = { images: ImageWire[] };

/** Every market call of the main API, by path under /api. */
export type MarketCalls = {
  "/store/get_store_selector_options": MainApiCall<{ type?: MachineTypeWire }, SelectorOptionsWire>;
  "/store/get_kvm_gpu_selector": MainApiCall<OfferFilterFields, OffersWire>;
  "/store/get_docker_gpu_selector": MainApiCall<OfferFilterFields, OffersWire>;
  "/gpu_selector_detail": MainApiCall<OfferKeyFields, OfferDetailWire>;
  /** Public; with a live session the caller's own membership price. */
  "/gpu_priceinfo": MainApiCall<{ phone?: string }, PriceInfoWire, "optional">;
  "/get_available_kvm_num": MainApiCall<AvailableWithImageFields, AvailableWire, "optional">;
  "/get_available_docker_num": MainApiCall<AvailableWithImageFields, AvailableWire, "optional">;
  "/get_available_kvm_num_without_image": MainApiCall<AvailableFields, AvailableWire>;
  "/get_available_docker_num_without_image": MainApiCall<AvailableFields, AvailableWire>;
  "/store/get_instance_specifications": MainApiCall<SpecificationsFields, SpecificationsWire>;
  "/get_bare_metal_show_list": MainApiCall<AvailableFields, BareMetalListWire>;
  "/add_baremetal_reservation": MainApiCall<AddReservationFields, ReservationWire, "required">;
  "/get_baremetal_reservations": MainApiCall<NoFields, ReservationsWire, "required">;
  /** The caller's own pending reservation becomes cancelled; another's is NOT_FOUND; not pending: BAD_REQUEST. */
  "/cancel_baremetal_reservation": MainApiCall<{ reservation_id: number }, ReservationWire, "required">;
  "/instance/kvm/get_local_images": MainApiCall<NoFields, ImagesWire>;
};
