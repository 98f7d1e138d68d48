import { Hono } from "hono";
import { z } from "zod";
import type { DeskMarketingCalls } from "../../contract/marketing-desk";
import { STORE_ITEM_KINDS } from "../../db/points-store-schema";
import { listDeskPartners, listRefusedBindings } from "../../modules/partner/desk";
import {
  addDeskStoreItem,
  deskStoreItem,
  listDeskStoreItems,
  listDeskStoreOrders,
  setDeskStoreItem,
  shipDeskStoreOrder,
} from "../../modules/points-store/desk";
import { deskRaffle, deskRaffleDraws, setDeskRafflePrize, setDeskRaffleWindow } from "../../modules/raffle/desk";
import { beijingMinuteToDate, TRACKING_NUMBER } from "../../rules/marketing-desk";
import { parseYuanToFen } from "../../rules/money";
import { ODDS_SCALE } from "../../rules/raffle-odds";
import { contractRoutes } from "../api/contract-routes";
import type { Env } from "../context";
import * as f from "../fields";
import {
  toDeskPartner,
  toDeskRaffle,
  toDeskRaffleDraw,
  toDeskStoreItem,
  toDeskStoreOrder,
  toRefusedBinding,
} from "../shapes/marketing-desk";
import { toPage } from "../shapes/page";
import { parseFields, readForm } from "../wire";
import { staffCaller } from "./context";
import { readShippingLabel } from "../../modules/points-store/shipping-label";

/**
 * /staff calls of the desk's 积分商城, 周年抽奖 (marketing and admins) and 销售合伙人 (finance and admins):
 * platform/contract/marketing-desk.ts, docs/decisions/125.
 */
export const marketingDeskApi = new Hono<Env>();
const on = contractRoutes<DeskMarketingCalls>(marketingDeskApi);

const COUNT_MAX = 10_000_000;
const onSale = z.enum(["0", "1"], { errorMap: () => ({ message: "请选择是否上架" }) });
const Entry = z.object({ id: f.id("编号") });

// ——— 积分商城 ———

on.post("/points-store/items", async (c) => {
  const staff = await staffCaller(c);
  return (await listDeskStoreItems(c.var.ctx, staff)).map(toDeskStoreItem);
});

on.post("/points-store/items/detail", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  return toDeskStoreItem(await deskStoreItem(c.var.ctx, staff, parseFields(Entry, form).id));
});

const Add = z.object({
  kind: z.enum(STORE_ITEM_KINDS, { errorMap: () => ({ message: "请选择商品类型" }) }),
  name: f.requiredText("商品名称", 60),
  description: f.optionalText("商品说明", 300),
  points: f.int("积分价格", 1, COUNT_MAX),
  stock: f.int("库存", 0, COUNT_MAX),
  limit: f.int("每人限兑", 1, COUNT_MAX),
  on_sale: onSale.optional(),
  coupon_group: z
    .string()
    .max(20)
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return undefined;
      if (!/^[1-9]\d{0,15}$/.test(v.trim())) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "优惠券组编号必须是正整数" });
        return z.NEVER;
      }
      return Number(v.trim());
    }),
  voucher: z
    .string()
    .max(20)
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return undefined;
      const fen = parseYuanToFen(v);
      if (fen === null || fen <= 0) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "算力券金额需为大于0的金额，最多两位小数" });
        return z.NEVER;
      }
      return fen;
    }),
  order: f.int("排序", -COUNT_MAX, COUNT_MAX).optional(),
});

on.post("/points-store/items/add", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(Add, form);
  const item = await addDeskStoreItem(c.var.ctx, staff, {
    kind: input.kind,
    name: input.name,
    description: input.description,
    pointsPrice: input.points,
    stock: input.stock,
    perUserLimit: input.limit,
    onSale: input.on_sale === undefined ? true : input.on_sale === "1",
    couponGroupId: input.coupon_group,
    voucherFen: input.voucher,
    sortOrder: input.order,
  });
  return toDeskStoreItem(item);
});

const SetItem = Entry.extend({
  name: f.requiredText("商品名称", 60).optional(),
  description: f.optionalText("商品说明", 300),
  points: f.int("积分价格", 1, COUNT_MAX).optional(),
  stock: f.int("库存", 0, COUNT_MAX).optional(),
  /** The stock the form showed: a save over a stock users moved meanwhile is refused (rules/stock-edit.ts). */
  stock_shown: f.int("库存", 0, COUNT_MAX).optional(),
  limit: f.int("每人限兑", 1, COUNT_MAX).optional(),
  on_sale: onSale.optional(),
  order: f.int("排序", -COUNT_MAX, COUNT_MAX).optional(),
});

