import { and, eq } from "drizzle-orm";
import { rechargeOrders } from "../../db/wallet-schema";
import type { Ctx } from "../context";
import { creditPaidOrder } from "./credit-order";
import { channelOf, type PayType } from "./pay-types";
import type { RechargeOrder } from "./recharge-orders";

/**
 * Settles a QR order whose QR has expired: asks the provider first (a payment
 * made in the last second whose callback is late is credited, not lost), then
 * closes it here and at the provider. Returns the order as it now stands.
 */
export async function settleExpiredQr(ctx: Ctx, order: RechargeOrder): Promise<RechargeOrder> {
  const channel = channelOf(order.payType as PayType);
  if (!channel || order.status !== "pending") return order;
  const provider = ctx.providers.payments[channel];
  const state = await provider.queryOrder(order.outTradeNo).catch(() => ({ state: "unknown" as const }));
  if (state.state === "paid") {
    await creditPaidOrder(ctx, provider.name, channel, state.event);
  } else {
    await ctx.db
      .update(rechargeOrders)
      .set({ status: "closed", closedAt: ctx.now() })
      .where(and(eq(rechargeOrders.id, order.id), eq(rechargeOrders.status, "pending")));
    await provider.closeOrder(order.outTradeNo).catch((error: Error) => {
      console.warn(
        `[payment] close failed provider=${provider.name} out_trade_no=${order.outTradeNo} ${error.message}`,
      );
    });
  }
  const [now] = await ctx.db.select().from(rechargeOrders).where(eq(rechargeOrders.id, order.id));
  return now!;
}
