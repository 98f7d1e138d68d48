import { and, count, desc, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import { notifications } from "../../db/schema";
import type { Caller, Ctx } from "../context";

/** status: -1 all, 0 unread, 1 read. */
export type ReadFilter = -1 | 0 | 1;

export interface NotificationItem {
  Id: number;
  Title: string;
  Original: string;
  CreateAt: string;
  Read: boolean;
}

function readCondition(status: ReadFilter): SQL | undefined {
  if (status === 0) return isNull(notifications.readAt);
  if (status === 1) return isNotNull(notifications.readAt);
  return undefined;
}

/** The caller's notifications (a sub-account sees its main account's), newest first. */
export async function listNotifications(ctx: Ctx, caller: Caller, page: number, pageSize: number, status: ReadFilter) {
  const where = and(eq(notifications.userId, caller.userId), readCondition(status));
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
    .where(and(eq(notifications.userId, caller.userId), isNull(notifications.readAt)));
  const list: NotificationItem[] = rows.map((r) => ({
    Id: r.id,
    Title: r.title,
    Original: r.original,
    CreateAt: r.createdAt.toISOString(),
    Read: r.readAt !== null,
  }));
  return { list, total: Number(total?.n ?? 0), unread: Number(unread?.n ?? 0), page, page_size: pageSize };
}

export async function markAllNotificationsRead(ctx: Ctx, caller: Caller): Promise<number> {
  const updated = await ctx.db
    .update(notifications)
    .set({ readAt: ctx.now() })
    .where(and(eq(notifications.userId, caller.userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return updated.length;
}
