/**
 * The site search on the wire (issue 35 §1, decision 074): one public GET over
 * the index of published docs, datasets, software, models and the work orders'
 * self-help documents. Snippets travel as segments, never as HTML: the page
 * marks the `hit` ones itself.
 */
import type { MainApiCall } from "./calls";
import type { PageWire } from "./page";

/** What a result is: a doc, a dataset, a software tool, an AI model, or a work-order self-help document. */
export type SearchSourceWire = "doc" | "dataset" | "software" | "model" | "work_order_doc";

/** A run of text; `hit` when it is one of the query's words. */
export type SearchSegmentWire = { text: string; hit: boolean };

export type SearchResultWire = {
  source: SearchSourceWire;
  source_id: number;
  /** The title as segments (its matched words marked). */
  title: SearchSegmentWire[];
  /** The result's page on the site, e.g. /docs/billing. */
  href: string;
  /** About 80 characters of the text around the first matched words; "…" where it is cut. */
  snippet: SearchSegmentWire[];
};

/**
 * One page of results, best first. `words` are the query's words as the index
 * cut them; `match` is "all" when every result has every word, "any" when no
 * page has them all and these results have some of them (ranked lower).
 */
export type SearchPageWire = PageWire<SearchResultWire> & {
  query: string;
  words: string[];
  match: "all" | "any";
  /** Pages of results, at most SEARCH_PAGES_MAX. */
  page_count: number;
};

/** The query (1–100 characters), an optional source, the page (1–50). */
export type SearchFields = { q: string; source?: SearchSourceWire; page?: number };

export type SearchCalls = {
  /** A GET: the fields are the query string. Public. */
  "/search": MainApiCall<SearchFields, SearchPageWire>;
};
