import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { workOrders } from "../../db/work-order-schema";
import type { Ctx } from "../context";
import { fail } from "../errors";
import { attachFiles } from "./attach-files";
import { moveStatus, writeEvent } from "./events";
import type { WorkOrderRow } from "./find-order";
import { runStaffAction, staffActor, type StaffActionResult } from "./staff-action";
import { isOpen } from "./status-rules";
import type { StaffActor } from "./types";

/**
 * Writes a staff comment the user sees (with the staff member's uploads
 * attached): the order becomes unread for the user and no longer waits for
 * staff. Shared by reply, ask-for-more, resolve and close with a message.
 */
export async function writeStaffComment(
  tx: Db,
  staff: StaffActor,
  order: WorkOrderRow,
  input: { body: string; attachmentIds?: number[] },
  now: Date,
): Promise<number> {
  const actor = staffActor(staff);
  const eventId = await writeEvent(tx, { orderId: order.id, kind: "comment", actor, body: input.body, at: now });
  await attachFiles(tx, { orderId: order.id, fileIds: input.attachmentIds ?? [], actor, at: now });
  await tx
    .update(workOrders)
    .set({ userUnread: true, staffUnread: false, lastStaffReplyAt: now, updatedAt: now })
    .where(eq(workOrders.id, order.id));
  return eventId;
}

/**
 * A staff reply (markdown, attachments) on an open order. Replying to a
 * 待处理 order takes it (→ 处理中, assigned to the replier). The user's
 * unread flag is set and the user is notified by its subscribed channels.
 */
export function staffReply(
  ctx: Ctx,
  staff: StaffActor,
  input: { orderId: number; body: string; attachmentIds?: number[] },
): Promise<StaffActionResult> {
  return runStaffAction(ctx, staff, input.orderId, async (tx, order, now) => {
    if (!isOpen(order.status)) return fail("WORK_ORDER_STATE");
    const eventIds: number[] = [];
    if (order.status === "new") {
      eventIds.push(
        await moveStatus(tx, {
          orderId: order.id,
          from: "new",
          to: "processing",
          actor: staffActor(staff),
          at: now,
          set: { assigneeStaffId: order.assigneeStaffId ?? staff.staffId },
        }),
      );
    }
    eventIds.push(await writeStaffComment(tx, staff, order, input, now));
    return { eventIds, replied: true };
  });
}
