import { and, count, eq, inArray, type SQL } from "drizzle-orm";
import { workOrders } from "../../db/work-order-schema";
import type { Caller, Ctx } from "../context";
import type { Page, PageRequest } from "../page";
import { visibleOrders } from "./scope";
import { OPEN_STATUSES } from "./status-rules";
import { countByStatus, type StatusCounts } from "./status-counts";
import { selectSummaries } from "./summaries";
import type { WorkOrderStatus, WorkOrderSummary } from "./types";

/** One state, the open ones (new, processing, waiting_user), or all. */
export type OrderStatusFilter = WorkOrderStatus | "open" | "all";

function statusCondition(filter: OrderStatusFilter): SQL | undefined {
  if (filter === "all") return undefined;
  if (filter === "open") return inArray(workOrders.status, [...OPEN_STATUSES]);
  return eq(workOrders.status, filter);
}

/**
 * The caller's orders (a main account's include its sub-accounts'), newest first, and how many of the caller's
 * orders are in each state (the status tabs), whatever the filter.
 */
export async function listOrders(
  ctx: Ctx,
  caller: Caller,
  input: PageRequest & { status: OrderStatusFilter },
): Promise<Page<WorkOrderSummary> & { statusCounts: StatusCounts }> {
  const where = and(visibleOrders(caller), statusCondition(input.status));
  const [items, [total], statusCounts] = await Promise.all([
    selectSummaries(ctx.db, where, { limit: input.pageSize, offset: (input.page - 1) * input.pageSize }),
    ctx.db.select({ n: count() }).from(workOrders).where(where),
    countByStatus(ctx.db, visibleOrders(caller)),
  ]);
  return { items, total: Number(total?.n ?? 0), page: input.page, pageSize: input.pageSize, statusCounts };
}
