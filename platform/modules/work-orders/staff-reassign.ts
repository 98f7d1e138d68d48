import { eq } from "drizzle-orm";
import { workOrders } from "../../db/work-order-schema";
import type { Ctx } from "../context";
import { fail } from "../errors";
import { writeEvent } from "./events";
import { runStaffAction, staffActor, type StaffActionResult } from "./staff-action";
import { isOpen } from "./status-rules";
import type { StaffActor } from "./types";

/**
 * Hands an open order to another staff member (or to nobody: null). The
 * thread keeps an internal note of it (who, when, to whom); users never see it.
 * The desk checks that the new assignee is an active staff account.
 */
export function staffReassign(
  ctx: Ctx,
  staff: StaffActor,
  input: { orderId: number; assigneeStaffId: number | null; note?: string },
): Promise<StaffActionResult> {
  return runStaffAction(ctx, staff, input.orderId, async (tx, order, now) => {
    if (!isOpen(order.status)) return fail("WORK_ORDER_STATE");
    if (order.assigneeStaffId === input.assigneeStaffId)
      return fail("WORK_ORDER_STATE", "assignee", "工单已由该客服处理");
    await tx
      .update(workOrders)
      .set({ assigneeStaffId: input.assigneeStaffId, updatedAt: now })
      .where(eq(workOrders.id, order.id));
    const to = input.assigneeStaffId === null ? "无人" : `客服 #${input.assigneeStaffId}`;
    const from = order.assigneeStaffId === null ? "无人" : `客服 #${order.assigneeStaffId}`;
    const eventId = await writeEvent(tx, {
      orderId: order.id,
      kind: "internal_note",
      actor: staffActor(staff),
      body: `转派：${from} → ${to}${input.note ? `。${input.note}` : ""}`,
      at: now,
    });
    return { eventIds: [eventId], replied: false };
  });
}
