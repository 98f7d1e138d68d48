import { and, eq } from "drizzle-orm";
import { rechargeOrders } from "../../db/wallet-schema";
import type { Ctx } from "../context";
import { OUT_TRADE_NO_PATTERN } from "./out-trade-no";
import { channelOf, type PayType } from "./pay-types";
import type { PayChannel } from "../../providers/payment/types";

/**
 * What the payer's app sees after scanning a QR: the amount and whether it can
 * still be paid. Anyone holding the QR may pay it (as with a real QR), so this
 * is not scoped to an account; it shows nothing about the account.
 */
export interface PayerView {
  outTradeNo: string;
  amountFen: number;
  channel: PayChannel;
  payable: boolean;
  status: "pending" | "paid" | "closed" | "rejected";
}

export async function payerView(ctx: Ctx, outTradeNo: string): Promise<PayerView | null> {
  if (!OUT_TRADE_NO_PATTERN.test(outTradeNo)) return null;
  const [order] = await ctx.db.select().from(rechargeOrders).where(eq(rechargeOrders.outTradeNo, outTradeNo)).limit(1);
  const channel = order ? channelOf(order.payType as PayType) : null;
  if (!order || !channel) return null;
  const live = order.status === "pending" && order.qrExpiresAt !== null && order.qrExpiresAt > ctx.now();
  return { outTradeNo, amountFen: order.amountFen, channel, payable: live, status: order.status };
}

/**
 * The sandbox page's 模拟二维码过期: ends a waiting QR now, so testers can see
 * what a payer sees after five minutes without waiting. Sandbox only (the
 * page exists only outside production).
 */
export async function expireQrNow(ctx: Ctx, outTradeNo: string): Promise<void> {
  if (!OUT_TRADE_NO_PATTERN.test(outTradeNo)) return;
  await ctx.db
    .update(rechargeOrders)
    .set({ qrExpiresAt: ctx.now() })
    .where(and(eq(rechargeOrders.outTradeNo, outTradeNo), eq(rechargeOrders.status, "pending")));
}
