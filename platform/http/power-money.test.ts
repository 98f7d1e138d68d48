/**
 * Compute vouchers on the wire (issue 10 §3): /get_power_money_offers and
 * /buy_power_money, bought with cash only, once per operation key, through a
 * purchase order and one ledger posting. Runs on PGlite and PostgreSQL.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, users } from "../db/schema";
import { purchaseOrders, voucherOffers } from "../db/wallet-schema";
import { seedDemoTopUps } from "../db/seed-demo-top-ups";
import { seedDemoWallet } from "../db/seed-demo-wallet";
import { DEMO } from "../db/seed";
import { postToLedger } from "../modules/wallet/ledger";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

/** After every test, every account's balances equal the sums of its ledger entries (not only at close). */
afterEach(async () => expect(await t.unbalancedAccounts()).toEqual([]));

let n = 0;
const opKey = () => `form-${Date.now()}-${++n}`;

async function account(fund: { cash?: number; credit?: number; voucher?: number } = {}) {
  const user = await t.registerUser();
  for (const [wallet, amountFen] of Object.entries(fund) as Array<["cash" | "credit" | "voucher", number]>) {
    await postToLedger(t.ctx, {
      userId: user.userId,
      operationKey: opKey(),
      refersTo: "test:setup",
      movements: [{ wallet, kind: wallet === "cash" ? "top_up" : wallet, amountFen }],
    });
  }
  return user;
}

const balances = async (userId: number) =>
  (
    await t.db
      .select({ cash: users.moneyFen, voucher: users.powerMoneyFen, credit: users.creditQuotaFen })
      .from(users)
      .where(eq(users.id, userId))
  )[0]!;

async function offers(token: string) {
  const reply = await t.post("/get_power_money_offers", { session: token });
  expect(reply.body.status).toBe(0);
  return reply.body.data.offers as Array<{ OfferId: number; Price: string; PowerMoney: string; Bonus: string }>;
}

describe("/get_power_money_offers", () => {
  it("lists the seeded active offers in order, with their bonus", async () => {
    const user = await account();
    expect((await offers(user.token)).map((o) => [o.Price, o.PowerMoney, o.Bonus])).toEqual([
      ["100.00", "100.00", "0.00"],
      ["1000.00", "1030.00", "30.00"],
      ["5000.00", "5250.00", "250.00"],
    ]);
    expect((await t.post("/get_power_money_offers")).body.status).toBe(2);
  });
});

