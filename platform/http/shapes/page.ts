import type { PageWire } from "../../contract/page";
import type { Page } from "../../modules/page";

/** A module's page on the wire (spec §7's `list`, `total`, `page`, `page_size`, and `unread` when counted). */
export function toPage<T, W>(page: Page<T> & { unread?: number }, item: (value: T) => W): PageWire<W> {
  return {
    list: page.items.map(item),
    total: page.total,
    ...(page.unread !== undefined && { unread: page.unread }),
    page: page.page,
    page_size: page.pageSize,
  };
}
