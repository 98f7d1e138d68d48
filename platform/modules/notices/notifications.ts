import { and, desc, isNotNull, isNull, type SQL } from "drizzle-orm";
import { notifications } from "../../db/schema";
import type { Caller, Ctx } from "../context";
import type { Page, PageRequest } from "../page";
import { countsWithoutRows, ownedBy, totalOfListing, unreadOf } from "./scope";

/** Which notifications to list: all, the unread ones, or the read ones. */
export type ReadFilter = "all" | "unread" | "read";

export interface Notification {
  id: number;
  title: string;
  original: string;
  createdAt: Date;
  read: boolean;
}

function readCondition(filter: ReadFilter): SQL | undefined {
  if (filter === "unread") return isNull(notifications.readAt);
  if (filter === "read") return isNotNull(notifications.readAt);
  return undefined;
}

/** The caller's own notifications (a sub-account's are its own, never its main account's), newest first, with the unread count. */
export async function listNotifications(
  ctx: Ctx,
  caller: Caller,
  input: PageRequest & { filter: ReadFilter },
): Promise<Page<Notification> & { unread: number }> {
  const { page, pageSize } = input;
  const where = and(ownedBy(notifications, caller), readCondition(input.filter))!;
  // The page, its total and the unread count in one query (the bar polls this every 10 s).
  const rows = await ctx.db
    .select({ row: notifications, total: totalOfListing(), unread: unreadOf(notifications, caller) })
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const counts = rows[0] ?? (await countsWithoutRows(ctx.db, notifications, caller, where));
  const items = rows.map(({ row: r }) => ({
    id: r.id,
    title: r.title,
    original: r.original,
    createdAt: r.createdAt,
    read: r.readAt !== null,
  }));
  return { items, total: counts.total, unread: counts.unread, page, pageSize };
}

export async function markAllNotificationsRead(ctx: Ctx, caller: Caller): Promise<{ updated: number }> {
  const updated = await ctx.db
    .update(notifications)
    .set({ readAt: ctx.now() })
    .where(and(ownedBy(notifications, caller), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { updated: updated.length };
}
