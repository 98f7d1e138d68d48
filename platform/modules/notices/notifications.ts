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
  /** The main account's, listed to a sub-account allowed to see them (read-only). */
  fromMainAccount: boolean;
}

/**
 * The caller's notifications, newest first, with its unread count: its own, and for a sub-account its main account let
 * see them, the main account's too (read-only; decision 107).
 */
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
    fromMainAccount: !r.own,
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
