/**
 * The points store over HTTP (issue 39 §3): the public catalogue, the caller's points and orders, exchanging with
 * field errors beside their fields, and the operator commands (item add/set, order ship), each audited.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeItems } from "../db/points-store-schema";
import { opsAudit } from "../db/wallet-schema";
import { awardPoints } from "../modules/points/ledger";
import { mainAccount, subAccount } from "../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

let n = 0;
const opKey = () => `store-${Date.now().toString(36)}-${++n}`;

describe("points store calls", () => {
  it("lists the catalogue to visitors, and exchanges, lists and confirms for a main account", async () => {
    const visitor = await t.post("/get_score_store_items");
    expect(visitor.body.status).toBe(0);
    const names = visitor.body.data.items.map((i: { Name: string }) => i.Name);
    expect(names).toEqual(expect.arrayContaining(["5 元充值券", "10 元算力券", "定制马克杯"]));

    const a = await mainAccount(t);
    await awardPoints(t.ctx, { userId: a.userId, kind: "adjustment", points: 4_000, operationKey: "t", refersTo: "t" });
    const mug = visitor.body.data.items.find((i: { Name: string }) => i.Name === "定制马克杯");

    const missing = await t.post("/exchange_store_item", {
      session: a.token,
      item_id: mug.ItemId,
      operation_key: opKey(),
      recipient: "",
      phone: "123",
      address: "北京市海淀区中关村大街1号",
    });
    expect(missing.body).toMatchObject({ status: 1, key: "BAD_REQUEST", data: { field: "recipient" } });
    const noAddress = await t.post("/exchange_store_item", {
      session: a.token,
      item_id: mug.ItemId,
      operation_key: opKey(),
    });
    expect(noAddress.body).toMatchObject({ status: 1, reason: "请填写收货地址", data: { field: "address" } });

    const exchanged = await t.post("/exchange_store_item", {
      session: a.token,
      item_id: mug.ItemId,
      operation_key: opKey(),
      recipient: "李四",
      phone: "13900001111",
      address: "上海市浦东新区世纪大道100号",
    });
    expect(exchanged.body).toMatchObject({
      status: 0,
      data: { Replayed: false, order: { Status: "pending_shipment", Points: 3_000, Recipient: "李四" } },
    });
    const orderId = exchanged.body.data.order.OrderId;

    const summary = await t.post("/get_points_summary", { session: a.token });
    expect(summary.body.data.Points).toBe(1_000);
    expect(summary.body.data.entries[0]).toMatchObject({ Kind: "exchange", Points: -3_000, Note: "定制马克杯" });
    const mine = await t.post("/get_store_orders", { session: a.token });
    expect(mine.body.data.orders.map((o: { OrderId: number }) => o.OrderId)).toEqual([orderId]);
    const seen = await t.post("/get_score_store_items", { session: a.token });
    expect(seen.body.data.items.find((i: { ItemId: number }) => i.ItemId === mug.ItemId).Taken).toBe(1);

    const shipped = await t.ops(
      "store order ship",
      { order: String(orderId), carrier: "顺丰速运", tracking: "SF100200300" },
      "bob",
    );
    expect(shipped.body).toMatchObject({ ok: true, outcome: { target: `store_order:${orderId}` } });
    const [audit] = await t.db.select().from(opsAudit).where(eq(opsAudit.id, shipped.body.auditId));
    expect(audit).toMatchObject({ actor: "bob", command: "store order ship", before: { status: "pending_shipment" } });
    const again = await t.ops("store order ship", { order: String(orderId), carrier: "中通", tracking: "ZT1234" });
    expect(again.body.ok).toBe(false);

    const confirmed = await t.post("/confirm_store_order_received", { session: a.token, order_id: orderId });
    expect(confirmed.body.data.order).toMatchObject({
      Status: "completed",
      Carrier: "顺丰速运",
      TrackingNo: "SF100200300",
    });
  });

  it("another account's order is not found; a sub-account is refused", async () => {
    const a = await mainAccount(t);
    const b = await mainAccount(t);
    await awardPoints(t.ctx, { userId: a.userId, kind: "adjustment", points: 3_000, operationKey: "t", refersTo: "t" });
    const [mug] = await t.db.select().from(storeItems).where(eq(storeItems.name, "定制马克杯"));
    const mine = await t.post("/exchange_store_item", {
      session: a.token,
      item_id: mug!.id,
      operation_key: opKey(),
      recipient: "李四",
      phone: "13900001111",
      address: "上海市浦东新区世纪大道100号",
    });
    const orderId = mine.body.data.order.OrderId;
    const foreign = await t.post("/confirm_store_order_received", { session: b.token, order_id: orderId });
    expect(foreign.body).toMatchObject({ status: 1, key: "NOT_FOUND" });
    expect((await t.post("/get_store_orders", { session: b.token })).body.data.orders).toEqual([]);
    const sub = await subAccount(t, a, 1_000);
    const refused = await t.post("/get_points_summary", { session: sub.token });
    expect(refused.body).toMatchObject({ status: 1, key: "PERMISSION_DENIED" });
  });

  it("operators add items and change them, audited", async () => {
    const added = await t.ops("store item add", {
      kind: "voucher",
      name: "20 元算力券",
      points: "1500",
      stock: "10",
      limit: "2",
      voucher: "20",
    });
    expect(added.body).toMatchObject({ ok: true, outcome: { after: { voucherFen: 20_00, stock: 10 } } });
    const id = String(added.body.outcome.after.id);
    const refused = await t.ops("store item add", {
      kind: "coupon",
      name: "坏券",
      points: "10",
      stock: "1",
      limit: "1",
    });
    expect(refused.body.ok).toBe(false);
    const off = await t.ops("store item set", { id, stock: "3", "on-sale": "no" }, "carol");
    expect(off.body).toMatchObject({
      ok: true,
      outcome: { before: { stock: 10, onSale: true }, after: { stock: 3, onSale: false } },
    });
    const items = (await t.post("/get_score_store_items")).body.data.items;
    expect(items.some((i: { Name: string }) => i.Name === "20 元算力券")).toBe(false);
  });
});
