import type {
  GpuFitWire,
  ModelCalls,
  ModelDetailWire,
  ModelFamilyWire,
  ModelListWire,
  ModelSummaryWire,
} from "../../platform/contract/models";
import { callApiOrThrow, type CallOptions } from "./transport.server";

export type { GpuFitWire, ModelDetailWire, ModelFamilyWire, ModelListWire, ModelSummaryWire };

/** One model-library call, its fields and reply typed by the contract (platform/contract/models.ts). */
function call<P extends keyof ModelCalls>(path: P, input: ModelCalls[P]["input"], options: CallOptions = {}) {
  return callApiOrThrow<ModelCalls[P]["data"]>(path, input, { method: "GET", ...options });
}

/** The published models (of one family when given), each with its best GPU line, and the families' counts. */
export function listModels(family?: ModelFamilyWire): Promise<ModelListWire> {
  return call("/ai_models/list", family ? { family } : {});
}

/** One published model with every GPU it fits on; a draft or unknown slug is an UpstreamError NOT_FOUND. */
export function getModel(slug: string): Promise<ModelDetailWire> {
  return call("/ai_models/detail", { slug });
}
