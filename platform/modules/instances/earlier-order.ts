import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { purchaseOrders } from "../../db/wallet-schema";
import type { Caller } from "../context";
import { fail } from "../errors";
import { purchaseOrderNo } from "../wallet/spend";

type PurchaseOrder = typeof purchaseOrders.$inferSelect;

/**
 * The purchase order an earlier submission of the same form made (its key is
 * `orderKey`, e.g. "upgrade:<operation key>"), if any: the same key again
 * answers that order and moves nothing. A key that paid for something else (another
 * instance, another kind, another sub-account's purchase) is OPERATION_CONFLICT.
 */
export async function earlierInstanceOrder(
  db: Db,
  caller: Caller,
  input: { orderKey: string; uuid: string; kind: PurchaseOrder["kind"] },
): Promise<PurchaseOrder | undefined> {
  const [order] = await db
    .select()
    .from(purchaseOrders)
    .where(
      and(
        eq(purchaseOrders.userId, caller.userId),
        eq(purchaseOrders.orderNo, purchaseOrderNo(caller.userId, input.orderKey)),
      ),
    );
  if (
    order &&
    (order.kind !== input.kind ||
      order.refersTo !== `instance:${input.uuid}` ||
      order.subAccountId !== caller.subAccountId)
  )
    fail("OPERATION_CONFLICT");
  return order;
}