on.post("/points-store/items/set", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(SetItem, form);
  const item = await setDeskStoreItem(c.var.ctx, staff, input.id, {
    name: input.name,
    description: input.description,
    pointsPrice: input.points,
    stock: input.stock,
    stockShown: input.stock_shown,
    perUserLimit: input.limit,
    onSale: input.on_sale === undefined ? undefined : input.on_sale === "1",
    sortOrder: input.order,
  });
  return toDeskStoreItem(item);
});

const Orders = z.object({
  page: f.page,
  page_size: f.pageSize(50, 20),
  view: z.enum(["pending", "shipped"], { errorMap: () => ({ message: "列表类型不正确" }) }).optional(),
});

on.post("/points-store/orders", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(Orders, form);
  const page = await listDeskStoreOrders(c.var.ctx, staff, {
    page: input.page,
    pageSize: input.page_size,
    view: input.view ?? "pending",
  });
  return toPage(page, toDeskStoreOrder);
});

const Ship = Entry.extend({
  carrier: f.requiredText("快递公司", 30),
  tracking_no: f.requiredText("运单号", 40).regex(TRACKING_NUMBER, "运单号需为4-40位字母、数字或-"),
});

on.post("/points-store/orders/label", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const label = await readShippingLabel(c.var.ctx, staff, parseFields(Entry, form).id);
  return {
    OrderId: label.orderId,
    ItemName: label.itemName,
    Recipient: label.recipient,
    Phone: label.phone,
    Address: label.address,
  };
});

on.post("/points-store/orders/ship", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(Ship, form);
  const shipped = await shipDeskStoreOrder(c.var.ctx, staff, {
    orderId: input.id,
    carrier: input.carrier,
    trackingNo: input.tracking_no,
  });
  return { Id: shipped.id, Carrier: shipped.carrier, TrackingNo: shipped.trackingNo };
});

// ——— 周年抽奖 ———

on.post("/raffle/detail", async (c) => {
  const staff = await staffCaller(c);
  return toDeskRaffle(await deskRaffle(c.var.ctx, staff));
});

const Draws = z.object({ page: f.page, page_size: f.pageSize(50, 20) });

on.post("/raffle/draws", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(Draws, form);
  return toPage(
    await deskRaffleDraws(c.var.ctx, staff, { page: input.page, pageSize: input.page_size }),
    toDeskRaffleDraw,
  );
});

const minute = (label: string) =>
  f.requiredText(label, 20).transform((v, ctx) => {
    const at = beijingMinuteToDate(v);
    if (!at) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${label}格式不正确，例如 2026-12-01T10:00` });
      return z.NEVER;
    }
    return at;
  });

const Window = z.object({ starts_at: minute("开始时间"), ends_at: minute("结束时间") });

on.post("/raffle/window", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(Window, form);
  return toDeskRaffle(
    await setDeskRaffleWindow(c.var.ctx, staff, { startsAt: input.starts_at, endsAt: input.ends_at }),
  );
});

const Prize = Entry.extend({
  stock: f.int("库存", 0, COUNT_MAX).optional(),
  stock_shown: f.int("库存", 0, COUNT_MAX).optional(),
  weight: f.int("中奖权重", 0, ODDS_SCALE).optional(),
  active: z.enum(["0", "1"], { errorMap: () => ({ message: "请选择是否参与抽奖" }) }).optional(),
});

on.post("/raffle/prize/set", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(Prize, form);
  return toDeskRaffle(
    await setDeskRafflePrize(c.var.ctx, staff, {
      id: input.id,
      stock: input.stock,
      stockShown: input.stock_shown,
      weight: input.weight,
      active: input.active === undefined ? undefined : input.active === "1",
    }),
  );
});

// ——— 销售合伙人 ———

const Paged = z.object({ page: f.page, page_size: f.pageSize(50, 20) });

on.post("/partners/list", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(Paged, form);
  return toPage(
    await listDeskPartners(c.var.ctx, staff, { page: input.page, pageSize: input.page_size }),
    toDeskPartner,
  );
});

on.post("/partners/refused", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(Paged, form);
  return toPage(
    await listRefusedBindings(c.var.ctx, staff, { page: input.page, pageSize: input.page_size }),
    toRefusedBinding,
  );
});
