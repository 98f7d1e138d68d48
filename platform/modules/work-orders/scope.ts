import { and, eq, type SQL } from "drizzle-orm";
import { workOrders } from "../../db/work-order-schema";
import type { Caller } from "../context";

/**
 * The orders a caller may see (docs/decisions/028): a main account sees every
 * order of its account, its sub-accounts' included; a sub-account only its own.
 */
export function visibleOrders(caller: Caller): SQL {
  return caller.subAccountId === null
    ? eq(workOrders.userId, caller.userId)
    : and(eq(workOrders.userId, caller.userId), eq(workOrders.subAccountId, caller.subAccountId))!;
}
