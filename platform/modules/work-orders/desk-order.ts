import type { Ctx } from "../context";
import type { StaffCaller } from "../staff/caller";
import { assignableStaff, deskAccountSummary, staffNames, type DeskAccountSummary, type StaffRef } from "./desk-people";
import { staffGetOrder } from "./staff-queue";
import type { WorkOrderDetail } from "./types";

export interface DeskOrder {
  detail: WorkOrderDetail;
  account: DeskAccountSummary;
  /** Names of the staff in the thread and of the assignee. */
  staffNames: Map<number, string>;
  /** Who the order can be handed to. */
  assignable: StaffRef[];
}

/** One order for the desk: the whole thread (internal notes too), the user's summary, the staff it can go to. */
export async function getDeskOrder(ctx: Ctx, staff: StaffCaller, input: { orderId: number }): Promise<DeskOrder> {
  const detail = await staffGetOrder(ctx, { staffId: staff.staffId }, { orderId: input.orderId });
  const staffIds = detail.events.filter((e) => e.authorKind === "staff").map((e) => e.authorId);
  if (detail.assigneeStaffId !== null) staffIds.push(detail.assigneeStaffId);
  const [account, names, assignable] = await Promise.all([
    deskAccountSummary(ctx.db, { userId: detail.userId, subAccountId: detail.subAccountId }),
    staffNames(ctx.db, staffIds),
    assignableStaff(ctx.db),
  ]);
  return { detail, account, staffNames: names, assignable };
}
