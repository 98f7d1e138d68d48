/**
 * The desk's 积分商城, 周年抽奖 and 销售合伙人 calls (issue 39, docs/decisions/125): marketing (运营) changes the
 * catalogue and ships goods, which users then see; sets the raffle's window and a prize's stock and weight (never
 * past 10,000 in all) and reads the draws as recorded; finance reads the partners and the refused bindings. Every
 * change leaves a staff audit row; other roles get 403 and change nothing; bad input is refused beside its field and
 * changes nothing.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeItems, storeOrders } from "../../db/points-store-schema";
import { raffleEvents, rafflePrizes } from "../../db/raffle-schema";
import { users } from "../../db/schema";
import { staffAudit } from "../../db/staff-schema";
import { awardPoints } from "../../modules/points/ledger";
import { exchangeStoreItem } from "../../modules/points-store/exchange";
import { drawOnce } from "../../modules/raffle/draw";
import { mainAccount, subAccount } from "../../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { openRaffle, setPrizes, spendCash } from "../../../tests/support/raffle";
import { addStaff, staffLogin, staffPost } from "../../../tests/support/staff";

let t: TestPlatform;
let marketing: string;
let finance: string;
let agent: string;
let admin: string;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-06-01T04:00:00Z") });
  marketing = await staffLogin(t, await addStaff(t, "marketing", "运营小陈"));
  finance = await staffLogin(t, await addStaff(t, "finance"));
  agent = await staffLogin(t, await addStaff(t, "agent"));
  admin = await staffLogin(t, await addStaff(t, "admin"));
});
afterAll(() => t.close());

let n = 0;
const key = (prefix: string) => `${prefix}-${++n}`;

async function auditOf(action: string, targetId: string | number) {
  return t.db
    .select()
    .from(staffAudit)
    .where(and(eq(staffAudit.action, action), eq(staffAudit.targetId, String(targetId))))
    .orderBy(desc(staffAudit.id));
}

const mask = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

/** A new account with 1,000 points exchanges one of `item` (goods) to this address. */
async function exchangeGoods(item: number, shipping: { recipient: string; phone: string; address: string }) {
  const user = await mainAccount(t);
  await awardPoints(t.ctx, {
    userId: user.userId,
    kind: "adjustment",
    points: 1000,
    operationKey: key("p"),
    refersTo: "t",
  });
  const { order } = await exchangeStoreItem(t.ctx, user.caller, { itemId: item, operationKey: key("x"), shipping });
  return { user, order };
}

const GOODS = { kind: "goods", name: "桌面收纳盒", points: "300", stock: "5", limit: "2", on_sale: "1" };

