/**
 * spendForPurchase (issue 10 §3, §6): vouchers, then cash, then credit; never
 * below −quota; one order per operation key; a sub-account within its limit.
 * On PostgreSQL (scripts/with-postgres.sh) the concurrent purchases really race.
 * After every test each account's balances equal the sums of its entries.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, subAccounts, users } from "../../db/schema";
import { purchaseOrders } from "../../db/wallet-schema";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { createSubAccount } from "../accounts/sub-accounts";
import type { Caller } from "../context";
import { DomainError } from "../errors";
import { postToLedger } from "./ledger";
import { spendForPurchase, type PurchaseInput } from "./spend";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

/** After every test, every account's balances equal the sums of its ledger entries (not only at close). */
afterEach(async () => expect(await t.unbalancedAccounts()).toEqual([]));

let keys = 0;
const key = (prefix = "k") => `${prefix}-${Date.now()}-${++keys}`;

async function account(opts: { cashFen?: number; creditFen?: number; voucherFen?: number } = {}) {
  const { userId } = await t.registerUser();
  const post = (wallet: "cash" | "credit" | "voucher", amountFen: number) =>
    postToLedger(t.ctx, {
      userId,
      operationKey: key("setup"),
      refersTo: "test:setup",
      movements: [{ wallet, kind: wallet === "cash" ? "top_up" : wallet, amountFen }],
    });
  if (opts.cashFen) await post("cash", opts.cashFen);
  if (opts.creditFen) await post("credit", opts.creditFen);
  if (opts.voucherFen) await post("voucher", opts.voucherFen);
  const caller: Caller = { origin: { ip: null }, sessionId: 0, userId, subAccountId: null };
  return caller;
}

const balances = async (userId: number) =>
  (
    await t.db
      .select({ cash: users.moneyFen, voucher: users.powerMoneyFen, credit: users.creditQuotaFen })
      .from(users)
      .where(eq(users.id, userId))
  )[0]!;

const rental = (priceFen: number, operationKey = key()): PurchaseInput => ({
  operationKey,
  kind: "rental",
  refersTo: `instance:${operationKey}`,
  priceFen,
  detail: { unitPriceFen: priceFen },
  allowVouchers: true,
  allowCredit: true,
});

const outcome = (promise: Promise<unknown>) => outcomeOf(promise, "paid");

const ordersOf = (userId: number) => t.db.select().from(purchaseOrders).where(eq(purchaseOrders.userId, userId));

