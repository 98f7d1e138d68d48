import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { workOrders, workOrderSubscriptions } from "../../db/work-order-schema";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { attachedFiles } from "./files";
import { findVisibleOrder, type WorkOrderRow } from "./find-order";
import { isOpen } from "./status-rules";
import { selectSummary } from "./summaries";
import { loadThread } from "./thread";
import type { WorkOrderDetail, WorkOrderSubscription } from "./types";

export async function orderSubscriptions(db: Db, orderId: number): Promise<WorkOrderSubscription[]> {
  const rows = await db
    .select()
    .from(workOrderSubscriptions)
    .where(eq(workOrderSubscriptions.orderId, orderId))
    .orderBy(asc(workOrderSubscriptions.id));
  return rows.map((r) => ({ id: r.id, orderId: r.orderId, channel: r.channel, address: r.address }));
}

/** An order with everything the given audience may see (users: no internal notes). */
export async function assembleDetail(db: Db, row: WorkOrderRow, audience: "user" | "staff"): Promise<WorkOrderDetail> {
  const [summary, attachments, events, subscriptions] = await Promise.all([
    selectSummary(db, row.id),
    attachedFiles(db, row.id),
    loadThread(db, row.id, audience),
    orderSubscriptions(db, row.id),
  ]);
  if (!summary) return fail("WORK_ORDER_NOT_FOUND");
  const open = isOpen(row.status);
  return {
    ...summary,
    body: row.body,
    contactPhone: row.contactPhone,
    attachments,
    events,
    subscriptions,
    canComment: open,
    canRevoke: open,
  };
}

/**
 * The caller's order with its whole thread (internal notes left out).
 * Opening it marks the staff replies read: the unread flag clears.
 */
export async function getOrderDetail(ctx: Ctx, caller: Caller, input: { id: number }): Promise<WorkOrderDetail> {
  const row = await findVisibleOrder(ctx.db, caller, input.id);
  if (row.userUnread) {
    await ctx.db
      .update(workOrders)
      .set({ userUnread: false, userReadAt: ctx.now() })
      .where(and(eq(workOrders.id, row.id), eq(workOrders.userUnread, true)));
    row.userUnread = false;
  }
  const detail = await assembleDetail(ctx.db, row, "user");
  return { ...detail, userUnread: false };
}
