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
