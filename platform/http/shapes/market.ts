import type {
  AvailableWire,
  BareMetalListWire,
  ImagesWire,
  InstanceSpecificationWire,
  OfferDetailWire,
  OfferWire,
  PriceInfoWire,
  ReservationWire,
  SelectorOptionsWire,
} from "../../contract/market";
import type { MachineType } from "../../db/market-schema";
import type { BareMetalServer, Reservation } from "../../modules/market/bare-metal";
import type { Image, InstanceSpecification, SelectorOptions } from "../../modules/market/catalogue";
import type { PriceInfo } from "../../modules/market/member-price";
import { newestCuda, type Offer } from "../../modules/market/offers";
import { fenToYuan } from "../../rules/money";
import { BP } from "../../rules/price";

export const toSelectorOptions = (machineType: MachineType, o: SelectorOptions): SelectorOptionsWire => ({
  MachineType: machineType,
  Regions: o.regions.map((r) => ({ Code: r.code, Name: r.name })),
  GpuModels: o.gpuModels.map((m) => ({ Code: m.code, Name: m.name, MemoryGb: m.memoryGb })),
  GpuCounts: o.gpuCounts,
  CudaVersions: o.cudaVersions,
  PriceMin: fenToYuan(o.priceMinFen),
  PriceMax: fenToYuan(o.priceMaxFen),
});

export const toOffer = (o: Offer): OfferWire => ({
  MachineType: o.machineType,
  Region: { Code: o.regionCode, Name: o.regionName },
  Gpu: { Code: o.gpuCode, Name: o.gpuName, MemoryGb: o.memoryGb },
  CpuCoresPerGpu: o.cpuCoresPerGpu,
  RamGbPerGpu: o.ramGbPerGpu,
  SystemDiskGb: o.systemDiskGb,
  DataDiskGbPerGpu: o.dataDiskGbPerGpu,
  Price: fenToYuan(o.unitPriceFen),
  FreeGpus: o.freeGpus,
  MaxFreePerHost: o.maxFreePerHost,
  TotalGpus: o.totalGpus,
  GpusPerHost: o.gpusPerHost,
  CudaVersions: o.cudaVersions,
  MaxCudaVersion: newestCuda(o),
  Hosts: o.hostList.map((h) => ({
    Name: h.name,
    GpuFree: h.gpuFree,
    GpuTotal: h.gpuTotal,
    CudaVersion: h.cudaVersion,
  })),
});

export const toOffers = (offers: Offer[]) => ({ offers: offers.map(toOffer) });

export const toSpecification = (s: InstanceSpecification): InstanceSpecificationWire => ({
  GpuCount: s.gpuCount,
  CpuCores: s.cpuCores,
  RamGb: s.ramGb,
  SystemDiskGb: s.systemDiskGb,
  DataDiskGb: s.dataDiskGb,
});

export const toOfferDetail = (o: Offer, specs: InstanceSpecification[]): OfferDetailWire => ({
  ...toOffer(o),
  Specifications: specs.map(toSpecification),
});

export const toAvailable = (offers: Offer[]): AvailableWire => ({
  offers: offers.map((o) => ({
    RegionCode: o.regionCode,
    GpuCode: o.gpuCode,
    FreeGpus: o.freeGpus,
    MaxFreePerHost: o.maxFreePerHost,
  })),
});

export const toPriceInfo = (p: PriceInfo): PriceInfoWire => ({
  VipLevel: p.discount.level,
  VipName: p.discount.level > 0 ? p.discount.name : "",
  Discount: p.discount.discountBp / BP,
  Prices: p.prices.map((row) => ({
    MachineType: row.machineType,
    GpuCode: row.gpuCode,
    GpuName: row.gpuName,
    Price: fenToYuan(row.unitPriceFen),
    MemberPrice: fenToYuan(row.memberPriceFen),
  })),
});

export const toBareMetalList = (servers: BareMetalServer[]): BareMetalListWire => ({
  servers: servers.map((s) => ({
    Region: { Code: s.offer.regionCode, Name: s.offer.regionName },
    Gpu: { Code: s.offer.gpuCode, Name: s.offer.gpuName, MemoryGb: s.offer.memoryGb },
    CpuCoresPerGpu: s.offer.cpuCoresPerGpu,
    RamGbPerGpu: s.offer.ramGbPerGpu,
    GpusPerServer: s.gpusPerServer,
    Price: fenToYuan(s.unitPriceFen),
    MonthPrice: fenToYuan(s.monthPriceFen),
    FreeServers: s.freeServers,
    TotalServers: s.totalServers,
  })),
});

export const toReservation = (r: Reservation): ReservationWire => ({
  Id: r.id,
  Region: { Code: r.regionCode, Name: r.regionName },
  Gpu: { Code: r.gpuCode, Name: r.gpuName },
  Machines: r.machines,
  Months: r.months,
  ContactName: r.contactName,
  ContactPhone: r.contactPhone,
  Note: r.note,
  Status: r.status,
  CreatedAt: Math.floor(r.createdAt.getTime() / 1000),
});

export const toImages = (images: Image[]): ImagesWire => ({
  images: images.map((i) => ({
    Id: i.id,
    Code: i.code,
    Framework: i.framework,
    Version: i.version,
    CudaVersion: i.cudaVersion,
    PythonVersion: i.pythonVersion,
  })),
});
