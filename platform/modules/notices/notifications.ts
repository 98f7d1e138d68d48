import { and, count, desc, isNotNull, isNull, type SQL } from "drizzle-orm";
import { notifications } from "../../db/schema";
import type { Caller, Ctx } from "../context";
import type { Page, PageRequest } from "../page";
import { ownedBy } from "./scope";

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
  const where = and(ownedBy(notifications, caller), readCondition(input.filter));
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await ctx.db.select({ n: count() }).from(notifications).where(where);
  const [unread] = await ctx.db
    .select({ n: count() })
    .from(notifications)
    .where(and(ownedBy(notifications, caller), isNull(notifications.readAt)));
  const items = rows.map((r) => ({
    id: r.id,
    title: r.title,
    original: r.original,
    createdAt: r.createdAt,
    read: r.readAt !== null,
  }));
  return { items, total: Number(total?.n ?? 0), unread: Number(unread?.n ?? 0), page, pageSize };
}

export async function markAllNotificationsRead(ctx: Ctx, caller: Caller): Promise<{ updated: number }> {
  const updated = await ctx.db
    .update(notifications)
    .set({ readAt: ctx.now() })
    .where(and(ownedBy(notifications, caller), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { updated: updated.length };
}
