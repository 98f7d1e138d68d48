import type {
  DocLinkWire,
  DocPageWire,
  DocsCalls,
  DocTreePageWire,
  DocTreeSectionWire,
} from "../../platform/contract/docs";
import { callApiOrThrow } from "./transport.server";

export type { DocLinkWire, DocPageWire, DocTreePageWire, DocTreeSectionWire };

/** One docs call (both are GETs), its fields and reply typed by the contract (platform/contract/docs.ts). */
function call<P extends keyof DocsCalls>(path: P, input: DocsCalls[P]["input"]) {
  return callApiOrThrow<DocsCalls[P]["data"]>(path, input, { method: "GET" });
}

/** The published docs: sections with their pages, in reading order. */
export function getDocsTree() {
  return call("/docs/tree", {});
}

/** One published doc by its URL name, with the sidebar; NOT_FOUND for anything else. */
export function getDocPage(slug: string) {
  return call("/docs/page", { slug });
}
