import { and, eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { inTransaction } from "../../db/tx";
import { workOrders, workOrderSubscriptions } from "../../db/work-order-schema";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { findVisibleOrder } from "./find-order";
import { visibleOrders } from "./scope";
import { isOpen } from "./status-rules";
import type { WorkOrderChannel, WorkOrderSubscription } from "./types";

/**
 * Subscribes the caller to reply notices of one of its orders by a channel:
 * site (the notification centre), sms (to `address`, else the order's
 * contact phone) or email (to `address`, else the main account's notice
 * email; a sub-account must give one). Subscribing again to a channel
 * replaces its address. Only while the order is open: an ended order gets no more replies.
 */
export async function subscribe(
  ctx: Ctx,
  caller: Caller,
  input: { orderId: number; channel: WorkOrderChannel; address?: string },
): Promise<WorkOrderSubscription> {
  const now = ctx.now();
  return inTransaction(ctx.db, async (tx) => {
    const order = await findVisibleOrder(tx, caller, input.orderId, { forUpdate: true });
    if (!isOpen(order.status)) return fail("WORK_ORDER_STATE");
    let address: string | null = null;
    if (input.channel === "sms") address = input.address ?? order.contactPhone;
    if (input.channel === "email") {
      address = input.address ?? null;
      if (address === null && caller.subAccountId === null) {
        const [user] = await tx.select({ email: users.noticeEmail }).from(users).where(eq(users.id, caller.userId));
        address = user?.email ?? null;
      }
      if (address === null) return fail("WORK_ORDER_EMAIL_REQUIRED", "address");
    }
    const [row] = await tx
      .insert(workOrderSubscriptions)
      .values({ orderId: order.id, channel: input.channel, address, createdAt: now })
      .onConflictDoUpdate({
        target: [workOrderSubscriptions.orderId, workOrderSubscriptions.channel],
        set: { address },
      })
      .returning();
    return { id: row!.id, orderId: row!.orderId, channel: row!.channel, address: row!.address };
  });
}

/** Removes one of the caller's subscriptions; another account's is not found. */
export async function unsubscribe(ctx: Ctx, caller: Caller, input: { id: number }): Promise<{ id: number }> {
  const [owned] = await ctx.db
    .select({ id: workOrderSubscriptions.id })
    .from(workOrderSubscriptions)
    .innerJoin(workOrders, eq(workOrders.id, workOrderSubscriptions.orderId))
    .where(and(eq(workOrderSubscriptions.id, input.id), visibleOrders(caller)));
  if (!owned) return fail("WORK_ORDER_NOT_FOUND");
  await ctx.db.delete(workOrderSubscriptions).where(eq(workOrderSubscriptions.id, owned.id));
  return { id: owned.id };
}
