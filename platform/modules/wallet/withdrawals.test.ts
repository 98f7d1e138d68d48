/**
 * Withdrawals (issue 10 §5): refundable cash, the hold, approval, rejection
 * releasing once, idempotent requests under concurrency, one winner between a
 * concurrent approve and reject, and another account's ids. After every test
 * each account's balances equal its ledger sums. Runs on PGlite and on
 * PostgreSQL (scripts/with-postgres.sh), where the concurrent calls really race.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, users } from "../../db/schema";
import { withdrawals } from "../../db/wallet-schema";
import { HISTORY, writeHistory } from "../../../tests/support/finance-history";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { resolveSession } from "../accounts/sessions";
import type { Caller } from "../context";
import { DomainError } from "../errors";
import { postToLedger } from "./ledger";
import { approveWithdrawal, getWithdrawal, refundableCash, rejectWithdrawal, requestWithdrawal } from "./withdrawals";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-11-01T02:00:00Z") });
});
afterAll(() => t.close());

/** After every test, every account's balances equal the sums of its ledger entries (not only at close). */
afterEach(async () => expect(await t.unbalancedAccounts()).toEqual([]));

let keys = 0;
const key = () => `test-key-${Date.now()}-${++keys}`.padEnd(16, "0");

async function accountWithHistory(): Promise<{ caller: Caller; userId: number; token: string }> {
  const user = await t.registerUser();
  await writeHistory(t, user.userId, `w${user.userId}`);
  const caller = await resolveSession(t.ctx, { origin: { ip: null } }, { token: user.token });
  return { caller, userId: user.userId, token: user.token };
}

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error.key;
    throw error;
  }
  return "done";
};

const cashOf = async (userId: number) =>
  (await t.db.select({ cash: users.moneyFen }).from(users).where(eq(users.id, userId)))[0]!.cash;

const ask = (caller: Caller, amountFen: number, idempotencyKey = key()) =>
  requestWithdrawal(t.ctx, caller, { amountFen, destination: "招商银行 6225 8888 0000 1234 张三", idempotencyKey });

describe("refundable cash", () => {
  it("is what was topped up by payment and not yet spent, never coupons, vouchers or credit", async () => {
    const { userId } = await accountWithHistory();
    const unspent = HISTORY.toppedUpFen - HISTORY.cashSpentFen; // 108.16; the 10 of the coupon is not refundable
    expect(await refundableCash(t.ctx, userId)).toEqual({
      refundableFen: unspent,
      cashFen: HISTORY.cashFen,
      pendingFen: 0,
    });
    // Spending more than the coupon's 10 eats into the top-ups; the cash balance caps it.
    await postToLedger(t.ctx, {
      userId,
      operationKey: "spend-100",
      refersTo: "instance:3",
      movements: [{ wallet: "cash", kind: "purchase", amountFen: -100_00 }],
    });
    expect((await refundableCash(t.ctx, userId)).refundableFen).toBe(unspent - 100_00);
    // Cash in arrears (paid with credit): nothing is refundable.
    await postToLedger(t.ctx, {
      userId,
      operationKey: "spend-on-credit",
      refersTo: "instance:4",
      movements: [{ wallet: "cash", kind: "purchase", amountFen: -(HISTORY.cashFen - 100_00) - 50_00 }],
    });
    expect((await refundableCash(t.ctx, userId)).refundableFen).toBe(0);
  });
});

