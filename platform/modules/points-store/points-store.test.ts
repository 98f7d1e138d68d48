/**
 * The points store (issue 39 §3, decisions 116 and 117): earning from cash spending with carried fractions, the
 * refund clawback, the verification event, expiry, and exchanging (atomic, idempotent, limited per account, the last
 * item to one caller). Runs on PGlite and, with DATABASE_URL, on PostgreSQL where the exchanges really race.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeItems, storeOrders } from "../../db/points-store-schema";
import { users } from "../../db/schema";
import { userCoupons } from "../../db/wallet-schema";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { mainAccount, subAccount, type TestAccount } from "../../../tests/support/instances";
import { DAY, startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { createCouponGroup } from "../coupons/create-group";
import { awardPoints, spendablePoints } from "../points/ledger";
import { postToLedger } from "../wallet/ledger";
import { awardVerificationEvents, countCashSpending, EARNING_WINDOW_MS, expirePointLots } from "./earning";
import { exchangeStoreItem } from "./exchange";
import { addStoreItem, type StoreItemInput } from "./manage";
import { confirmStoreOrderReceived, listStoreOrders, markStoreOrderShipped } from "./orders";
import { pointsSummary } from "./points-view";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-06-01T04:00:00Z") });
});
afterAll(() => t.close());

let n = 0;
const key = (prefix = "op") => `${prefix}-${Date.now().toString(36)}-${++n}`;

async function charge(userId: number, fen: number, kind: "purchase" | "refund" = "purchase") {
  await postToLedger(t.ctx, {
    userId,
    operationKey: key(kind),
    refersTo: "test",
    movements: [{ wallet: "cash", kind, amountFen: kind === "purchase" ? -fen : fen }],
  });
}

async function givePoints(userId: number, points: number) {
  await awardPoints(t.ctx, { userId, kind: "adjustment", points, operationKey: key("give"), refersTo: "test" });
}

async function couponGroup(totalNum = 1000) {
  const now = t.clock.now();
  return createCouponGroup(t.ctx, {
    name: "积分兑换券",
    type: 0,
    amountFen: 500,
    beginAt: new Date(now.getTime() - DAY),
    endAt: new Date(now.getTime() + 365 * DAY),
    totalNum,
  });
}

const item = (input: Partial<StoreItemInput> & Pick<StoreItemInput, "kind">) =>
  addStoreItem(t.ctx, { name: "商品", pointsPrice: 100, stock: 10, perUserLimit: 1, ...input });

const address = { recipient: "张三", phone: "13800001111", address: "北京市海淀区中关村大街1号" };

describe("earning points", () => {
  it("earns 1 point per whole yuan of cash, fractions carried: 100 charges of ¥0.53 earn 53 points, once", async () => {
    const a = await mainAccount(t, { cashFen: 100_000 });
    for (let i = 0; i < 100; i++) await charge(a.userId, 53);
    await countCashSpending(t.ctx);
    expect(await spendablePoints(t.ctx, a.userId)).toBe(53);
    await charge(a.userId, 47); // 5300 + 47 = 5347: still 53
    await countCashSpending(t.ctx);
    expect(await spendablePoints(t.ctx, a.userId)).toBe(53);
    await charge(a.userId, 53); // 5400: 54
    await countCashSpending(t.ctx);
    await countCashSpending(t.ctx);
    expect(await spendablePoints(t.ctx, a.userId)).toBe(54);
  });

  it("does not count vouchers, top-ups, or spending older than the window", async () => {
    const a = await mainAccount(t, { cashFen: 100_000, voucherFen: 100_000 });
    await postToLedger(t.ctx, {
      userId: a.userId,
      operationKey: key("voucher"),
      refersTo: "test",
      movements: [{ wallet: "voucher", kind: "purchase", amountFen: -5_000 }],
    });
    await charge(a.userId, 900);
    t.clock.advance(EARNING_WINDOW_MS + 60_000);
    await charge(a.userId, 250);
    await countCashSpending(t.ctx);
    expect(await spendablePoints(t.ctx, a.userId)).toBe(2);
  });

  it("claws back the points of refunded spending, only as far as they are still there", async () => {
    const a = await mainAccount(t, { cashFen: 100_000 });
    await charge(a.userId, 10_000);
    await countCashSpending(t.ctx);
    expect(await spendablePoints(t.ctx, a.userId)).toBe(100);
    await charge(a.userId, 2_550, "refund");
    await countCashSpending(t.ctx);
    expect(await spendablePoints(t.ctx, a.userId)).toBe(75);
    const summary = await pointsSummary(t.ctx, a.caller);
    expect(summary.entries.map((e) => [e.kind, e.points])).toEqual([
      ["clawback", -25],
      ["earn", 100],
    ]);
    // Spent meanwhile: a refund takes only what is left.
    const goods = await item({ kind: "goods", pointsPrice: 70 });
    await exchangeStoreItem(t.ctx, a.caller, { itemId: goods.id, operationKey: key(), shipping: address });
    await charge(a.userId, 5_000, "refund");
    await countCashSpending(t.ctx);
    expect(await spendablePoints(t.ctx, a.userId)).toBe(0);
  });

  it("gives the verification event's points once, whichever way the account was verified", async () => {
    const a = await mainAccount(t);
    await awardVerificationEvents(t.ctx);
    expect(await spendablePoints(t.ctx, a.userId)).toBe(0);
    await t.db.update(users).set({ verifiedAs: "personal" }).where(eq(users.id, a.userId));
    await awardVerificationEvents(t.ctx);
    await awardVerificationEvents(t.ctx);
    expect(await spendablePoints(t.ctx, a.userId)).toBe(200);
    const summary = await pointsSummary(t.ctx, a.caller);
    expect(summary.entries).toMatchObject([{ kind: "event", points: 200, note: "完成实名认证" }]);
    expect(summary.lots).toEqual([{ points: 200, expiresAt: new Date("2027-12-31T16:00:00.000Z") }]);
  });

  it("the expiry job writes off lots at the end of next year", async () => {
    const a = await mainAccount(t);
    await givePoints(a.userId, 300);
    const startedAt = t.clock.now().getTime();
    t.clock.advance(new Date("2028-01-01T00:00:00Z").getTime() - startedAt);
    expect(await expirePointLots(t.ctx)).toBeGreaterThanOrEqual(1);
    const summary = await pointsSummary(t.ctx, a.caller);
    expect(summary.points).toBe(0);
    expect(summary.entries[0]).toMatchObject({ kind: "expire", points: -300, balanceAfter: 0 });
    t.clock.advance(startedAt - t.clock.now().getTime()); // back to 2026 for the tests after this one
  });
});

describe("exchanging", () => {
  it("a coupon: points taken, coupon held, order done at once; the same key again changes nothing", async () => {
    const a = await mainAccount(t);
    await givePoints(a.userId, 250);
    const group = await couponGroup();
    const coupon = await item({ kind: "coupon", couponGroupId: group.id, pointsPrice: 200, stock: 5 });
    const operationKey = key();
    const first = await exchangeStoreItem(t.ctx, a.caller, { itemId: coupon.id, operationKey });
    expect(first).toMatchObject({ replayed: false, order: { status: "completed", points: 200, kind: "coupon" } });
    const again = await exchangeStoreItem(t.ctx, a.caller, { itemId: coupon.id, operationKey });
    expect(again).toMatchObject({ replayed: true, order: { id: first.order.id } });
    expect(await spendablePoints(t.ctx, a.userId)).toBe(50);
    const held = await t.db.select().from(userCoupons).where(eq(userCoupons.userId, a.userId));
    expect(held.map((c) => [c.id, c.groupId])).toEqual([[first.order.couponId, group.id]]);
    const [left] = await t.db.select().from(storeItems).where(eq(storeItems.id, coupon.id));
    expect(left!.stock).toBe(4);
    await givePoints(a.userId, 200);
    expect(await outcomeOf(exchangeStoreItem(t.ctx, a.caller, { itemId: coupon.id, operationKey: key() }))).toBe(
      "STORE_LIMIT_REACHED",
    );
    expect(await spendablePoints(t.ctx, a.userId)).toBe(250);
  });

  it("vouchers go to the voucher wallet through the ledger", async () => {
    const a = await mainAccount(t);
    await givePoints(a.userId, 500);
    const voucher = await item({ kind: "voucher", voucherFen: 1_000, pointsPrice: 500, perUserLimit: 3 });
    await exchangeStoreItem(t.ctx, a.caller, { itemId: voucher.id, operationKey: key() });
    const [user] = await t.db.select().from(users).where(eq(users.id, a.userId));
    expect(user!.powerMoneyFen).toBe(1_000);
    expect(await outcomeOf(exchangeStoreItem(t.ctx, a.caller, { itemId: voucher.id, operationKey: key() }))).toBe(
      "POINTS_INSUFFICIENT",
    );
  });

  it("goods need an address, go 待发货 → 已发货 → 已完成, and keep to the per-user limit", async () => {
    const a = await mainAccount(t);
    await givePoints(a.userId, 1_000);
    const mug = await item({ kind: "goods", pointsPrice: 100, perUserLimit: 2 });
    expect(await outcomeOf(exchangeStoreItem(t.ctx, a.caller, { itemId: mug.id, operationKey: key() }))).toBe(
      "BAD_REQUEST",
    );
    const { order } = await exchangeStoreItem(t.ctx, a.caller, {
      itemId: mug.id,
      operationKey: key(),
      shipping: address,
    });
    expect(order).toMatchObject({ status: "pending_shipment", recipient: "张三" });
    await exchangeStoreItem(t.ctx, a.caller, { itemId: mug.id, operationKey: key(), shipping: address });
    expect(
      await outcomeOf(exchangeStoreItem(t.ctx, a.caller, { itemId: mug.id, operationKey: key(), shipping: address })),
    ).toBe("STORE_LIMIT_REACHED");
    expect(await spendablePoints(t.ctx, a.userId)).toBe(800);
    expect(await outcomeOf(confirmStoreOrderReceived(t.ctx, a.caller, { orderId: order.id }))).toBe("BAD_REQUEST");
    const shipped = await markStoreOrderShipped(t.ctx, {
      orderId: order.id,
      carrier: "顺丰速运",
      trackingNo: "SF1234567890",
    });
    expect(shipped.after).toMatchObject({ status: "shipped", carrier: "顺丰速运" });
    const done = await confirmStoreOrderReceived(t.ctx, a.caller, { orderId: order.id });
    expect(done.status).toBe("completed");
    expect((await listStoreOrders(t.ctx, a.caller)).map((o) => o.status)).toEqual(["pending_shipment", "completed"]);
  });

  it("another account's orders are not found; a sub-account cannot use the store", async () => {
    const a = await mainAccount(t);
    const b = await mainAccount(t);
    await givePoints(a.userId, 100);
    const mug = await item({ kind: "goods", pointsPrice: 100 });
    const { order } = await exchangeStoreItem(t.ctx, a.caller, {
      itemId: mug.id,
      operationKey: key(),
      shipping: address,
    });
    await markStoreOrderShipped(t.ctx, { orderId: order.id, carrier: "中通", trackingNo: "ZT1" });
    expect(await outcomeOf(confirmStoreOrderReceived(t.ctx, b.caller, { orderId: order.id }))).toBe("NOT_FOUND");
    expect(await listStoreOrders(t.ctx, b.caller)).toEqual([]);
    const [still] = await t.db.select().from(storeOrders).where(eq(storeOrders.id, order.id));
    expect(still!.status).toBe("shipped");
    const sub = await subAccount(t, a, 10_000);
    expect(await outcomeOf(exchangeStoreItem(t.ctx, sub.caller, { itemId: mug.id, operationKey: key() }))).toBe(
      "PERMISSION_DENIED",
    );
    expect(await outcomeOf(listStoreOrders(t.ctx, sub.caller))).toBe("PERMISSION_DENIED");
    expect(await outcomeOf(pointsSummary(t.ctx, sub.caller))).toBe("PERMISSION_DENIED");
  });

  it("concurrent exchanges for a limited stock: exactly the stock goes, each to one account, points only from them", async () => {
    const [callers, stock] = t.kind === "postgres" ? [1_000, 100] : [200, 20];
    const group = await couponGroup(callers);
    const coupon = await item({ kind: "coupon", couponGroupId: group.id, pointsPrice: 10, stock });
    const accounts: TestAccount[] = [];
    for (let i = 0; i < callers; i++) {
      const a = await mainAccount(t);
      await givePoints(a.userId, 10);
      accounts.push(a);
    }
    const outcomes = await Promise.all(
      accounts.map((a) => outcomeOf(exchangeStoreItem(t.ctx, a.caller, { itemId: coupon.id, operationKey: key() }))),
    );
    const tally = outcomes.reduce<Record<string, number>>((m, o) => ({ ...m, [o]: (m[o] ?? 0) + 1 }), {});
    expect(tally).toEqual({ ok: stock, STORE_ITEM_SOLD_OUT: callers - stock });
    const [left] = await t.db.select().from(storeItems).where(eq(storeItems.id, coupon.id));
    expect(left!.stock).toBe(0);
    const [orders] = await t.db
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        owners: sql<number>`count(distinct user_id)`.mapWith(Number),
      })
      .from(storeOrders)
      .where(eq(storeOrders.itemId, coupon.id));
    expect(orders).toEqual({ count: stock, owners: stock });
    const coupons = await t.db.select().from(userCoupons).where(eq(userCoupons.groupId, group.id));
    expect(coupons).toHaveLength(stock);
    const points = await Promise.all(accounts.map((a) => spendablePoints(t.ctx, a.userId)));
    expect(points.filter((p) => p === 0)).toHaveLength(stock);
    expect(points.filter((p) => p === 10)).toHaveLength(callers - stock);
  }, 600_000);
});
