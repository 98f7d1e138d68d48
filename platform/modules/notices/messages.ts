import { and, desc, isNull } from "drizzle-orm";
import { messages } from "../../db/schema";
import type { Caller, Ctx } from "../context";
import type { Page, PageRequest } from "../page";
import { countsWithoutRows, ownedBy, totalOfListing, unreadOf } from "./scope";

export interface Message {
  id: number;
  createdAt: Date;
  message: string;
  read: boolean;
}

/** The caller's own messages (account events: logins, balance changes, …), newest first, with the unread count. */
export async function listMessages(
  ctx: Ctx,
  caller: Caller,
  input: PageRequest,
): Promise<Page<Message> & { unread: number }> {
  const { page, pageSize } = input;
  const where = ownedBy(messages, caller);
  // The page, its total and the unread count in one query.
  const rows = await ctx.db
    .select({ row: messages, total: totalOfListing(), unread: unreadOf(messages, caller) })
    .from(messages)
    .where(where)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const counts = rows[0] ?? (await countsWithoutRows(ctx.db, messages, caller, where));
  const items = rows.map(({ row: r }) => ({
    id: r.id,
    createdAt: r.createdAt,
    message: r.message,
    read: r.readAt !== null,
  }));
  return { items, total: counts.total, unread: counts.unread, page, pageSize };
}

export async function markAllMessagesRead(ctx: Ctx, caller: Caller): Promise<{ updated: number }> {
  const updated = await ctx.db
    .update(messages)
    .set({ readAt: ctx.now() })
    .where(and(ownedBy(messages, caller), isNull(messages.readAt)))
    .returning({ id: messages.id });
  return { updated: updated.length };
}

/** Tells a main account about an event on it (a top-up arrived, a transfer was refused): a message in its bell. */
export async function sendAccountMessage(ctx: Pick<Ctx, "db" | "now">, userId: number, message: string): Promise<void> {
  await ctx.db.insert(messages).values({ userId, message, createdAt: ctx.now() });
}
