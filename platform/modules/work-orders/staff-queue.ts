import { and, count, eq, inArray, isNull, lte, type SQL } from "drizzle-orm";
import { workOrders } from "../../db/work-order-schema";
import type { Ctx } from "../context";
import type { Page, PageRequest } from "../page";
import { assembleDetail } from "./order-detail";
import { findOrderForStaff } from "./find-order";
import { OPEN_STATUSES } from "./status-rules";
import { selectSummaries } from "./summaries";
import type { StaffActor, WorkOrderDetail, WorkOrderStatus, WorkOrderSummary } from "./types";

export interface QueueFilter {
  /** One state, the open ones, or all. */
  status: WorkOrderStatus | "open" | "all";
  categoryId?: number;
  /** A staff id, "none" (unassigned), or undefined (anyone). */
  assignee?: number | "none";
  /** Only orders whose user has waited since at least this moment (the SLA age). */
  waitingSince?: Date;
  /** Only orders waiting for staff (the user wrote last). */
  waitingForUs?: boolean;
}

function conditions(filter: QueueFilter): SQL | undefined {
  return and(
    filter.status === "all"
      ? undefined
      : filter.status === "open"
        ? inArray(workOrders.status, [...OPEN_STATUSES])
        : eq(workOrders.status, filter.status),
    filter.categoryId === undefined ? undefined : eq(workOrders.categoryId, filter.categoryId),
    filter.assignee === undefined
      ? undefined
      : filter.assignee === "none"
        ? isNull(workOrders.assigneeStaffId)
        : eq(workOrders.assigneeStaffId, filter.assignee),
    filter.waitingSince === undefined ? undefined : lte(workOrders.lastUserActivityAt, filter.waitingSince),
    filter.waitingForUs ? eq(workOrders.staffUnread, true) : undefined,
  );
}

/** The desk's queue: every account's orders, longest waiting first. */
export async function staffQueue(
  ctx: Ctx,
  _staff: StaffActor,
  input: PageRequest & QueueFilter,
): Promise<Page<WorkOrderSummary>> {
  const where = conditions(input);
  const [items, [total]] = await Promise.all([
    selectSummaries(
      ctx.db,
      where,
      { limit: input.pageSize, offset: (input.page - 1) * input.pageSize },
      "longest-waiting",
    ),
    ctx.db.select({ n: count() }).from(workOrders).where(where),
  ]);
  return { items, total: Number(total?.n ?? 0), page: input.page, pageSize: input.pageSize };
}

/** An order for the desk: its whole thread, internal notes included. Opening it changes nothing. */
export async function staffGetOrder(
  ctx: Ctx,
  _staff: StaffActor,
  input: { orderId: number },
): Promise<WorkOrderDetail> {
  const row = await findOrderForStaff(ctx.db, input.orderId);
  return assembleDetail(ctx.db, row, "staff");
}
