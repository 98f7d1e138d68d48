import type { SearchPageWire, SearchResultWire } from "../../contract/search";
import type { SearchPage, SearchResult } from "../../modules/search/query";

const toResult = (result: SearchResult): SearchResultWire => ({
  source: result.source,
  source_id: result.sourceId,
  title: result.title,
  href: result.href,
  snippet: result.snippet,
});

/** A page of search results on the wire: the page shape (list, total, page, page_size) and the query's words. */
export const toSearchPage = (page: SearchPage): SearchPageWire => ({
  list: page.results.map(toResult),
  total: page.total,
  page: page.page,
  page_size: page.pageSize,
  query: page.query,
  words: page.words,
  match: page.match,
  page_count: page.pageCount,
});
