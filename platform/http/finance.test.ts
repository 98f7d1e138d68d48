/**
 * The finance calls (issue 10 §5) over the main API: /get_order and
 * /get_wallet_balance_change_list with their filters and pages, every ledger
 * entry listed and summing to the balances, spending per day, and the refusal
 * of sub-accounts. Runs on PGlite and on PostgreSQL (scripts/with-postgres.sh).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema";
import { createSubAccount } from "../modules/accounts/sub-accounts";
import { resolveSession } from "../modules/accounts/sessions";
import { exportBalanceChanges } from "../modules/finance/balance-changes";
import { ledgerSums } from "../modules/wallet/ledger";
import { yuanToFen } from "../rules/money";
import { HISTORY, writeHistory } from "../../tests/support/finance-history";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;
let main: { token: string; userId: number };
let other: { token: string; userId: number };
let subToken: string;

// 10:00 in Shanghai on 2026-11-01; the history spans 11-01, 11-02 and 11-03.
const START = new Date("2026-11-01T02:00:00Z");

beforeAll(async () => {
  t = await startTestPlatform({ start: START });
  const registered = await t.registerUser();
  main = registered;
  await writeHistory(t, main.userId, `h${main.userId}`);
  other = await t.registerUser();
  await writeHistory(t, other.userId, `h${other.userId}`);
  const caller = await resolveSession(t.ctx, { origin: { ip: null } }, { token: main.token });
  await createSubAccount(t.ctx, caller, { name: "fin-lab", password: "Finlab123", moneyLimitFen: 100_00 });
  const login = await t.post("/sub_account_login", { phone: registered.phone, name: "fin-lab", password: "Finlab123" });
  subToken = login.body.data.token;
});
afterAll(() => t.close());

const orders = (fields: Record<string, string | number> = {}, token = main.token) =>
  t.post("/get_order", { session: token, ...fields });
const changes = (fields: Record<string, string | number> = {}, token = main.token) =>
  t.post("/get_wallet_balance_change_list", { session: token, ...fields });

describe("/get_order", () => {
  it("lists recharge and purchase orders, newest first, with kind, goods, pay type, amount and status", async () => {
    const reply = await orders({ page_size: 50 });
    expect(reply.body.status).toBe(0);
    const { list, total } = reply.body.data;
    expect(total).toBe(HISTORY.orders);
    expect(list[0]).toMatchObject({
      Kind: "purchase",
      Goods: "算力券",
      PayType: null,
      Amount: "30.00",
      PaidCash: "30.00",
      Status: "paid",
    });
    const recharges = list.filter((o: { Kind: string }) => o.Kind === "recharge");
    expect(
      recharges.map((o: { PayType: number; Amount: string; Status: string }) => [o.PayType, o.Amount, o.Status]).sort(),
    ).toEqual(
      [
        [0, "20.00", "closed"],
        [0, "50.50", "paid"],
        [1, "100.00", "paid"],
        [2, "1000.00", "pending"],
      ].sort(),
    );
    expect(recharges.every((o: { Goods: string }) => o.Goods === "账户充值")).toBe(true);
    const times = list.map((o: { CreatedAt: string }) => o.CreatedAt);
    expect([...times].sort().reverse()).toEqual(times);
    // Another account's orders never appear.
    expect(list.every((o: { OrderNo: string }) => o.OrderNo.startsWith(`h${main.userId}-`))).toBe(true);
  });

  it("filters by kind, status and date range, and pages", async () => {
    expect((await orders({ kind: "purchase" })).body.data.total).toBe(1);
    expect((await orders({ kind: "recharge", status: "paid" })).body.data.total).toBe(2);
    expect((await orders({ status: "pending" })).body.data.list[0].OrderNo).toBe(`h${main.userId}-bank`);
    expect((await orders({ start_date: "2026-11-02", end_date: "2026-11-02" })).body.data.total).toBe(1);
    expect((await orders({ end_date: "2026-11-01" })).body.data.total).toBe(4);
    expect((await orders({ start_date: "2026-11-04" })).body.data.total).toBe(0);
    const first = await orders({ page: 1, page_size: 2 });
    const third = await orders({ page: 3, page_size: 2 });
    expect(first.body.data).toMatchObject({ total: 5, page: 1, page_size: 2 });
    expect(first.body.data.list).toHaveLength(2);
    expect(third.body.data.list).toHaveLength(1);
    const beyond = await orders({ page: 9, page_size: 2 });
    expect(beyond.body.data).toMatchObject({ list: [], total: 5 });
  });

  it("refuses bad filters by field", async () => {
    const bad = await orders({ status: "stolen" });
    expect(bad.body).toMatchObject({ status: 1, key: "BAD_REQUEST", data: { field: "status" } });
    const reversed = await orders({ start_date: "2026-11-03", end_date: "2026-11-01" });
    expect(reversed.body).toMatchObject({ status: 1, data: { field: "end_date" } });
    const long = await orders({ start_date: "2025-01-01", end_date: "2026-11-01" });
    expect(long.body.reason).toBe("日期范围不能超过366天");
    expect((await orders({ start_date: "2026-02-30" })).body.data.field).toBe("start_date");
  });
});

describe("/get_wallet_balance_change_list", () => {
  it("lists every entry once, and the amounts of each wallet sum to its balance", async () => {
    const seen = [];
    for (let page = 1; ; page++) {
      const reply = await changes({ page, page_size: 3 });
      expect(reply.body.status).toBe(0);
      seen.push(...reply.body.data.list);
      if (page * 3 >= reply.body.data.total) break;
    }
    expect(seen).toHaveLength(HISTORY.entries);
    expect(new Set(seen.map((e) => e.Id)).size).toBe(HISTORY.entries);
    const sums = { cash: 0, voucher: 0, credit: 0 } as Record<string, number>;
    for (const e of seen) sums[e.Wallet] += yuanToFen(e.Amount);
    const [row] = await t.db.select().from(users).where(eq(users.id, main.userId));
    expect(sums).toEqual({ cash: row!.moneyFen, voucher: row!.powerMoneyFen, credit: row!.creditQuotaFen });
    expect(sums).toEqual({ cash: HISTORY.cashFen, voucher: HISTORY.voucherFen, credit: HISTORY.creditFen });
    expect(sums).toEqual(await ledgerSums(t.ctx, main.userId));
    // Newest first; the newest entry's balance after is the cash balance.
    expect(seen[0]).toMatchObject({
      Kind: "purchase",
      Wallet: "cash",
      Amount: "-12.34",
      BalanceAfter: "118.16",
      CashAfter: "118.16",
      VoucherAfter: "26.50",
      // instance:2 is no instance of this account: named, never linked.
      Reference: { Kind: "instance", Label: "实例（已删除）", Target: null },
    });
  });

  it("names each reference in words and links the caller's own orders; each entry carries both running balances", async () => {
    const list = (await changes({ page_size: 50 })).body.data.list as {
      Wallet: string;
      Amount: string;
      CashAfter: string;
      VoucherAfter: string;
      Reference: { Kind: string; Label: string; Target: string | null };
      Explanation: string | null;
      Kind: string;
    }[];
    const tag = `h${main.userId}`;
    const references = list.map((e) => e.Reference);
    expect(references).toContainEqual({ Kind: "recharge_order", Label: `充值订单 ${tag}-wx`, Target: `${tag}-wx` });
    expect(references).toContainEqual({ Kind: "purchase_order", Label: `算力券订单 ${tag}-pm`, Target: `${tag}-pm` });
    expect(references).toContainEqual({ Kind: "platform", Label: "平台操作", Target: null });
    expect(JSON.stringify(list)).not.toMatch(/recharge:|purchase:|instance:|coupon:|ops:/);
    // Oldest first, the running sums of each wallet are the columns.
    let cash = 0;
    let voucher = 0;
    for (const e of [...list].reverse()) {
      if (e.Wallet === "cash") cash += yuanToFen(e.Amount);
      if (e.Wallet === "voucher") voucher += yuanToFen(e.Amount);
      expect([yuanToFen(e.CashAfter), yuanToFen(e.VoucherAfter)]).toEqual([cash, voucher]);
    }
    // Every charge and top-up explains itself.
    for (const e of list.filter((e) => e.Kind === "purchase" && e.Reference.Kind === "purchase_order"))
      expect(e.Explanation).toBe("购买算力券，订单金额 ¥30.00；算力券 ¥0.00，余额 ¥30.00");
    expect(list.filter((e) => e.Kind === "top_up").map((e) => e.Explanation)).toEqual([
      "支付宝充值 ¥50.50",
      "微信支付充值 ¥100.00",
    ]);
  });

  it("never names or links another account's order, instance, coupon or withdrawal", async () => {
    const fresh = await t.registerUser();
    const { postToLedger } = await import("../modules/wallet/ledger");
    const otherTag = `h${other.userId}`;
    const keys = [`recharge:${otherTag}-wx`, `purchase:${otherTag}-pm`, "coupon:1", "withdrawal:1", "instance:1"];
    for (const [i, refersTo] of keys.entries())
      await postToLedger(t.ctx, {
        userId: fresh.userId,
        operationKey: `idor-${i}`,
        refersTo,
        movements: [{ wallet: "cash", kind: "adjustment", amountFen: 1 }],
      });
    const reply = await changes({ page_size: 50 }, fresh.token);
    const list = reply.body.data.list as { Reference: { Target: string | null } }[];
    expect(list).toHaveLength(keys.length);
    expect(list.every((e) => e.Reference.Target === null)).toBe(true);
    expect(JSON.stringify(reply.body)).not.toContain(otherTag);
  });

  it("filters by kind, wallet and inclusive Asia/Shanghai days", async () => {
    const topUps = await changes({ kind: "top_up" });
    expect(topUps.body.data.list.map((e: { Amount: string }) => e.Amount)).toEqual(["50.50", "100.00"]);
    expect((await changes({ wallet: "voucher" })).body.data.total).toBe(2);
    expect((await changes({ kind: "purchase", wallet: "cash" })).body.data.total).toBe(2);
    expect((await changes({ start_date: "2026-11-02", end_date: "2026-11-02" })).body.data.total).toBe(4);
    expect((await changes({ start_date: "2026-11-01", end_date: "2026-11-01" })).body.data.total).toBe(2);
    expect((await changes({ start_date: "2026-11-03" })).body.data.total).toBe(2);
    expect((await changes({ kind: "nothing" })).body).toMatchObject({ key: "BAD_REQUEST", data: { field: "kind" } });
  });

  it("an entry at 23:59 Shanghai time belongs to that day, one at 00:00 to the next", async () => {
    const fresh = await t.registerUser();
    const { postToLedger } = await import("../modules/wallet/ledger");
    const late = new Date("2026-11-04T15:59:00Z"); // 23:59 on 11-04 in Shanghai
    const ctxAt = (at: Date) => ({ ...t.ctx, now: () => at });
    await postToLedger(ctxAt(late), {
      userId: fresh.userId,
      operationKey: "late",
      refersTo: "x",
      movements: [{ wallet: "cash", kind: "adjustment", amountFen: 1 }],
    });
    await postToLedger(ctxAt(new Date("2026-11-04T16:00:00Z")), {
      userId: fresh.userId,
      operationKey: "midnight",
      refersTo: "x",
      movements: [{ wallet: "cash", kind: "adjustment", amountFen: 2 }],
    });
    const day = await changes({ start_date: "2026-11-04", end_date: "2026-11-04" }, fresh.token);
    expect(day.body.data.list.map((e: { Amount: string }) => e.Amount)).toEqual(["0.01"]);
    const next = await changes({ start_date: "2026-11-05", end_date: "2026-11-05" }, fresh.token);
    expect(next.body.data.list.map((e: { Amount: string }) => e.Amount)).toEqual(["0.02"]);
  });
});

describe("/get_wallet_balance_change_export", () => {
  it("answers every matching entry, newest first, within its bound", async () => {
    const reply = await t.post("/get_wallet_balance_change_export", { session: main.token, wallet: "cash" });
    expect(reply.body.data).toMatchObject({ too_many: false, limit: 10_000 });
    expect(reply.body.data.list.map((e: { Amount: string }) => e.Amount)).toEqual([
      "-12.34",
      "10.00",
      "-30.00",
      "50.50",
      "100.00",
    ]);
  });

  it("beyond its bound says so and lists none; a narrower filter exports", async () => {
    const caller = await resolveSession(t.ctx, { origin: { ip: null } }, { token: main.token });
    const filter = { kind: null, wallet: null, range: { from: null, until: null } };
    expect(await exportBalanceChanges(t.ctx, caller, { ...filter, limit: HISTORY.entries - 1 })).toEqual({
      entries: [],
      tooMany: true,
    });
    const exact = await exportBalanceChanges(t.ctx, caller, { ...filter, limit: HISTORY.entries });
    expect(exact.tooMany).toBe(false);
    expect(exact.entries).toHaveLength(HISTORY.entries);
    const narrower = await exportBalanceChanges(t.ctx, caller, { ...filter, kind: "top_up", limit: 2 });
    expect(narrower.entries.map((e) => e.amountFen)).toEqual([50_50, 100_00]);
  });
});

describe("/get_wallet_daily_spending", () => {
  it("lists every day of the range with purchases from cash and from vouchers", async () => {
    const reply = await t.post("/get_wallet_daily_spending", {
      session: main.token,
      start_date: "2026-10-31",
      end_date: "2026-11-04",
    });
    expect(reply.body.data.days).toEqual([
      { Date: "2026-10-31", Cash: "0.00", Voucher: "0.00" },
      { Date: "2026-11-01", Cash: "0.00", Voucher: "0.00" },
      { Date: "2026-11-02", Cash: "30.00", Voucher: "0.00" },
      { Date: "2026-11-03", Cash: "12.34", Voucher: "5.00" },
      { Date: "2026-11-04", Cash: "0.00", Voucher: "0.00" },
    ]);
    const missing = await t.post("/get_wallet_daily_spending", { session: main.token, start_date: "2026-11-01" });
    expect(missing.body).toMatchObject({ status: 1, key: "BAD_REQUEST" });
  });
});

describe("main accounts only", () => {
  it("a sub-account is refused every finance call, and sees none of the main account's figures", async () => {
    const calls = ["/get_order", "/get_wallet_balance_change_list", "/withdraw/get_refundable", "/withdraw/get_list"];
    for (const path of calls) {
      const reply = await t.post(path, { session: subToken });
      expect(reply.body, path).toMatchObject({ status: 1, key: "PERMISSION_DENIED" });
    }
    const spending = await t.post("/get_wallet_daily_spending", {
      session: subToken,
      start_date: "2026-11-01",
      end_date: "2026-11-03",
    });
    expect(spending.body.key).toBe("PERMISSION_DENIED");
    const withdraw = await t.post("/withdraw/create", {
      session: subToken,
      amount: "1",
      destination: "招商银行 6225",
      idempotency_key: "sub-account-key-0001",
    });
    expect(withdraw.body.key).toBe("PERMISSION_DENIED");
    expect(await ledgerSums(t.ctx, main.userId)).toEqual({
      cash: HISTORY.cashFen,
      voucher: HISTORY.voucherFen,
      credit: HISTORY.creditFen,
    });
  });

  it("without a session: status 2", async () => {
    expect((await t.post("/get_order")).body.status).toBe(2);
    expect((await t.post("/get_wallet_balance_change_list", { session: "nope" })).body.status).toBe(2);
  });
});
