import { and, count, desc, eq, isNull } from "drizzle-orm";
import { messages } from "../../db/schema";
import type { Caller, Ctx } from "../context";

export interface MessageItem {
  Id: number;
  CreateAt: string;
  Message: string;
  Read: boolean;
}

/** The caller's messages (account events: logins, balance changes, …), newest first. */
export async function listMessages(ctx: Ctx, caller: Caller, page: number, pageSize: number) {
  const where = eq(messages.userId, caller.userId);
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(where)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await ctx.db.select({ n: count() }).from(messages).where(where);
  const [unread] = await ctx.db
    .select({ n: count() })
    .from(messages)
    .where(and(where, isNull(messages.readAt)));
  const list: MessageItem[] = rows.map((r) => ({
    Id: r.id,
    CreateAt: r.createdAt.toISOString(),
    Message: r.message,
    Read: r.readAt !== null,
  }));
  return { list, total: Number(total?.n ?? 0), unread: Number(unread?.n ?? 0), page, page_size: pageSize };
}

export async function markAllMessagesRead(ctx: Ctx, caller: Caller): Promise<number> {
  const updated = await ctx.db
    .update(messages)
    .set({ readAt: ctx.now() })
    .where(and(eq(messages.userId, caller.userId), isNull(messages.readAt)))
    .returning({ id: messages.id });
  return updated.length;
}

/** Adds a message to a user's list (used by account events such as registration). */
export async function postMessage(ctx: Ctx, userId: number, message: string): Promise<void> {
  await ctx.db.insert(messages).values({ userId, message, createdAt: ctx.now() });
}
