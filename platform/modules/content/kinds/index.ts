import type { ContentKind } from "../../../db/content-schema";
import type { ContentKindSpec } from "../kind";
import { datasetKind } from "./dataset";
import { docKind } from "./doc";
import { modelKind } from "./model";
import { softwareKind } from "./software";

export { datasetKind, docKind, modelKind, softwareKind };

/** Every kind of public content by its name (the desk's routes take the name). */
export const CONTENT_KIND_SPECS: Record<ContentKind, ContentKindSpec<Record<string, unknown>>> = {
  doc: docKind as unknown as ContentKindSpec<Record<string, unknown>>,
  dataset: datasetKind as unknown as ContentKindSpec<Record<string, unknown>>,
  software: softwareKind as unknown as ContentKindSpec<Record<string, unknown>>,
  model: modelKind as unknown as ContentKindSpec<Record<string, unknown>>,
};
