import type { Ctx } from "../context";
import { moveStatus } from "./events";
import { runStaffAction, staffActor, type StaffActionResult } from "./staff-action";
import { writeStaffComment } from "./staff-reply";
import type { StaffActor, WorkOrderStatus } from "./types";

/**
 * Moves an order to `to` for staff, after an optional message to the user
 * (written first, so the thread reads "message, then state"). A message
 * notifies the user; a bare state change does not.
 */
function staffMove(
  ctx: Ctx,
  staff: StaffActor,
  to: WorkOrderStatus,
  input: { orderId: number; body?: string; attachmentIds?: number[] },
): Promise<StaffActionResult> {
  return runStaffAction(ctx, staff, input.orderId, async (tx, order, now) => {
    const eventIds: number[] = [];
    const body = input.body?.trim() ? input.body : null;
    if (body !== null) {
      eventIds.push(await writeStaffComment(tx, staff, order, { body, attachmentIds: input.attachmentIds }, now));
    }
    eventIds.push(
      await moveStatus(tx, {
        orderId: order.id,
        from: order.status,
        to,
        actor: staffActor(staff),
        at: now,
        set: { assigneeStaffId: order.assigneeStaffId ?? staff.staffId },
      }),
    );
    return { eventIds, replied: body !== null };
  });
}

/** Ask the user for more (→ 待补充); the question is the message. The user's comment brings it back to 处理中. */
export function staffAskForMore(
  ctx: Ctx,
  staff: StaffActor,
  input: { orderId: number; body: string; attachmentIds?: number[] },
): Promise<StaffActionResult> {
  return staffMove(ctx, staff, "waiting_user", input);
}

/** Resolve (→ 已解决), optionally with a closing message. */
export function staffResolve(
  ctx: Ctx,
  staff: StaffActor,
  input: { orderId: number; body?: string },
): Promise<StaffActionResult> {
  return staffMove(ctx, staff, "resolved", input);
}

/** Close (→ 已关闭) an open or resolved order, optionally with a message. */
export function staffClose(
  ctx: Ctx,
  staff: StaffActor,
  input: { orderId: number; body?: string },
): Promise<StaffActionResult> {
  return staffMove(ctx, staff, "closed", input);
}
