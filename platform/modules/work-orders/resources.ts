import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { instances } from "../../db/market-schema";
import { purchaseOrders } from "../../db/wallet-schema";
import type { Caller } from "../context";
import { ownedBy } from "../instances/scope";
import type { WorkOrderResourceType } from "./types";

/**
 * Whether the caller owns the resource a work order is about:
 * - account: its own account, identified by the main account's user id;
 * - order: one of its purchase orders, by order number (a sub-account: only its own);
 * - instance: one of the instances it may see, by uuid, released ones included (a bill
 *   after release is a question too): a main account its own and its sub-accounts', a
 *   sub-account only its own.
 */
const OWNS: Record<WorkOrderResourceType, (db: Db, caller: Caller, resourceId: string) => Promise<boolean>> = {
  account: async (_db, caller, resourceId) => resourceId === String(caller.userId),
  order: async (db, caller, resourceId) => {
    const [row] = await db
      .select({ id: purchaseOrders.id })
      .from(purchaseOrders)
      .where(
        and(
          eq(purchaseOrders.orderNo, resourceId),
          eq(purchaseOrders.userId, caller.userId),
          caller.subAccountId === null ? undefined : eq(purchaseOrders.subAccountId, caller.subAccountId),
        ),
      )
      .limit(1);
    return row !== undefined;
  },
  instance: async (db, caller, resourceId) => {
    const [row] = await db
      .select({ id: instances.id })
      .from(instances)
      .where(and(eq(instances.uuid, resourceId), ownedBy(caller)))
      .limit(1);
    return row !== undefined;
  },
};

export function ownsResource(
  db: Db,
  caller: Caller,
  type: WorkOrderResourceType,
  resourceId: string,
): Promise<boolean> {
  return OWNS[type](db, caller, resourceId);
}
