/**
 * IDOR walk of the points store (issue 39 §5): another account's order id on every call that takes one answers
 * NOT_FOUND and changes nothing; a sub-account of the owner is refused on every signed-in call; no call shows
 * another account's orders or points.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeItems, storeOrders } from "../db/points-store-schema";
import { awardPoints } from "../modules/points/ledger";
import { markStoreOrderShipped } from "../modules/points-store/orders";
import { mainAccount, subAccount, type TestAccount } from "../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;
let owner: TestAccount;
let orderId: number;
beforeAll(async () => {
  t = await startTestPlatform();
  owner = await mainAccount(t);
  await awardPoints(t.ctx, {
    userId: owner.userId,
    kind: "adjustment",
    points: 5_000,
    operationKey: "t",
    refersTo: "t",
  });
  const [mug] = await t.db.select().from(storeItems).where(eq(storeItems.name, "定制马克杯"));
  const made = await t.post("/exchange_store_item", {
    session: owner.token,
    item_id: mug!.id,
    operation_key: "owner-order-0001",
    recipient: "王五",
    phone: "13700001111",
    address: "广州市天河区体育西路1号",
  });
  orderId = made.body.data.order.OrderId;
  await markStoreOrderShipped(t.ctx, { orderId, carrier: "顺丰速运", trackingNo: "SF0001" });
});
afterAll(() => t.close());

describe("points store IDOR", () => {
  it("a stranger gets not found for the owner's order, and sees none of the owner's orders or points", async () => {
    const stranger = await mainAccount(t);
    const confirm = await t.post("/confirm_store_order_received", { session: stranger.token, order_id: orderId });
    expect(confirm.body).toMatchObject({ status: 1, key: "NOT_FOUND" });
    expect((await t.post("/get_store_orders", { session: stranger.token })).body.data.orders).toEqual([]);
    const summary = (await t.post("/get_points_summary", { session: stranger.token })).body.data;
    expect(summary).toEqual({ Points: 0, lots: [], entries: [] });
    // Replaying the owner's operation key as the stranger makes the stranger's own attempt, not the owner's order.
    const [mug] = await t.db.select().from(storeItems).where(eq(storeItems.name, "定制马克杯"));
    const replay = await t.post("/exchange_store_item", {
      session: stranger.token,
      item_id: mug!.id,
      operation_key: "owner-order-0001",
      recipient: "赵六",
      phone: "13600001111",
      address: "深圳市南山区科技园1号",
    });
    expect(replay.body).toMatchObject({ status: 1, key: "POINTS_INSUFFICIENT" });
    const [order] = await t.db.select().from(storeOrders).where(eq(storeOrders.id, orderId));
    expect(order).toMatchObject({ userId: owner.userId, status: "shipped", recipient: "王五" });
  });

  it("the owner's sub-account is refused on every signed-in call", async () => {
    const sub = await subAccount(t, owner, 1_000);
    const [mug] = await t.db.select().from(storeItems).where(eq(storeItems.name, "定制马克杯"));
    for (const [path, fields] of [
      ["/get_points_summary", {}],
      ["/get_store_orders", {}],
      ["/confirm_store_order_received", { order_id: orderId }],
      [
        "/exchange_store_item",
        {
          item_id: mug!.id,
          operation_key: "sub-attempt-0001",
          recipient: "子",
          phone: "13500001111",
          address: "北京市朝阳区1号院",
        },
      ],
    ] as const) {
      const reply = await t.post(path, { session: sub.token, ...fields });
      expect(reply.body, path).toMatchObject({ status: 1, key: "PERMISSION_DENIED" });
    }
    const [order] = await t.db.select().from(storeOrders).where(eq(storeOrders.id, orderId));
    expect(order!.status).toBe("shipped");
    // The catalogue is public; a sub-account's session shows no counts of its main account.
    const items = (await t.post("/get_score_store_items", { session: sub.token })).body.data.items;
    expect(items.find((i: { ItemId: number }) => i.ItemId === mug!.id).Taken).toBe(0);
  });
});
