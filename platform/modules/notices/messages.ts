import { and, isNull } from "drizzle-orm";
import { messages } from "../../db/schema";
import type { Caller, Ctx } from "../context";
import type { Page, PageRequest } from "../page";
import { messagesPage, ownedBy } from "./scope";

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
  const { rows, total, unread } = await messagesPage(ctx.db, { caller, page, pageSize });
  const items = rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt,
    message: r.message,
    read: r.readAt !== null,
  }));
  return { items, total, unread, page, pageSize };
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
