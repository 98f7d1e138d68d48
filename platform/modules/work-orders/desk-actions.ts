import { inTransaction } from "../../db/tx";
import type { Ctx } from "../context";
import { fail } from "../errors";
import { recordStaffAudit } from "../staff/audit";
import { isLead, type StaffCaller } from "../staff/caller";
import { requireAssignableStaff } from "./desk-people";
import { findOrderForStaff } from "./find-order";
import type { StaffActionResult } from "./staff-action";
import { staffInternalNote } from "./staff-note";
import { staffReassign } from "./staff-reassign";
import { staffReply } from "./staff-reply";
import { staffAskForMore, staffClose, staffResolve } from "./staff-status";
import { staffTake } from "./staff-take";
import type { WorkOrderStatus } from "./types";

/** What a staff member can do to an order from the desk. */
export type DeskAction =
  | { action: "take"; orderId: number }
  | { action: "reply"; orderId: number; body: string; attachmentIds?: number[] }
  | { action: "note"; orderId: number; body: string }
  | { action: "ask"; orderId: number; body: string; attachmentIds?: number[] }
  | { action: "resolve"; orderId: number; body?: string }
  | { action: "close"; orderId: number; body?: string }
  | { action: "reassign"; orderId: number; assigneeStaffId: number };

async function perform(ctx: Ctx, staff: StaffCaller, input: DeskAction): Promise<StaffActionResult> {
  const actor = { staffId: staff.staffId };
  switch (input.action) {
    case "take":
      return staffTake(ctx, actor, { orderId: input.orderId });
    case "reply":
      return staffReply(ctx, actor, { orderId: input.orderId, body: input.body, attachmentIds: input.attachmentIds });
    case "note":
      return staffInternalNote(ctx, actor, { orderId: input.orderId, body: input.body });
    case "ask":
      return staffAskForMore(ctx, actor, {
        orderId: input.orderId,
        body: input.body,
        attachmentIds: input.attachmentIds,
      });
    case "resolve":
      return staffResolve(ctx, actor, { orderId: input.orderId, body: input.body });
    case "close":
      return staffClose(ctx, actor, { orderId: input.orderId, body: input.body });
    case "reassign": {
      // An agent hands on only what is theirs (or nobody's); a lead moves any order.
      const order = await findOrderForStaff(ctx.db, input.orderId);
      if (!isLead(staff) && order.assigneeStaffId !== null && order.assigneeStaffId !== staff.staffId)
        fail("PERMISSION_DENIED", "staff_id", "只能转派自己处理的工单");
      await requireAssignableStaff(ctx.db, input.assigneeStaffId);
      return staffReassign(ctx, actor, { orderId: input.orderId, assigneeStaffId: input.assigneeStaffId });
    }
  }
}

/** What the audit keeps of an action's text: its length, not the words (the thread has them). */
function auditedInput(input: DeskAction): Record<string, unknown> {
  const { action: _action, orderId: _orderId, ...rest } = input;
  if ("body" in rest && typeof rest.body === "string")
    return { ...rest, body: undefined, bodyLength: rest.body.length };
  return rest;
}

/**
 * Runs one desk action on a work order (the transitions of ./staff-*.ts) and
 * writes its audit row (who, what, on which order, the order's state before
 * and after, the events written) in the same transaction: the change and its
 * record land or fail together.
 */
export async function runDeskAction(
  ctx: Ctx,
  staff: StaffCaller,
  input: DeskAction,
): Promise<{ orderId: number; status: WorkOrderStatus }> {
  return inTransaction(ctx.db, async (tx) => {
    const txCtx: Ctx = { ...ctx, db: tx };
    const result = await perform(txCtx, staff, input);
    await recordStaffAudit(tx, staff, ctx.now(), {
      action: `work_order.${input.action}`,
      targetType: "work_order",
      targetId: input.orderId,
      before: result.before,
      after: { ...result.after, eventIds: result.eventIds, input: auditedInput(input) },
    });
    return { orderId: result.orderId, status: result.after.status };
  });
}
