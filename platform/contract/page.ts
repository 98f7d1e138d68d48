/**
 * The page shape of the main API's lists (spec §7): one page of `list`, the
 * total across pages, and the page asked for. Notification and message lists
 * also carry the caller's unread count.
 */
export type PageWire<T> = {
  list: T[];
  total: number;
  /** Unread items across all pages (notifications and messages only). */
  unread?: number;
  page: number;
  page_size: number;
};

/** The fields a paged call takes: page from 1, and page_size within the call's bound. */
export type PageFields = {
  page?: number;
  page_size?: number;
};