describe("积分商城", () => {
  it("marketing adds an item and changes its stock; the user's catalogue shows it; each change is audited", async () => {
    const added = await staffPost(t, "/points-store/items/add", marketing, GOODS);
    expect(added.body).toMatchObject({ status: 0, data: { Kind: "goods", Name: "桌面收纳盒", Points: 300, Stock: 5 } });
    const id = added.body.data.Id as number;
    expect((await auditOf("store_item.add", id))[0]).toMatchObject({ targetType: "store_item", before: null });

    const set = await staffPost(t, "/points-store/items/set", marketing, {
      id,
      name: "桌面收纳盒（升级款）",
      description: "",
      points: "350",
      stock: "12",
      limit: "2",
      on_sale: "1",
    });
    expect(set.body.data).toMatchObject({ Name: "桌面收纳盒（升级款）", Points: 350, Stock: 12 });
    const [audit] = await auditOf("store_item.set", id);
    expect(audit).toMatchObject({ before: { stock: 5, pointsPrice: 300 }, after: { stock: 12, pointsPrice: 350 } });

    const catalogue = await t.post("/get_score_store_items", {});
    expect(catalogue.body.data.items).toContainEqual(expect.objectContaining({ ItemId: id, Stock: 12, Points: 350 }));

    await staffPost(t, "/points-store/items/set", marketing, { id, on_sale: "0" });
    const after = await t.post("/get_score_store_items", {});
    expect(after.body.data.items.map((i: { ItemId: number }) => i.ItemId)).not.toContain(id);
    const desk = await staffPost(t, "/points-store/items", marketing);
    expect(desk.body.data).toContainEqual(expect.objectContaining({ Id: id, OnSale: false, Exchanged: 0 }));
  });

  it("bad input is refused beside its field and changes nothing", async () => {
    const before = await t.db.select().from(storeItems);
    const zero = await staffPost(t, "/points-store/items/add", marketing, { ...GOODS, points: "0" });
    expect(zero.body).toMatchObject({ status: 1, reason: "积分价格必须在1到10000000之间", data: { field: "points" } });
    const coupon = await staffPost(t, "/points-store/items/add", marketing, { ...GOODS, kind: "coupon", limit: "1" });
    expect(coupon.body).toMatchObject({
      status: 1,
      reason: "优惠券商品需指定优惠券组",
      data: { field: "coupon_group" },
    });
    const voucher = await staffPost(t, "/points-store/items/add", marketing, {
      ...GOODS,
      kind: "voucher",
      voucher: "-1",
    });
    expect(voucher.body).toMatchObject({ status: 1, data: { field: "voucher" } });
    const kind = await staffPost(t, "/points-store/items/add", marketing, { ...GOODS, kind: "car" });
    expect(kind.body).toMatchObject({ status: 1, reason: "请选择商品类型", data: { field: "kind" } });
    expect(await t.db.select().from(storeItems)).toEqual(before);

    const [item] = before;
    const negative = await staffPost(t, "/points-store/items/set", marketing, { id: item!.id, stock: "-3" });
    expect(negative.body).toMatchObject({ status: 1, data: { field: "stock" } });
    const text = await staffPost(t, "/points-store/items/set", marketing, { id: item!.id, stock: "十个" });
    expect(text.body).toMatchObject({ status: 1, reason: "库存必须是整数", data: { field: "stock" } });
    const blankName = await staffPost(t, "/points-store/items/set", marketing, { id: item!.id, name: "  " });
    expect(blankName.body).toMatchObject({ status: 1, reason: "请填写商品名称", data: { field: "name" } });
    const nothing = await staffPost(t, "/points-store/items/set", marketing, { id: item!.id });
    expect(nothing.body).toMatchObject({ status: 1, reason: "没有要修改的内容" });
    const unknown = await staffPost(t, "/points-store/items/set", marketing, { id: 99_999_999, stock: "1" });
    expect(unknown.body).toMatchObject({ status: 1, key: "NOT_FOUND" });
    expect(await t.db.select().from(storeItems)).toEqual(before);
  });

  it("a save over a stock users took from meanwhile: a new figure is refused, an untouched one keeps what they took", async () => {
    const item = (await staffPost(t, "/points-store/items/add", marketing, { ...GOODS, stock: "5" })).body.data
      .Id as number;
    const form = { id: item, name: "桌面收纳盒", points: "300", limit: "2", on_sale: "1", stock_shown: "5" };
    // The form showed 5; a user exchanges one before it is saved.
    await exchangeGoods(item, {
      recipient: "张三",
      phone: "13800001111",
      address: "北京市海淀区中关村大街1号",
    });
    const stockOf = async () => (await t.db.select().from(storeItems).where(eq(storeItems.id, item)))[0]!.stock;
    expect(await stockOf()).toBe(4);

    const typedOver = await staffPost(t, "/points-store/items/set", marketing, { ...form, stock: "20" });
    expect(typedOver.body).toMatchObject({ status: 1, data: { field: "stock" } });
    expect(typedOver.body.reason).toContain("当前库存 4");
    expect(await stockOf()).toBe(4);

    const untouched = await staffPost(t, "/points-store/items/set", marketing, { ...form, stock: "5", name: "收纳盒" });
    expect(untouched.body.data).toMatchObject({ Name: "收纳盒", Stock: 4 });

    const fresh = await staffPost(t, "/points-store/items/set", marketing, { ...form, stock: "20", stock_shown: "4" });
    expect(fresh.body.data).toMatchObject({ Stock: 20 });
  });

  it("the full contact phone is read one order at a time for its label, each read audited without the phone", async () => {
    const item = (await staffPost(t, "/points-store/items/add", marketing, GOODS)).body.data.Id as number;
    const { order } = await exchangeGoods(item, {
      recipient: "王五",
      phone: "13900002222",
      address: "上海市浦东新区世纪大道100号",
    });
    const label = await staffPost(t, "/points-store/orders/label", marketing, { id: order.id });
    expect(label.body).toMatchObject({
      status: 0,
      data: { OrderId: order.id, Recipient: "王五", Phone: "13900002222", Address: "上海市浦东新区世纪大道100号" },
    });
    const audits = await auditOf("store_order.label", order.id);
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0])).not.toContain("13900002222");
    expect(JSON.stringify(audits[0])).not.toContain("世纪大道");
    await staffPost(t, "/points-store/orders/label", marketing, { id: order.id });
    expect(await auditOf("store_order.label", order.id)).toHaveLength(2);

    const unknown = await staffPost(t, "/points-store/orders/label", marketing, { id: 99_999_999 });
    expect(unknown.body).toMatchObject({ status: 1, key: "NOT_FOUND" });
    const refused = await staffPost(t, "/points-store/orders/label", finance, { id: order.id });
    expect(refused.body).toMatchObject({ status: 1, key: "PERMISSION_DENIED" });
    expect(JSON.stringify(refused.body)).not.toContain("13900002222");
    expect(await auditOf("store_order.label", order.id)).toHaveLength(2);
  });

  it("marketing ships a goods order; the user sees the carrier and tracking number; the address stays out of the audit", async () => {
    const item = (await staffPost(t, "/points-store/items/add", marketing, GOODS)).body.data.Id as number;
    const { user, order } = await exchangeGoods(item, {
      recipient: "张三",
      phone: "13800001111",
      address: "北京市海淀区中关村大街1号",
    });

    const pending = await staffPost(t, "/points-store/orders", marketing, { view: "pending", page_size: 50 });
    const row = pending.body.data.list.find((o: { Id: number }) => o.Id === order.id);
    expect(row).toMatchObject({
      Status: "pending_shipment",
      Recipient: "张三",
      Phone: "138****1111",
      Address: "北京市海淀区中关村大街1号",
      AccountPhone: mask((await t.db.select().from(users).where(eq(users.id, user.userId)))[0]!.phone),
    });
    expect(JSON.stringify(pending.body)).not.toContain("13800001111");

    const badTracking = await staffPost(t, "/points-store/orders/ship", marketing, {
      id: order.id,
      carrier: "顺丰速运",
      tracking_no: "SF 123",
    });
    expect(badTracking.body).toMatchObject({
      status: 1,
      reason: "运单号需为4-40位字母、数字或-",
      data: { field: "tracking_no" },
    });
    const noCarrier = await staffPost(t, "/points-store/orders/ship", marketing, {
      id: order.id,
      carrier: "",
      tracking_no: "SF1234567890",
    });
    expect(noCarrier.body).toMatchObject({ status: 1, reason: "请填写快递公司", data: { field: "carrier" } });
    expect((await t.db.select().from(storeOrders).where(eq(storeOrders.id, order.id)))[0]).toMatchObject({
      status: "pending_shipment",
      trackingNo: null,
    });

    const shipped = await staffPost(t, "/points-store/orders/ship", marketing, {
      id: order.id,
      carrier: "顺丰速运",
      tracking_no: "SF1234567890",
    });
    expect(shipped.body.data).toEqual({ Id: order.id, Carrier: "顺丰速运", TrackingNo: "SF1234567890" });
    const mine = await t.post("/get_store_orders", { session: user.token });
    expect(mine.body.data.orders).toContainEqual(
      expect.objectContaining({
        OrderId: order.id,
        Status: "shipped",
        Carrier: "顺丰速运",
        TrackingNo: "SF1234567890",
      }),
    );
    const [audit] = await auditOf("store_order.ship", order.id);
    expect(audit).toMatchObject({
      before: { status: "pending_shipment", carrier: null },
      after: { status: "shipped", carrier: "顺丰速运", trackingNo: "SF1234567890" },
    });
    expect(JSON.stringify(audit)).not.toContain("中关村");

    const twice = await staffPost(t, "/points-store/orders/ship", marketing, {
      id: order.id,
      carrier: "中通快递",
      tracking_no: "ZT1",
    });
    expect(twice.body.status).toBe(1);
    const again = await staffPost(t, "/points-store/orders/ship", marketing, {
      id: order.id,
      carrier: "中通快递",
      tracking_no: "ZT123456",
    });
    expect(again.body).toMatchObject({ status: 1, reason: "只有待发货的实物订单可以发货" });
    const shippedList = await staffPost(t, "/points-store/orders", admin, { view: "shipped", page_size: 50 });
    expect(shippedList.body.data.list).toContainEqual(
      expect.objectContaining({ Id: order.id, TrackingNo: "SF1234567890" }),
    );
  });
});

