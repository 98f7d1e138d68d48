import { eq } from "drizzle-orm";
import { workOrders } from "../../db/work-order-schema";
import type { Ctx } from "../context";
import { fail } from "../errors";
import { moveStatus } from "./events";
import { runStaffAction, staffActor, type StaffActionResult } from "./staff-action";
import type { StaffActor } from "./types";

/**
 * A staff member takes an order: 待处理 → 处理中, assigned to them. An order
 * already 处理中 with nobody assigned can be taken too (no state change);
 * one assigned to someone else is moved with staffReassign.
 */
export function staffTake(ctx: Ctx, staff: StaffActor, input: { orderId: number }): Promise<StaffActionResult> {
  return runStaffAction(ctx, staff, input.orderId, async (tx, order, now) => {
    if (order.status === "new") {
      const eventId = await moveStatus(tx, {
        orderId: order.id,
        from: "new",
        to: "processing",
        actor: staffActor(staff),
        at: now,
        set: { assigneeStaffId: staff.staffId },
      });
      return { eventIds: [eventId], replied: false };
    }
    if (order.status === "processing" && order.assigneeStaffId === null) {
      await tx
        .update(workOrders)
        .set({ assigneeStaffId: staff.staffId, updatedAt: now })
        .where(eq(workOrders.id, order.id));
      return { eventIds: [], replied: false };
    }
    return fail("WORK_ORDER_STATE");
  });
}
