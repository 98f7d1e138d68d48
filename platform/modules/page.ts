/** One page of a list, as modules return it: the items, the total across pages, and the page asked for. */
export interface Page<T> {
  items: T[];
  total: number;
  /** From 1. */
  page: number;
  pageSize: number;
}

/** What a paged operation takes. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/**
 * The total a page already tells, without counting: a page that has rows but is not full is the last one, and an
 * empty first page means there are none. Past the end (an empty page after the first) or a full page says nothing,
 * and the caller counts.
 */
export function totalFromPage(request: PageRequest, rowsOnPage: number): number | null {
  const offset = (request.page - 1) * request.pageSize;
  if (rowsOnPage >= request.pageSize) return null;
  if (rowsOnPage === 0 && offset > 0) return null;
  return offset + rowsOnPage;
}