describe("周年抽奖", () => {
  it("shows the prizes and the 谢谢参与 remainder; marketing changes stock and weight, audited; never past 10,000", async () => {
    await openRaffle(t);
    const [small, big] = await setPrizes(t, [
      { name: "5元算力券", kind: "voucher", amount: 500, stock: 10, weight: 1000 },
      { name: "100积分", kind: "points", amount: 100, stock: 50, weight: 3000 },
    ]);
    const detail = await staffPost(t, "/raffle/detail", marketing);
    expect(detail.body.data.NoPrizeWeight).toBe(6000);
    expect(detail.body.data.Prizes).toContainEqual(
      expect.objectContaining({ Id: small, Name: "5元算力券", Amount: "5.00", Stock: 10, Weight: 1000, Active: true }),
    );

    const set = await staffPost(t, "/raffle/prize/set", marketing, { id: small, stock: "3", weight: "2500" });
    expect(set.body.data.NoPrizeWeight).toBe(4500);
    expect(set.body.data.Prizes).toContainEqual(expect.objectContaining({ Id: small, Stock: 3, Weight: 2500 }));
    const [audit] = await auditOf("raffle_prize.set", small!);
    expect(audit).toMatchObject({ before: { stock: 10, weight: 1000 }, after: { stock: 3, weight: 2500 } });

    const over = await staffPost(t, "/raffle/prize/set", marketing, { id: big, weight: "7600" });
    expect(over.body).toMatchObject({ status: 1, reason: "奖品中奖权重合计不能超过 10000", data: { field: "weight" } });
    const range = await staffPost(t, "/raffle/prize/set", marketing, { id: big, weight: "10001" });
    expect(range.body).toMatchObject({ status: 1, data: { field: "weight" } });
    const [still] = await t.db.select().from(rafflePrizes).where(eq(rafflePrizes.id, big!));
    expect(still).toMatchObject({ weight: 3000, stock: 50 });
    expect(await auditOf("raffle_prize.set", big!)).toEqual([]);

    const off = await staffPost(t, "/raffle/prize/set", admin, { id: big, active: "0" });
    expect(off.body.data.NoPrizeWeight).toBe(7500);
  });

  it("sets the window in Beijing time; an end before the start is refused beside it", async () => {
    const backwards = await staffPost(t, "/raffle/window", marketing, {
      starts_at: "2026-12-01T10:00",
      ends_at: "2026-11-01T10:00",
    });
    expect(backwards.body).toMatchObject({
      status: 1,
      reason: "活动结束时间必须晚于开始时间",
      data: { field: "ends_at" },
    });
    const garbled = await staffPost(t, "/raffle/window", marketing, { starts_at: "明天", ends_at: "2026-11-01T10:00" });
    expect(garbled.body).toMatchObject({ status: 1, data: { field: "starts_at" } });
    const set = await staffPost(t, "/raffle/window", marketing, {
      starts_at: "2026-06-01T10:00",
      ends_at: "2026-07-01T00:00",
    });
    expect(set.body.data).toMatchObject({
      StartsAt: "2026-06-01T02:00:00.000Z",
      EndsAt: "2026-06-30T16:00:00.000Z",
      State: "open",
    });
    const [event] = await t.db.select().from(raffleEvents).where(eq(raffleEvents.code, "202510"));
    expect(event!.endsAt.toISOString()).toBe("2026-06-30T16:00:00.000Z");
    const [audit] = await auditOf("raffle.window", "202510");
    expect(audit).toMatchObject({ targetType: "raffle_event", after: { endsAt: "2026-06-30T16:00:00.000Z" } });
  });

  it("a prize's stock drawn from while its form was open: a new figure is refused, an untouched one keeps the draws", async () => {
    await openRaffle(t);
    const [prize] = await setPrizes(t, [{ name: "2元算力券", kind: "voucher", amount: 200, stock: 5, weight: 10_000 }]);
    const user = await mainAccount(t, { cashFen: 500_00 });
    await spendCash(t, user.userId, 100_00);
    await drawOnce(t.ctx, user.caller, { operationKey: key("d") }); // the form showed 5; now 4
    const stockOf = async () => (await t.db.select().from(rafflePrizes).where(eq(rafflePrizes.id, prize!)))[0]!.stock;
    expect(await stockOf()).toBe(4);
    const form = { id: prize, weight: "10000", active: "1", stock_shown: "5" };
    const typedOver = await staffPost(t, "/raffle/prize/set", marketing, { ...form, stock: "50" });
    expect(typedOver.body).toMatchObject({ status: 1, data: { field: "stock" } });
    expect(await stockOf()).toBe(4);
    const untouched = await staffPost(t, "/raffle/prize/set", marketing, { ...form, stock: "5", weight: "9000" });
    expect(untouched.body.data.Prizes).toContainEqual(expect.objectContaining({ Id: prize, Stock: 4, Weight: 9000 }));
  });

  it("lists the draws as recorded: masked phone, random value, the odds drawn against, the prize", async () => {
    await openRaffle(t);
    const [prize] = await setPrizes(t, [{ name: "10元算力券", kind: "voucher", amount: 1000, stock: 5, weight: 5000 }]);
    const user = await mainAccount(t, { cashFen: 500_00 });
    await spendCash(t, user.userId, 200_00);
    await drawOnce(t.ctx, user.caller, { operationKey: key("d") }, () => 1234);
    const draws = await staffPost(t, "/raffle/draws", marketing, { page_size: 5 });
    const [phone] = (await t.db.select({ phone: users.phone }).from(users).where(eq(users.id, user.userId))).map(
      (u) => u.phone,
    );
    expect(draws.body.data.list[0]).toMatchObject({
      Phone: mask(phone!),
      Outcome: "won",
      PrizeName: "10元算力券",
      RandomValue: 1234,
      PickedPrizeId: prize,
      Odds: [{ PrizeId: prize, Name: "10元算力券", Weight: 5000, Stock: 5 }],
    });
    expect(JSON.stringify(draws.body)).not.toContain(phone!);
  });
});

