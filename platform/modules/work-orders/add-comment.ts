import { eq } from "drizzle-orm";
import { inTransaction } from "../../db/tx";
import { workOrders } from "../../db/work-order-schema";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { attachFiles } from "./attach-files";
import { moveStatus, userActor, writeEvent } from "./events";
import { findVisibleOrder } from "./find-order";
import { isOpen } from "./status-rules";
import type { WorkOrderStatus } from "./types";

/**
 * The user comments on an open order, with attachments if any. A comment on
 * an order waiting for the user (待补充) is the answer staff asked for: the
 * order moves back to 处理中 (a state-change event by the user follows the
 * comment). Every comment marks the order as waiting for staff.
 */
export async function addUserComment(
  ctx: Ctx,
  caller: Caller,
  input: { orderId: number; body: string; attachmentIds: number[] },
): Promise<{ id: number; status: WorkOrderStatus; eventId: number }> {
  const now = ctx.now();
  return inTransaction(ctx.db, async (tx) => {
    const order = await findVisibleOrder(tx, caller, input.orderId, { forUpdate: true });
    if (!isOpen(order.status)) return fail("WORK_ORDER_STATE");
    const actor = userActor(caller);
    const eventId = await writeEvent(tx, { orderId: order.id, kind: "comment", actor, body: input.body, at: now });
    await attachFiles(tx, { orderId: order.id, fileIds: input.attachmentIds, actor, at: now });
    let status = order.status;
    if (order.status === "waiting_user") {
      await moveStatus(tx, { orderId: order.id, from: "waiting_user", to: "processing", actor, at: now });
      status = "processing";
    }
    await tx
      .update(workOrders)
      .set({ staffUnread: true, lastUserActivityAt: now, updatedAt: now })
      .where(eq(workOrders.id, order.id));
    return { id: order.id, status, eventId };
  });
}
