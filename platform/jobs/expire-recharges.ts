import { and, asc, eq, lt } from "drizzle-orm";
import { rechargeOrders } from "../db/wallet-schema";
import type { Ctx } from "../modules/context";
import { settleExpiredQr } from "../modules/payments/expiry";

/** How many expired QR orders one run settles; the next run takes the rest. */
const BATCH = 100;

/**
 * Settles QR orders whose five minutes are over and that nobody polled: each
 * is asked at its provider (a late payment is credited), else closed there
 * and here. Safe on several replicas at once: closing is a conditional update
 * and crediting happens once under the order's lock; a duplicate run costs
 * only a provider query. Returns how many it settled.
 */
export async function expireRecharges(ctx: Ctx): Promise<number> {
  const due = await ctx.db
    .select()
    .from(rechargeOrders)
    .where(and(eq(rechargeOrders.status, "pending"), lt(rechargeOrders.qrExpiresAt, ctx.now())))
    .orderBy(asc(rechargeOrders.qrExpiresAt))
    .limit(BATCH);
  for (const order of due) await settleExpiredQr(ctx, order);
  return due.length;
}
