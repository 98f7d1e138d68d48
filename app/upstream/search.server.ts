import type {
  SearchCalls,
  SearchFields,
  SearchPageWire,
  SearchResultWire,
  SearchSegmentWire,
  SearchSourceWire,
} from "../../platform/contract/search";
import { callApiOrThrow } from "./transport.server";

export type { SearchPageWire, SearchResultWire, SearchSegmentWire, SearchSourceWire };

/** The site search (GET /api/search, public): one page of results, best first. */
export function searchSite(fields: SearchFields): Promise<SearchCalls["/search"]["data"]> {
  return callApiOrThrow<SearchCalls["/search"]["data"]>("/search", fields, { method: "GET" });
}
