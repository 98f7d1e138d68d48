import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { workOrders } from "../../db/work-order-schema";
import type { Caller } from "../context";
import { fail } from "../errors";
import { visibleOrders } from "./scope";

export type WorkOrderRow = typeof workOrders.$inferSelect;

/**
 * The caller's order by id, locked for update when asked; another account's
 * order and a missing one are refused alike (WORK_ORDER_NOT_FOUND, 100041).
 */
export async function findVisibleOrder(
  db: Db,
  caller: Caller,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<WorkOrderRow> {
  const query = db
    .select()
    .from(workOrders)
    .where(and(eq(workOrders.id, id), visibleOrders(caller)));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row ?? fail("WORK_ORDER_NOT_FOUND");
}

/** Any order by id (staff), locked for update when asked. */
export async function findOrderForStaff(
  db: Db,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<WorkOrderRow> {
  const query = db.select().from(workOrders).where(eq(workOrders.id, id));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row ?? fail("WORK_ORDER_NOT_FOUND");
}
