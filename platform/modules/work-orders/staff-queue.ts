import { and, count, eq, inArray, isNull, lte, type SQL } from "drizzle-orm";
import { workOrders } from "../../db/work-order-schema";
import type { Ctx } from "../context";
import type { Page, PageRequest } from "../page";
import { assembleDetail } from "./order-detail";
import { findOrderForStaff } from "./find-order";
import { OPEN_STATUSES } from "./status-rules";
import { countByStatus, type StatusCounts } from "./status-counts";
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

function statusCondition(status: QueueFilter["status"]): SQL | undefined {
  if (status === "all") return undefined;
  return status === "open" ? inArray(workOrders.status, [...OPEN_STATUSES]) : eq(workOrders.status, status);
}

/** The queue's filters other than the state: what the status tabs count within. */
function otherConditions(filter: QueueFilter): SQL | undefined {
  return and(
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

function conditions(filter: QueueFilter): SQL | undefined {
  return and(statusCondition(filter.status), otherConditions(filter));
}

/**
 * The desk's queue: every account's orders, longest waiting first, and how many orders are in each state under
 * the queue's other filters (the status tabs).
 */
export async function staffQueue(
  ctx: Ctx,
  _staff: StaffActor,
  input: PageRequest & QueueFilter,
): Promise<Page<WorkOrderSummary> & { statusCounts: StatusCounts }> {
  const where = conditions(input);
  const [items, [total], statusCounts] = await Promise.all([
    selectSummaries(
      ctx.db,
      where,
      { limit: input.pageSize, offset: (input.page - 1) * input.pageSize },
      "longest-waiting",
    ),
    ctx.db.select({ n: count() }).from(workOrders).where(where),
    countByStatus(ctx.db, otherConditions(input)),
  ]);
  return { items, total: Number(total?.n ?? 0), page: input.page, pageSize: input.pageSize, statusCounts };
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
