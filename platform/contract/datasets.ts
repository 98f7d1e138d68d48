/**
 * The public datasets on the wire (issue 35 §1, /dataset): published datasets
 * filtered by task, and one by its slug. Public calls (no session). Sizes are
 * bytes; times are ISO 8601. The spec names the page but not the payloads:
 * these are ours.
 */
import type { MainApiCall } from "./calls";

export type DatasetWire = {
  /** Its URL name: /dataset/<Slug>. */
  Slug: string;
  Name: string;
  Task: string;
  SizeBytes: number;
  FileCount: number;
  Licence: string;
  SourceUrl: string;
  /** Where an instance sees it (read-only). */
  MountPath: string;
  Summary: string;
  UpdatedAt: string;
};

/** One dataset with its markdown body (what is in it, how to use it). */
export type DatasetDetailWire = DatasetWire & { Body: string };

/** A task of the filter, with how many published datasets it has. */
export type DatasetTaskWire = { Task: string; Count: number };

export type DatasetListWire = { Tasks: DatasetTaskWire[]; Datasets: DatasetWire[] };

export type DatasetCalls = {
  /** Published datasets in position order; with `task`, only those of that task. `Tasks` lists every task either way. */
  "/dataset/list": MainApiCall<{ task?: string }, DatasetListWire>;
  /** One published dataset by slug; NOT_FOUND (404) for anything visitors may not see. */
  "/dataset/detail": MainApiCall<{ id: string }, DatasetDetailWire>;
};
