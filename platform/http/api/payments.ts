import { Hono } from "hono";
import { z } from "zod";
import type { PaymentCalls } from "../../contract/payments";
import { handlePaymentCallback } from "../../modules/payments/callbacks";
import { liveQr, rechargeStatus } from "../../modules/payments/order-status";
import type { PayType } from "../../modules/payments/pay-types";
import { createRecharge } from "../../modules/payments/recharge-orders";
import type { PayChannel } from "../../providers/payment/types";
import { topUpAmountFen } from "../../rules/fields";
import { callerFromForm, type Env } from "../context";
import { toCreateQrcode, toOrderStatus, toQrcode } from "../shapes/payments";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";

export const paymentsApi = new Hono<Env>();
const on = contractRoutes<PaymentCalls>(paymentsApi);

const payType = z
  .string({ required_error: "请选择支付方式", invalid_type_error: "请选择支付方式" })
  .refine((v) => v === "0" || v === "1" || v === "2", "请选择支付方式")
  .transform((v) => Number(v) as PayType);

const outTradeNo = z
  .string({ required_error: "请提供订单号", invalid_type_error: "订单号不正确" })
  .max(64, "订单号不正确");

const CreateQrcodeFields = z.object({ amount: topUpAmountFen, pay_type: payType });
const OrderFields = z.object({ out_trade_no: outTradeNo });

on.post("/create_qrcode", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(CreateQrcodeFields, form);
  const order = await createRecharge(c.var.ctx, caller, { amountFen: input.amount, payType: input.pay_type });
  return toCreateQrcode(order, c.var.ctx.site.transferAccount);
});

on.post("/get_qrcode", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(OrderFields, form);
  return toQrcode(await liveQr(c.var.ctx, caller, input.out_trade_no));
});

on.post("/get_order_status", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(OrderFields, form);
  const order = await rechargeStatus(c.var.ctx, caller, input.out_trade_no);
  return toOrderStatus(order, c.var.ctx.site.transferAccount, c.var.ctx.now());
});

const CHANNELS: readonly PayChannel[] = ["wechat", "alipay"];

/**
 * The providers' callbacks (`notify_url`): the raw body and headers go to the
 * channel's provider to verify; the reply is what that provider expects.
 * Not part of the main-API contract: its callers are WeChat Pay and Alipay.
 */
paymentsApi.post("/pay/notify/:channel", async (c) => {
  const channel = c.req.param("channel") as PayChannel;
  if (!CHANNELS.includes(channel)) return c.text("not found", 404);
  const provider = c.var.ctx.providers.payments[channel];
  const { accepted } = await handlePaymentCallback(c.var.ctx, channel, {
    body: await c.req.text(),
    headers: c.req.raw.headers,
  });
  const reply = provider.acknowledge(accepted);
  return c.body(reply.body, reply.status as 200, { "content-type": reply.contentType });
});
