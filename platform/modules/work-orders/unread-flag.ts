import { and, sql } from "drizzle-orm";
import { workOrders } from "../../db/work-order-schema";
import type { Caller, Ctx } from "../context";
import { visibleOrders } from "./scope";

/**
 * Whether any of the caller's orders has a staff reply it has not opened: one
 * indexed query (LIMIT 1 on the partial index work_orders_user_unread_idx);
 * every logged-in page asks it. A main account counts its sub-accounts'
 * orders too, as it sees them (decision 028).
 */
export async function hasUnreadReply(ctx: Ctx, caller: Caller): Promise<boolean> {
  const [row] = await ctx.db
    .select({ one: sql<number>`1` })
    .from(workOrders)
    // The bare column, as in the partial index's predicate, so the planner always matches it.
    .where(and(visibleOrders(caller), sql`${workOrders.userUnread}`))
    .limit(1);
  return row !== undefined;
}
