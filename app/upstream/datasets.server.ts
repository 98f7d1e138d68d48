import type {
  DatasetCalls,
  DatasetDetailWire,
  DatasetListWire,
  DatasetTaskWire,
  DatasetWire,
} from "../../platform/contract/datasets";
import { callApiOrThrow } from "./transport.server";

export type { DatasetDetailWire, DatasetListWire, DatasetTaskWire, DatasetWire };

function call<P extends keyof DatasetCalls>(path: P, input: DatasetCalls[P]["input"]) {
  return callApiOrThrow<DatasetCalls[P]["data"]>(path, input);
}

/** The published datasets (only those of `task` when given) and every task that has one. */
export function listDatasets(task?: string): Promise<DatasetListWire> {
  return call("/dataset/list", task ? { task } : {});
}

/** One published dataset by slug; an UpstreamError NOT_FOUND (kind "not-found") for anything else. */
export function getDataset(slug: string): Promise<DatasetDetailWire> {
  return call("/dataset/detail", { id: slug });
}
