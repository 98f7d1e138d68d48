import { Hono } from "hono";
import { z } from "zod";
import type { PointsStoreCalls } from "../../contract/points-store";
import { listStoreItems } from "../../modules/points-store/catalogue";
import { exchangeStoreItem } from "../../modules/points-store/exchange";
import { confirmStoreOrderReceived, listStoreOrders } from "../../modules/points-store/orders";
import { pointsSummary } from "../../modules/points-store/points-view";
import { callerFromForm, optionalCallerFromForm, type Env } from "../context";
import * as f from "../fields";
import { toPointsSummary, toStoreItem, toStoreOrder } from "../shapes/points-store";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";

/** The points store (issue 39 §3, decisions 116 and 117). */
export const pointsStoreApi = new Hono<Env>();
const on = contractRoutes<PointsStoreCalls>(pointsStoreApi);

const operationKey = z
  .string({ required_error: "缺少操作标识，请刷新页面后重试", invalid_type_error: "操作标识格式不正确" })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "操作标识格式不正确，请刷新页面后重试");

const ExchangeFields = z.object({
  item_id: f.id("商品编号"),
  operation_key: operationKey,
  recipient: f.optionalText("收货人", 30),
  phone: f.optionalText("联系电话", 32),
  address: f.optionalText("收货地址", 200),
});

/** Goods need all three address fields, each checked like a form field. */
const ShippingFields = z.object({
  recipient: f.requiredText("收货人", 30),
  phone: f.phone("联系电话"),
  address: f.requiredText("收货地址", 200).refine((v) => v.length >= 5, "请填写详细的收货地址"),
});

const OrderFields = z.object({ order_id: f.id("订单编号") });

on.post("/get_score_store_items", async (c) => {
  const form = await readForm(c);
  const caller = await optionalCallerFromForm(c, form);
  return { items: (await listStoreItems(c.var.ctx, caller)).map(toStoreItem) };
});

on.post("/get_points_summary", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  return toPointsSummary(await pointsSummary(c.var.ctx, caller));
});

on.post("/exchange_store_item", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(ExchangeFields, form);
  const wantsShipping = ["recipient", "phone", "address"].some((name) => form[name] !== undefined);
  const shipping = wantsShipping ? parseFields(ShippingFields, form) : undefined;
  const { order, replayed } = await exchangeStoreItem(c.var.ctx, caller, {
    itemId: input.item_id,
    operationKey: input.operation_key,
    shipping,
  });
  return { order: toStoreOrder(order), Replayed: replayed };
});

on.post("/get_store_orders", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  return { orders: (await listStoreOrders(c.var.ctx, caller)).map(toStoreOrder) };
});

on.post("/confirm_store_order_received", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(OrderFields, form);
  return { order: toStoreOrder(await confirmStoreOrderReceived(c.var.ctx, caller, { orderId: input.order_id })) };
});
