/**
 * The AI model library on the wire (issue 35 §1: `/AIModels` and the spec's
 * named route modelDetail): published models with the official image that
 * serves them, and the GPUs of the market each fits on, with today's free
 * count and the lowest list price. Public reads. Prices are yuan strings with
 * two decimals per GPU-hour; times ISO 8601.
 */
import type { MainApiCall } from "./calls";

/** The library's families, as ai_models.family names them. */
export const MODEL_FAMILIES_WIRE = ["llm", "diffusion", "speech", "vision", "multimodal"] as const;
export type ModelFamilyWire = (typeof MODEL_FAMILIES_WIRE)[number];

/**
 * A GPU model the model fits on: `GpuCount` of them hold its memory; `FreeGpus`
 * are free today on hosts that can give that many on one machine and run its
 * image; `Price` is the lowest list price per GPU-hour there (among all such
 * hosts when none is free). `MachineType` and `Region` name the offer of that
 * price: where 用此镜像创建 opens the rental form.
 */
export type GpuFitWire = {
  Gpu: { Code: string; Name: string; MemoryGb: number };
  GpuCount: number;
  FreeGpus: number;
  Price: string;
  MachineType: "kvm" | "docker";
  Region: { Code: string; Name: string };
};

/** The official image a model comes ready in (its Id is what the rental form's `image` takes). */
export type ModelImageWire = { Id: number; Framework: string; Version: string; CudaVersion: string };

export type ModelSummaryWire = {
  Slug: string;
  Name: string;
  Family: ModelFamilyWire;
  Publisher: string;
  /** As its publisher says it: "7B", "72B", "1.55B". */
  Parameters: string;
  /** GPU memory one instance needs, all its GPUs together. */
  GpuMemoryGb: number;
  Licence: string;
  Summary: string;
  Image: ModelImageWire;
  /** The best fit (what can be rented now first, then the cheapest instance); null when none fits. */
  BestFit: GpuFitWire | null;
};

/** One model's page: its markdown body and every fit, best first. */
export type ModelDetailWire = ModelSummaryWire & {
  Body: string;
  Fits: GpuFitWire[];
  PublishedAt: string | null;
};

export type ModelListWire = {
  models: ModelSummaryWire[];
  /** The families that have published models, with their counts (for the filter). */
  families: { Family: ModelFamilyWire; Count: number }[];
};

/** Every call of the model library, by path under /api. */
export type ModelCalls = {
  /** `family` absent or "": every family. */
  "/ai_models/list": MainApiCall<{ family?: ModelFamilyWire | "" }, ModelListWire>;
  /** NOT_FOUND for a draft, an unpublished or an unknown slug. */
  "/ai_models/detail": MainApiCall<{ slug: string }, ModelDetailWire>;
};
