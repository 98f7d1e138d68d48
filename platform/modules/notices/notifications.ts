import { and, isNull } from "drizzle-orm";
import { notifications } from "../../db/schema";
import type { Caller, Ctx } from "../context";
import type { Page, PageRequest } from "../page";
import { notificationsPage, ownedBy, type ReadFilter } from "./scope";

export type { ReadFilter };

export interface Notification {
  id: number;
  title: string;
  original: string;
  createdAt: Date;
  read: boolean;
}

/** The caller's own notifications (a sub-account's are its own, never its main account's), newest first, with the unread count. */
export async function listNotifications(
  ctx: Ctx,
  caller: Caller,
  input: PageRequest & { filter: ReadFilter },
): Promise<Page<Notification> & { unread: number }> {
  const { page, pageSize } = input;
  const { rows, total, unread } = await notificationsPage(ctx.db, input.filter, { caller, page, pageSize });
  const items = rows.map((r) => ({
    id: r.id,
    title: r.title,
    original: r.original,
    createdAt: r.createdAt,
    read: r.readAt !== null,
  }));
  return { items, total, unread, page, pageSize };
}

export async function markAllNotificationsRead(ctx: Ctx, caller: Caller): Promise<{ updated: number }> {
  const updated = await ctx.db
    .update(notifications)
    .set({ readAt: ctx.now() })
    .where(and(ownedBy(notifications, caller), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { updated: updated.length };
}
