import { Hono } from "hono";
import { z } from "zod";
import type { VoucherCalls } from "../../contract/vouchers";
import { buyVoucherOffer, listVoucherOffers } from "../../modules/wallet/power-money";
import { callerFromForm, type Env } from "../context";
import * as f from "../fields";
import { toBuyPowerMoney, toPowerMoneyOffers } from "../shapes/vouchers";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";

/** Compute vouchers: the offers and `/buy_power_money` (issue 10 §3). */
export const vouchersApi = new Hono<Env>();
const on = contractRoutes<VoucherCalls>(vouchersApi);

const operationKey = z
  .string({ required_error: "缺少操作标识，请刷新页面后重试", invalid_type_error: "操作标识格式不正确" })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "操作标识格式不正确，请刷新页面后重试");

const BuyFields = z.object({ offer_id: f.id("套餐编号"), operation_key: operationKey });

on.post("/get_power_money_offers", async (c) => {
  const caller = await callerFromForm(c, await readForm(c));
  return toPowerMoneyOffers(await listVoucherOffers(c.var.ctx, caller));
});

on.post("/buy_power_money", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(BuyFields, form);
  const bought = await buyVoucherOffer(c.var.ctx, caller, {
    offerId: input.offer_id,
    operationKey: input.operation_key,
  });
  return toBuyPowerMoney(bought);
});
