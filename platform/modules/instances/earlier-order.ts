import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { purchaseOrders } from "../../db/wallet-schema";
import type { Caller } from "../context";
import { fail } from "../errors";
import { purchaseOrderNo, spendFromLockedAccount } from "../wallet/spend";

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

/**
 * Pays for a package's upgrade (more GPUs, more disk) for the rest of its term: a purchase order of kind
 * "upgrade" referring to the instance, keyed by `orderKey`, paid as rentals are (vouchers, cash, credit). Its
 * detail keeps the explanation, the quote with `afterDiscountsFen` = the charge and no coupon, and the period
 * [now, expiresAt): what stop-with-refund (decision 080) prorates over. `before` names what it grew from.
 */
export function payPackageUpgrade(
  tx: Db,
  now: Date,
  caller: Caller,
  balances: Parameters<typeof spendFromLockedAccount>[3],
  input: {
    orderKey: string;
    uuid: string;
    quote: { chargeFen: number; explanation: string };
    expiresAt: Date;
    before: Record<string, number>;
  },
) {
  return spendFromLockedAccount(tx, now, caller, balances, {
    operationKey: input.orderKey,
    kind: "upgrade",
    refersTo: `instance:${input.uuid}`,
    priceFen: input.quote.chargeFen,
    detail: {
      explanation: input.quote.explanation,
      quote: { ...input.quote, afterDiscountsFen: input.quote.chargeFen, couponSavingFen: 0 },
      ...input.before,
      periodStart: now.toISOString(),
      periodEnd: input.expiresAt.toISOString(),
    },
    allowVouchers: true,
    allowCredit: true,
  });
}