describe("spendForPurchase", () => {
  it("200 concurrent ¥10 purchases against ¥1,000 without credit: exactly 100 pass, the balance ends at 0", async () => {
    const caller = await account({ cashFen: 1_000_00 });
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        outcome(spendForPurchase(t.ctx, caller, { ...rental(10_00), allowCredit: false })),
      ),
    );
    expect(results.filter((r) => r === "paid")).toHaveLength(100);
    expect(results.filter((r) => r === "BALANCE_BELOW_PRICE")).toHaveLength(100);
    expect((await balances(caller.userId)).cash).toBe(0);
    expect(await ordersOf(caller.userId)).toHaveLength(100);
  });

  it("with credit C = ¥500: exactly (1000 + C) / 10 = 150 pass and Money never goes below −C", async () => {
    const caller = await account({ cashFen: 1_000_00, creditFen: 500_00 });
    const results = await Promise.all(
      Array.from({ length: 200 }, () => outcome(spendForPurchase(t.ctx, caller, rental(10_00)))),
    );
    expect(results.filter((r) => r === "paid")).toHaveLength(150);
    expect(await balances(caller.userId)).toEqual({ cash: -500_00, voucher: 0, credit: 500_00 });
    const lowest = await t.db
      .select({ after: ledgerEntries.balanceAfterFen })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, caller.userId));
    expect(Math.min(...lowest.map((r) => r.after))).toBe(-500_00);
  });

  it("vouchers pay before cash, then cash, then credit; the order records each part", async () => {
    const caller = await account({ cashFen: 20_00, creditFen: 100_00, voucherFen: 30_00 });
    const order = await spendForPurchase(t.ctx, caller, rental(45_00));
    expect(order).toMatchObject({
      amountFen: 45_00,
      paidVoucherFen: 30_00,
      paidCashFen: 15_00,
      status: "paid",
      replayed: false,
    });
    expect(await balances(caller.userId)).toEqual({ cash: 5_00, voucher: 0, credit: 100_00 });
    const credited = await spendForPurchase(t.ctx, caller, rental(25_00));
    expect(credited).toMatchObject({ paidVoucherFen: 0, paidCashFen: 25_00 });
    expect(await balances(caller.userId)).toEqual({ cash: -20_00, voucher: 0, credit: 100_00 });
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.refersTo, `purchase:${order.orderNo}`));
    expect(entries.map((e) => [e.wallet, e.kind, e.amountFen])).toEqual([
      ["voucher", "purchase", -30_00],
      ["cash", "purchase", -15_00],
    ]);
  });

  it("vouchers never pay arrears: with Money negative a purchase uses vouchers and the arrears stay", async () => {
    const caller = await account({ creditFen: 100_00 });
    await spendForPurchase(t.ctx, caller, rental(40_00));
    await postToLedger(t.ctx, {
      userId: caller.userId,
      operationKey: key(),
      refersTo: "voucher:grant",
      movements: [{ wallet: "voucher", kind: "voucher", amountFen: 50_00 }],
    });
    const order = await spendForPurchase(t.ctx, caller, rental(30_00));
    expect(order).toMatchObject({ paidVoucherFen: 30_00, paidCashFen: 0 });
    expect(await balances(caller.userId)).toEqual({ cash: -40_00, voucher: 20_00, credit: 100_00 });
  });

  it("nothing is bought when balance plus available credit is ≤ 0, vouchers or not; the shortfall is in the refusal", async () => {
    const caller = await account({ creditFen: 50_00, voucherFen: 100_00 });
    await spendForPurchase(t.ctx, caller, { ...rental(50_00), allowVouchers: false });
    const refused = await spendForPurchase(t.ctx, caller, rental(10_00)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ key: "BALANCE_BELOW_PRICE", data: { shortfall: "0.01", shortfall_fen: 1 } });
    const poor = await account({ cashFen: 3_00 });
    expect(await spendForPurchase(t.ctx, poor, rental(10_00)).catch((e: unknown) => e)).toMatchObject({
      key: "BALANCE_BELOW_PRICE",
      data: { shortfall: "7.00" },
    });
    expect(await ordersOf(poor.userId)).toHaveLength(0);
  });

  it("one operation key, submitted 10 times at once: one order, one set of entries", async () => {
    const caller = await account({ cashFen: 100_00 });
    const input = rental(10_00);
    const orders = await Promise.all(Array.from({ length: 10 }, () => spendForPurchase(t.ctx, caller, input)));
    expect(new Set(orders.map((o) => o.orderNo)).size).toBe(1);
    expect(orders.filter((o) => !o.replayed)).toHaveLength(1);
    expect(await ordersOf(caller.userId)).toHaveLength(1);
    expect((await balances(caller.userId)).cash).toBe(90_00);
    expect(await outcome(spendForPurchase(t.ctx, caller, { ...input, priceFen: 11_00 }))).toBe("OPERATION_CONFLICT");
  });

  it("a sub-account spends at most its limit, concurrently, from its main account's money, never its vouchers", async () => {
    const main = await account({ cashFen: 1_000_00, voucherFen: 500_00 });
    const { subAccountId } = await createSubAccount(t.ctx, main, {
      name: `sub${keys}`,
      password: "Passw0rd123",
      moneyLimitFen: 95_00,
    });
    const sub: Caller = { ...main, subAccountId };
    const results = await Promise.all(
      Array.from({ length: 40 }, () => outcome(spendForPurchase(t.ctx, sub, rental(10_00)))),
    );
    expect(results.filter((r) => r === "paid")).toHaveLength(9);
    expect(results.filter((r) => r === "SUB_ACCOUNT_LIMIT_REACHED")).toHaveLength(31);
    const [row] = await t.db.select().from(subAccounts).where(eq(subAccounts.id, subAccountId));
    expect(row!.moneyUsedFen).toBe(90_00);
    expect(await balances(main.userId)).toEqual({ cash: 910_00, voucher: 500_00, credit: 0 });
    expect((await ordersOf(main.userId)).every((o) => o.subAccountId === subAccountId)).toBe(true);
  });

  it("a sub-account is bounded by its main account's money too", async () => {
    const main = await account({ cashFen: 15_00 });
    const { subAccountId } = await createSubAccount(t.ctx, main, {
      name: `poor${keys}`,
      password: "Passw0rd123",
      moneyLimitFen: 500_00,
    });
    const sub: Caller = { ...main, subAccountId };
    await spendForPurchase(t.ctx, sub, rental(10_00));
    expect(await spendForPurchase(t.ctx, sub, rental(10_00)).catch((e: unknown) => e)).toMatchObject({
      key: "SUB_ACCOUNT_LIMIT_REACHED",
      data: { shortfall: "5.00" },
    });
    const [row] = await t.db.select().from(subAccounts).where(eq(subAccounts.id, subAccountId));
    expect(row!.moneyUsedFen).toBe(10_00);
  });
});