describe("/buy_power_money", () => {
  it("buys vouchers with cash: one order, cash −price (purchase) and vouchers +amount (voucher) in one posting", async () => {
    const user = await account({ cash: 1_200_00 });
    const offer = (await offers(user.token))[1]!;
    const reply = await t.post("/buy_power_money", {
      session: user.token,
      offer_id: offer.OfferId,
      operation_key: opKey(),
    });
    expect(reply.body).toMatchObject({
      status: 0,
      data: { Price: "1000.00", PowerMoney: "1030.00", PowerMoneyBalance: "1030.00", Money: "200.00", Replayed: false },
    });
    expect(await balances(user.userId)).toEqual({ cash: 200_00, voucher: 1_030_00, credit: 0 });
    const [order] = await t.db.select().from(purchaseOrders).where(eq(purchaseOrders.userId, user.userId));
    expect(order).toMatchObject({
      orderNo: reply.body.data.OrderNo,
      kind: "power_money",
      amountFen: 1_000_00,
      paidCashFen: 1_000_00,
      paidVoucherFen: 0,
      refersTo: `voucher_offer:${offer.OfferId}`,
    });
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, user.userId), eq(ledgerEntries.refersTo, `purchase:${order!.orderNo}`)));
    expect(entries.map((e) => [e.wallet, e.kind, e.amountFen, e.operationKey === entries[0]!.operationKey])).toEqual([
      ["cash", "purchase", -1_000_00, true],
      ["voucher", "voucher", 1_030_00, true],
    ]);
  });

  it("10 concurrent submissions of one form key buy once", async () => {
    const user = await account({ cash: 1_000_00 });
    const offer = (await offers(user.token))[0]!;
    const key = opKey();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.post("/buy_power_money", { session: user.token, offer_id: offer.OfferId, operation_key: key }),
      ),
    );
    expect(replies.every((r) => r.body.status === 0)).toBe(true);
    expect(new Set(replies.map((r) => r.body.data.OrderNo)).size).toBe(1);
    expect(replies.filter((r) => r.body.data.Replayed === false)).toHaveLength(1);
    expect(await t.db.select().from(purchaseOrders).where(eq(purchaseOrders.userId, user.userId))).toHaveLength(1);
    expect(await balances(user.userId)).toEqual({ cash: 900_00, voucher: 100_00, credit: 0 });
  });

  it("insufficient cash is refused with 可用余额少于套餐价格! and the shortfall; credit and vouchers never pay for vouchers", async () => {
    const user = await account({ cash: 40_00, credit: 5_000_00, voucher: 500_00 });
    const offer = (await offers(user.token))[0]!;
    const reply = await t.post("/buy_power_money", {
      session: user.token,
      offer_id: offer.OfferId,
      operation_key: opKey(),
    });
    expect(reply.body).toMatchObject({
      status: 1,
      reason: "可用余额少于套餐价格!",
      key: "BALANCE_BELOW_PRICE",
      data: { shortfall: "60.00", shortfall_fen: 60_00 },
    });
    expect(await balances(user.userId)).toEqual({ cash: 40_00, voucher: 500_00, credit: 5_000_00 });
    expect(await t.db.select().from(purchaseOrders).where(eq(purchaseOrders.userId, user.userId))).toHaveLength(0);
  });

  it("refuses a sub-account, an inactive offer and a malformed key, and moves nothing", async () => {
    const user = await account({ cash: 5_000_00 });
    const [first] = await offers(user.token);
    const [hidden] = await t.db
      .insert(voucherOffers)
      .values({ priceFen: 10_00, voucherFen: 10_00, active: false, sortOrder: 99 })
      .returning();
    expect(
      (await t.post("/buy_power_money", { session: user.token, offer_id: hidden!.id, operation_key: opKey() })).body,
    ).toMatchObject({ status: 1, key: "NOT_FOUND", reason: "该算力券套餐不存在或已下架" });
    expect(
      (await t.post("/buy_power_money", { session: user.token, offer_id: first!.OfferId, operation_key: "x" })).body,
    ).toMatchObject({ status: 1, key: "BAD_REQUEST", data: { field: "operation_key" } });

    const sub = await t.post("/sub_account_login", {
      phone: DEMO.phone,
      name: DEMO.subAccount.name,
      password: DEMO.subAccount.password,
    });
    const subReply = await t.post("/buy_power_money", {
      session: sub.body.data.token,
      offer_id: first!.OfferId,
      operation_key: opKey(),
    });
    expect(subReply.body).toMatchObject({
      status: 1,
      key: "PERMISSION_DENIED",
      reason: "子账号不能购买算力券，请使用主账号购买",
    });
    expect(await balances(user.userId)).toEqual({ cash: 5_000_00, voucher: 0, credit: 0 });
  });
});

describe("the demo account's wallet seed", () => {
  it("has top-ups, a credit quota and vouchers through the ledger, buys an offer with its cash, and is idempotent", async () => {
    const demo = (await t.userByPhone(DEMO.phone))!;
    // Seeded at start: top-ups of ¥3,700 (seed-demo-top-ups.ts), ¥1,000 credit, ¥50 of vouchers, and the
    // first offer (¥100 → ¥100 of vouchers) bought with the cash; and ¥10 from the used recharge voucher of
    // seed-coupons.ts.
    expect(await balances(demo.id)).toEqual({ cash: 3_600_00 + 10_00, voucher: 150_00, credit: 1_000_00 });
    await seedDemoTopUps(t.db, DEMO.phone);
    await seedDemoWallet(t.db, DEMO.phone);
    await seedDemoWallet(t.db, DEMO.phone);
    expect(await balances(demo.id)).toEqual({ cash: 3_600_00 + 10_00, voucher: 150_00, credit: 1_000_00 });
    const orders = await t.db.select().from(purchaseOrders).where(eq(purchaseOrders.userId, demo.id));
    expect(orders.map((o) => o.kind)).toEqual(["power_money"]);
  });
});
