import { count, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { WORK_ORDER_STATUSES, workOrders } from "../../db/work-order-schema";
import type { WorkOrderStatus } from "./types";

/** How many orders are in each state: every state present, zero when none. */
export type StatusCounts = Record<WorkOrderStatus, number>;

/**
 * The orders matching `where` counted per state in one grouped query (the status tabs' figures), never by
 * loading the rows. The caller's scope is the `where`: a user's visible orders, or the desk's other filters.
 */
export async function countByStatus(db: Db, where: SQL | undefined): Promise<StatusCounts> {
  const rows = await db
    .select({ status: workOrders.status, n: count() })
    .from(workOrders)
    .where(where)
    .groupBy(workOrders.status);
  const counts = Object.fromEntries(WORK_ORDER_STATUSES.map((s) => [s, 0])) as StatusCounts;
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}