describe("asking, approving, rejecting", () => {
  it("asking holds the amount at once; approval keeps it out and moves nothing", async () => {
    const { caller, userId } = await accountWithHistory();
    const asked = await ask(caller, 50_00);
    expect(asked).toMatchObject({ status: "pending", amountFen: 50_00 });
    expect(await cashOf(userId)).toBe(HISTORY.cashFen - 50_00);
    expect(await refundableCash(t.ctx, userId)).toMatchObject({
      refundableFen: HISTORY.toppedUpFen - HISTORY.cashSpentFen - 50_00,
      pendingFen: 50_00,
    });
    const hold = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.refersTo, `withdrawal:${asked.id}`));
    expect(hold).toMatchObject([{ wallet: "cash", kind: "withdrawal", amountFen: -50_00 }]);

    const entriesBefore = (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId))).length;
    const approved = await approveWithdrawal(t.ctx, { id: asked.id, actor: "ops:alice" });
    expect(approved.before.status).toBe("pending");
    expect(approved.after).toMatchObject({ status: "approved", decidedBy: "ops:alice" });
    expect(approved.after.decidedAt).toBeInstanceOf(Date);
    expect(await cashOf(userId)).toBe(HISTORY.cashFen - 50_00);
    expect((await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId))).length).toBe(
      entriesBefore,
    );
    // Decided once: neither approve nor reject again.
    expect(await refusal(approveWithdrawal(t.ctx, { id: asked.id, actor: "ops:bob" }))).toBe("WITHDRAWAL_DECIDED");
    expect(await refusal(rejectWithdrawal(t.ctx, { id: asked.id, actor: "ops:bob", reason: "重复" }))).toBe(
      "WITHDRAWAL_DECIDED",
    );
    expect(await cashOf(userId)).toBe(HISTORY.cashFen - 50_00);
  });

  it("rejection posts the amount back once, with the reason", async () => {
    const { caller, userId } = await accountWithHistory();
    const asked = await ask(caller, 20_00);
    const rejected = await rejectWithdrawal(t.ctx, { id: asked.id, actor: "ops:alice", reason: "收款账户户名不符" });
    expect(rejected.after).toMatchObject({ status: "rejected", reason: "收款账户户名不符" });
    expect(await cashOf(userId)).toBe(HISTORY.cashFen);
    expect(await refusal(rejectWithdrawal(t.ctx, { id: asked.id, actor: "ops:alice", reason: "again" }))).toBe(
      "WITHDRAWAL_DECIDED",
    );
    const moves = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.refersTo, `withdrawal:${asked.id}`));
    expect(moves.map((e) => e.amountFen).sort((a, b) => a - b)).toEqual([-20_00, 20_00]);
    expect(await cashOf(userId)).toBe(HISTORY.cashFen);
    expect((await refundableCash(t.ctx, userId)).refundableFen).toBe(HISTORY.toppedUpFen - HISTORY.cashSpentFen);
  });

  it("cannot withdraw more than the refundable cash; nothing moves", async () => {
    const { caller, userId } = await accountWithHistory();
    const refundable = HISTORY.toppedUpFen - HISTORY.cashSpentFen;
    expect(await refusal(ask(caller, refundable + 1))).toBe("WITHDRAW_EXCEEDS_REFUNDABLE");
    // The cash balance (118.16) is more than the refundable (108.16): the coupon's 10 stays.
    expect(await refusal(ask(caller, HISTORY.cashFen))).toBe("WITHDRAW_EXCEEDS_REFUNDABLE");
    expect(await cashOf(userId)).toBe(HISTORY.cashFen);
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.userId, userId))).toHaveLength(0);
    await ask(caller, refundable);
    expect(await refusal(ask(caller, 1))).toBe("WITHDRAW_EXCEEDS_REFUNDABLE");
    expect(await cashOf(userId)).toBe(HISTORY.cashFen - refundable);
  });

  it("a rejection needs a reason", async () => {
    const { caller } = await accountWithHistory();
    const asked = await ask(caller, 1_00);
    expect(await refusal(rejectWithdrawal(t.ctx, { id: asked.id, actor: "ops:alice", reason: "  " }))).toBe(
      "BAD_REQUEST",
    );
    expect((await getWithdrawal(t.ctx, caller, { id: asked.id })).status).toBe("pending");
  });
});