describe("销售合伙人", () => {
  it("finance sees partners with their referred count and money, and refused bindings with their reason", async () => {
    const partner = await mainAccount(t);
    await t.db.update(users).set({ verifiedAs: "personal" }).where(eq(users.id, partner.userId));
    const code = (await t.post("/sales_partner/join", { session: partner.token, agree: "1" })).body.data.Code;
    const touch = async (session?: string) =>
      (await t.post("/sales_partner/touch", { code, session })).body.data.TouchId as string;
    const bound = await t.registerUser({ fields: { referral_touch: await touch() } });
    const self = await t.registerUser({ fields: { referral_touch: await touch(partner.token) } });
    const sub = await subAccount(t, partner, 0);
    const fromSub = await t.registerUser({ fields: { referral_touch: await touch(sub.token) } });

    const list = await staffPost(t, "/partners/list", finance, { page_size: 50 });
    const [partnerPhone] = (await t.db.select().from(users).where(eq(users.id, partner.userId))).map((u) => u.phone);
    expect(list.body.data.list).toContainEqual(
      expect.objectContaining({
        UserId: partner.userId,
        Phone: mask(partnerPhone!),
        Code: code,
        Referred: 1,
        Settled: "0.00",
        Withdrawn: "0.00",
      }),
    );
    const refused = await staffPost(t, "/partners/refused", admin, { page_size: 50 });
    expect(refused.body.data.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ReferredPhone: mask(self.phone), PartnerCode: code, Reason: "same_device" }),
        expect.objectContaining({ ReferredPhone: mask(fromSub.phone), PartnerCode: code, Reason: "sub_account" }),
      ]),
    );
    expect(JSON.stringify(refused.body)).not.toContain(bound.phone.slice(3, 7) + bound.phone.slice(-4));
    expect(JSON.stringify(refused.body)).not.toContain(self.phone);
  });
});

