import type { GpuFitWire, ModelDetailWire, ModelListWire, ModelSummaryWire } from "../../contract/models";
import type { GpuFit } from "../../modules/models/gpu-fits";
import type { FamilyCount, ModelDetail, ModelSummary } from "../../modules/models/library";
import { fenToYuan } from "../../rules/money";

export const toGpuFit = (f: GpuFit): GpuFitWire => ({
  Gpu: { Code: f.gpuCode, Name: f.gpuName, MemoryGb: f.memoryGb },
  GpuCount: f.gpuCount,
  FreeGpus: f.freeGpus,
  Price: fenToYuan(f.unitPriceFen),
  MachineType: f.machineType,
  Region: { Code: f.regionCode, Name: f.regionName },
});

export const toModelSummary = (m: ModelSummary): ModelSummaryWire => ({
  Slug: m.slug,
  Name: m.name,
  Family: m.family,
  Publisher: m.publisher,
  Parameters: m.parameters,
  GpuMemoryGb: m.gpuMemoryGb,
  Licence: m.licence,
  Summary: m.summary,
  Image: { Id: m.image.id, Framework: m.image.framework, Version: m.image.version, CudaVersion: m.image.cudaVersion },
  BestFit: m.fits[0] ? toGpuFit(m.fits[0]) : null,
});

export const toModelList = (list: { models: ModelSummary[]; families: FamilyCount[] }): ModelListWire => ({
  models: list.models.map(toModelSummary),
  families: list.families.map((f) => ({ Family: f.family, Count: f.count })),
});

export const toModelDetail = (m: ModelDetail): ModelDetailWire => ({
  ...toModelSummary(m),
  Body: m.body,
  Fits: m.fits.map(toGpuFit),
  PublishedAt: m.publishedAt ? m.publishedAt.toISOString() : null,
});