describe("under concurrency", () => {
  it("20 identical requests at once (one idempotency key) hold once", async () => {
    const { caller, userId } = await accountWithHistory();
    const idempotencyKey = key();
    const results = await Promise.all(Array.from({ length: 20 }, () => ask(caller, 10_00, idempotencyKey)));
    expect(new Set(results.map((w) => w.id)).size).toBe(1);
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.userId, userId))).toHaveLength(1);
    expect(await cashOf(userId)).toBe(HISTORY.cashFen - 10_00);
    // The same key with another amount is a conflict, not a second hold.
    expect(await refusal(ask(caller, 11_00, idempotencyKey))).toBe("OPERATION_CONFLICT");
  });

  it("20 different requests at once never hold more than the refundable cash", async () => {
    const { caller, userId } = await accountWithHistory();
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => refusal(ask(caller, 10_00))));
    // 108.16 refundable: exactly ten requests of 10 pass.
    expect(outcomes.filter((o) => o === "done")).toHaveLength(10);
    expect(outcomes.filter((o) => o === "WITHDRAW_EXCEEDS_REFUNDABLE")).toHaveLength(10);
    expect(await cashOf(userId)).toBe(HISTORY.cashFen - 100_00);
  });

  it("a concurrent approve and reject of one withdrawal: exactly one wins", async () => {
    const { caller, userId } = await accountWithHistory();
    for (let round = 0; round < 5; round++) {
      const asked = await ask(caller, 1_00);
      const outcomes = await Promise.all([
        refusal(approveWithdrawal(t.ctx, { id: asked.id, actor: "ops:a" })),
        refusal(rejectWithdrawal(t.ctx, { id: asked.id, actor: "ops:b", reason: "驳回" })),
        refusal(rejectWithdrawal(t.ctx, { id: asked.id, actor: "ops:c", reason: "驳回" })),
      ]);
      expect(outcomes.filter((o) => o === "done")).toHaveLength(1);
      expect(outcomes.filter((o) => o === "WITHDRAWAL_DECIDED")).toHaveLength(2);
      const releases = await t.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.operationKey, `withdraw-release:${asked.id}`));
      const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, asked.id));
      expect(releases).toHaveLength(row!.status === "rejected" ? 1 : 0);
    }
    const decided = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, userId));
    const approvedFen = decided.filter((w) => w.status === "approved").length * 1_00;
    expect(await cashOf(userId)).toBe(HISTORY.cashFen - approvedFen);
  });
});

describe("another account's withdrawal", () => {
  it("is not found, over the wire too, and nothing changes", async () => {
    const owner = await accountWithHistory();
    const intruder = await accountWithHistory();
    const asked = await ask(owner.caller, 5_00);
    expect(await refusal(getWithdrawal(t.ctx, intruder.caller, { id: asked.id }))).toBe("NOT_FOUND");
    const detail = await t.post("/withdraw/get_detail", { session: intruder.token, id: asked.id });
    expect(detail.body).toMatchObject({ status: 1, key: "NOT_FOUND" });
    const own = await t.post("/withdraw/get_detail", { session: owner.token, id: asked.id });
    expect(own.body.data).toMatchObject({ Id: asked.id, Amount: "5.00", Status: "pending" });
    const list = await t.post("/withdraw/get_list", { session: intruder.token });
    expect(list.body.data).toMatchObject({ list: [], total: 0 });
    // An order number of the owner's filters nothing into the intruder's orders.
    const orders = await t.post("/get_order", { session: intruder.token, page_size: 50 });
    expect(orders.body.data.list.some((o: { OrderNo: string }) => o.OrderNo.startsWith(`w${owner.userId}-`))).toBe(
      false,
    );
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, asked.id));
    expect(row).toMatchObject({ status: "pending", amountFen: 5_00 });
    expect(await cashOf(intruder.userId)).toBe(HISTORY.cashFen);
  });
});

describe("over the wire", () => {
  it("/withdraw/create validates the amount with the spec's rule and answers the withdrawal", async () => {
    const { token, userId } = await accountWithHistory();
    const bad = await t.post("/withdraw/create", {
      session: token,
      amount: "12.345",
      destination: "工商银行 6222",
      idempotency_key: key(),
    });
    expect(bad.body).toMatchObject({ status: 1, reason: "输入金额不合法", data: { field: "amount" } });
    const good = await t.post("/withdraw/create", {
      session: token,
      amount: "1,000",
      destination: "工商银行 6222",
      idempotency_key: key(),
    });
    expect(good.body).toMatchObject({ status: 1, key: "WITHDRAW_EXCEEDS_REFUNDABLE", data: { field: "amount" } });
    const small = await t.post("/withdraw/create", {
      session: token,
      amount: "8.16",
      destination: "工商银行 6222",
      idempotency_key: key(),
    });
    expect(small.body.data).toMatchObject({ Amount: "8.16", Status: "pending", Destination: "工商银行 6222" });
    const refundable = await t.post("/withdraw/get_refundable", { session: token });
    expect(refundable.body.data).toEqual({ Refundable: "100.00", Money: "110.00", Pending: "8.16" });
    expect(await cashOf(userId)).toBe(HISTORY.cashFen - 8_16);
  });
});
