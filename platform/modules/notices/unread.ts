import { sql } from "drizzle-orm";
import type { Caller, Ctx } from "../context";

export interface UnreadState {
  notifications_unread: number;
  messages_unread: number;
}

/** The bar's unread counts in one query (the lists load when a dropdown opens). */
export async function unreadState(ctx: Ctx, caller: Caller): Promise<UnreadState> {
  const result = await ctx.db.execute<{ n: number | string; m: number | string }>(sql`
    select
      (select count(*) from notifications where user_id = ${caller.userId} and read_at is null) as n,
      (select count(*) from messages where user_id = ${caller.userId} and read_at is null) as m
  `);
  const row = (result as unknown as { rows: { n: number | string; m: number | string }[] }).rows[0];
  return { notifications_unread: Number(row?.n ?? 0), messages_unread: Number(row?.m ?? 0) };
}
