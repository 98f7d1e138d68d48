import type { Db } from "../../db/client";
import { inTransaction } from "../../db/tx";
import type { Ctx } from "../context";
import { findOrderForStaff, type WorkOrderRow } from "./find-order";
import { notifyWorkOrderReply, type ReplyNoticeResult } from "./notify-reply";
import type { StaffActor, WorkOrderStatus } from "./types";

/** The parts of an order a staff action changes: what the desk's audit records before and after. */
export interface OrderState {
  status: WorkOrderStatus;
  assigneeStaffId: number | null;
  userUnread: boolean;
  staffUnread: boolean;
}

/** What every staff action returns: the order, its state before and after, the events it wrote, the notice sent. */
export interface StaffActionResult {
  orderId: number;
  before: OrderState;
  after: OrderState;
  eventIds: number[];
  /** Set when the action wrote a reply the user sees: the channels its notice was written or queued for. */
  notice: ReplyNoticeResult | null;
}

const stateOf = (row: WorkOrderRow): OrderState => ({
  status: row.status,
  assigneeStaffId: row.assigneeStaffId,
  userUnread: row.userUnread,
  staffUnread: row.staffUnread,
});

/**
 * Runs one staff action on an order inside a transaction, under the order's
 * row lock; `step` writes the events and returns their ids and whether the
 * user was replied to. A reply's notices are written in the same transaction
 * (the SMS and email queued in the delivery outbox, sent after the commit).
 */
export async function runStaffAction(
  ctx: Ctx,
  staff: StaffActor,
  orderId: number,
  step: (tx: Db, order: WorkOrderRow, now: Date) => Promise<{ eventIds: number[]; replied: boolean }>,
): Promise<StaffActionResult> {
  const now = ctx.now();
  const done = await inTransaction(ctx.db, async (tx) => {
    const order = await findOrderForStaff(tx, orderId, { forUpdate: true });
    const before = stateOf(order);
    const { eventIds, replied } = await step(tx, order, now);
    const after = stateOf(await findOrderForStaff(tx, orderId));
    const notice = replied ? await notifyWorkOrderReply({ ...ctx, db: tx }, { orderId }) : null;
    return { before, after, eventIds, notice };
  });
  return { orderId, before: done.before, after: done.after, eventIds: done.eventIds, notice: done.notice };
}

/** A staff member as the thread's author. */
export const staffActor = (staff: StaffActor) => ({ kind: "staff" as const, staffId: staff.staffId });
