import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { purchaseOrders } from "../../db/wallet-schema";
import type { Caller } from "../context";
import type { WorkOrderResourceType } from "./types";

/**
 * Whether the caller owns the resource a work order is about:
 * - account: its own account, identified by the main account's user id;
 * - order: one of its purchase orders, by order number (a sub-account: only its own);
 * - instance: none yet (instances come with the market issue, which adds the lookup here).
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
  instance: async () => false,
};

export function ownsResource(
  db: Db,
  caller: Caller,
  type: WorkOrderResourceType,
  resourceId: string,
): Promise<boolean> {
  return OWNS[type](db, caller, resourceId);
}
