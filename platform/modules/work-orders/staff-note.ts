import { writeEvent } from "./events";
import type { Ctx } from "../context";
import { runStaffAction, staffActor, type StaffActionResult } from "./staff-action";
import type { StaffActor } from "./types";

/** An internal note on an order, in any state: staff see it in the thread, users never do. */
export function staffInternalNote(
  ctx: Ctx,
  staff: StaffActor,
  input: { orderId: number; body: string },
): Promise<StaffActionResult> {
  return runStaffAction(ctx, staff, input.orderId, async (tx, order, now) => {
    const eventId = await writeEvent(tx, {
      orderId: order.id,
      kind: "internal_note",
      actor: staffActor(staff),
      body: input.body,
      at: now,
    });
    return { eventIds: [eventId], replied: false };
  });
}
