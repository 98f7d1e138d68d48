import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { settleExpiredQr } from "./expiry";
import { findOwnRecharge, qrIsLive, type RechargeOrder } from "./recharge-orders";

const expiredQr = (order: RechargeOrder, now: Date) =>
  order.status === "pending" && order.qrExpiresAt !== null && order.qrExpiresAt <= now;

/**
 * The caller's order as it stands, polled every 2 s by a paying user (spec §4):
 * one indexed read; only an order whose QR has just expired costs more (it is
 * settled with the provider once).
 */
export async function rechargeStatus(ctx: Ctx, caller: Caller, outTradeNo: string): Promise<RechargeOrder> {
  const order = await findOwnRecharge(ctx, caller, outTradeNo);
  return expiredQr(order, ctx.now()) ? settleExpiredQr(ctx, order) : order;
}

/** The order's live QR, or QR_NOT_READY (二维码未生成或者已过期!) when there is none (spec §8). */
export async function liveQr(ctx: Ctx, caller: Caller, outTradeNo: string): Promise<RechargeOrder> {
  const order = await rechargeStatus(ctx, caller, outTradeNo);
  if (!qrIsLive(order, ctx.now())) fail("QR_NOT_READY");
  return order;
}