describe("roles", () => {
  const calls: [string, Record<string, string | number>][] = [
    ["/points-store/items", {}],
    ["/points-store/items/detail", { id: 1 }],
    ["/points-store/items/add", GOODS],
    ["/points-store/items/set", { id: 1, stock: "0" }],
    ["/points-store/orders", {}],
    ["/points-store/orders/ship", { id: 1, carrier: "顺丰速运", tracking_no: "SF1234567890" }],
    ["/points-store/orders/label", { id: 1 }],
    ["/raffle/detail", {}],
    ["/raffle/draws", {}],
    ["/raffle/window", { starts_at: "2020-01-01T00:00", ends_at: "2020-01-02T00:00" }],
    ["/raffle/prize/set", { id: 1, stock: "0" }],
  ];

  it("agents and finance are refused (PERMISSION_DENIED, a 403 in the desk) on the points store and the raffle; marketing and agents on the partners; nothing changes", async () => {
    const items = await t.db.select().from(storeItems);
    const prizes = await t.db.select().from(rafflePrizes);
    const events = await t.db.select().from(raffleEvents);
    const audits = (await t.db.select().from(staffAudit)).length;
    for (const token of [agent, finance])
      for (const [path, fields] of calls) {
        const reply = await staffPost(t, path, token, fields);
        expect([path, reply.body.key, reply.body.reason]).toEqual([path, "PERMISSION_DENIED", "没有权限执行该操作"]);
      }
    for (const token of [agent, marketing])
      for (const path of ["/partners/list", "/partners/refused"]) {
        const reply = await staffPost(t, path, token);
        expect([path, reply.body.key]).toEqual([path, "PERMISSION_DENIED"]);
      }
    expect(await t.db.select().from(storeItems)).toEqual(items);
    expect(await t.db.select().from(rafflePrizes)).toEqual(prizes);
    expect(await t.db.select().from(raffleEvents)).toEqual(events);
    expect((await t.db.select().from(staffAudit)).length).toBe(audits);
  });

  it("without a staff token every call answers status 2", async () => {
    for (const [path, fields] of [...calls, ["/partners/list", {}] as const]) {
      const reply = await staffPost(t, path, null, fields);
      expect([path, reply.body.status]).toEqual([path, 2]);
    }
  });
});
