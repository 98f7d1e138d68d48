/**
 * A sub-account's limit and monthly budget on the one purchase path (issue 38 §3 and §5, decision 107): 50
 * concurrent spends, exactly floor(limit or budget / price) pass, the used amount and the month's spending never
 * pass them, the 80 % and 100 % messages go out once, the budget starts again next month (Asia/Shanghai), and a
 * sub-account that may not rent rents nothing. On PostgreSQL (scripts/with-postgres.sh) the spends really race.
 */
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { messages, subAccounts } from "../../db/schema";
import { subAccountMonthSpending } from "../../db/sub-account-budget-schema";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { daily, hourly, mainAccount, opKey, subAccount, testOffer } from "../../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { beijingMonth } from "../../rules/sub-account-budget";
import { instances } from "../../db/market-schema";
import { createInstance } from "../instances/create";
import { advanceTransitions } from "../instances/transitions";
import { spendForPurchase, type PurchaseInput } from "../wallet/spend";
import { updateSubAccountBudget, updateSubAccountPermissions } from "./manage";
import { stopInstancesAtBudget } from "./stop-at-budget";

let t: TestPlatform;
beforeAll(async () => {
  // 2026-11-30 23:00 in Beijing: an hour before the month turns.
  t = await startTestPlatform({ start: new Date("2026-11-30T15:00:00Z") });
});
afterAll(() => t.close());
afterEach(async () => expect(await t.unbalancedAccounts()).toEqual([]));

let n = 0;
const spend = (priceFen: number): PurchaseInput => {
  const operationKey = `budget-${Date.now()}-${++n}`;
  return {
    operationKey,
    kind: "rental",
    refersTo: `instance:${operationKey}`,
    priceFen,
    allowVouchers: true,
    allowCredit: false,
  };
};

async function usedOf(subAccountId: number) {
  const [row] = await t.db.select().from(subAccounts).where(eq(subAccounts.id, subAccountId));
  return row!.moneyUsedFen;
}

async function monthOf(subAccountId: number, month = beijingMonth(t.clock.now())) {
  const [row] = await t.db
    .select()
    .from(subAccountMonthSpending)
    .where(and(eq(subAccountMonthSpending.subAccountId, subAccountId), eq(subAccountMonthSpending.month, month)));
  return row;
}

const messagesOf = (userId: number, subAccountId: number | null) =>
  t.db
    .select({ message: messages.message })
    .from(messages)
    .where(
      and(
        eq(messages.userId, userId),
        subAccountId === null ? isNull(messages.subAccountId) : eq(messages.subAccountId, subAccountId),
      ),
    );

describe("a sub-account's spending", () => {
  it("passes its limit for exactly floor(limit / price) of 50 concurrent spends", async () => {
    const main = await mainAccount(t, { cashFen: 10_000_00 });
    const sub = await subAccount(t, main, 123_45);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => outcomeOf(spendForPurchase(t.ctx, sub.caller, spend(10_00)))),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(12);
    expect(results.filter((r) => r === "SUB_ACCOUNT_LIMIT_REACHED")).toHaveLength(38);
    expect(await usedOf(sub.subAccountId!)).toBe(120_00);
    expect((await monthOf(sub.subAccountId!))!.spentFen).toBe(120_00);
  });

  it("passes its monthly budget for exactly floor(budget / price) of 50 concurrent spends, and tells both once", async () => {
    const main = await mainAccount(t, { cashFen: 10_000_00 });
    const sub = await subAccount(t, main, 1_000_00);
    await updateSubAccountBudget(t.ctx, main.caller, {
      id: sub.subAccountId!,
      monthlyBudgetFen: 100_00,
      stopAtBudget: false,
    });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => outcomeOf(spendForPurchase(t.ctx, sub.caller, spend(7_00)))),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(14);
    expect(results.filter((r) => r === "SUB_ACCOUNT_BUDGET_REACHED")).toHaveLength(36);
    // A refused spend took nothing: the limit's used amount is what the budget let through.
    expect(await usedOf(sub.subAccountId!)).toBe(98_00);
    const month = await monthOf(sub.subAccountId!);
    expect(month!.spentFen).toBe(98_00);
    expect(month!.warnedAt).not.toBeNull();
    expect(month!.reachedAt).toBeNull();
    const warned = [expect.stringContaining("本月花费已达预算的 80%")];
    expect((await messagesOf(main.userId, null)).map((m) => m.message)).toEqual(warned);
    expect((await messagesOf(main.userId, sub.subAccountId)).map((m) => m.message)).toEqual(warned);

    // 2 yuan left: exactly that reaches 100 %, once; then nothing passes.
    expect(await outcomeOf(spendForPurchase(t.ctx, sub.caller, spend(2_00)))).toBe("ok");
    expect(await outcomeOf(spendForPurchase(t.ctx, sub.caller, spend(1)))).toBe("SUB_ACCOUNT_BUDGET_REACHED");
    expect((await monthOf(sub.subAccountId!))!.reachedAt).not.toBeNull();
    const main2 = (await messagesOf(main.userId, null)).map((m) => m.message);
    expect(main2).toHaveLength(2);
    expect(main2[1]).toContain("本月预算已用完（本月已花费 ¥100.00，预算 ¥100.00）");
  });

  it("starts the budget again in the next Beijing month", async () => {
    const main = await mainAccount(t, { cashFen: 10_000_00 });
    const sub = await subAccount(t, main, 1_000_00);
    await updateSubAccountBudget(t.ctx, main.caller, {
      id: sub.subAccountId!,
      monthlyBudgetFen: 10_00,
      stopAtBudget: false,
    });
    const november = beijingMonth(t.clock.now());
    expect(await outcomeOf(spendForPurchase(t.ctx, sub.caller, spend(10_00)))).toBe("ok");
    expect(await outcomeOf(spendForPurchase(t.ctx, sub.caller, spend(10_00)))).toBe("SUB_ACCOUNT_BUDGET_REACHED");
    t.clock.advance(60 * 60 * 1000);
    expect(beijingMonth(t.clock.now())).not.toBe(november);
    expect(await outcomeOf(spendForPurchase(t.ctx, sub.caller, spend(10_00)))).toBe("ok");
    expect((await monthOf(sub.subAccountId!, november))!.spentFen).toBe(10_00);
    expect((await monthOf(sub.subAccountId!))!.spentFen).toBe(10_00);
    expect(await usedOf(sub.subAccountId!)).toBe(20_00);
  });
});

describe("renting as a sub-account", () => {
  it("is refused when the main account turned renting off, and when the budget cannot pay an hour", async () => {
    const offer = await testOffer(t, { hosts: [8] });
    const main = await mainAccount(t, { cashFen: 10_000_00 });
    const sub = await subAccount(t, main, 5_000_00);
    await updateSubAccountPermissions(t.ctx, main.caller, {
      id: sub.subAccountId!,
      mayRent: false,
      seesMainNotifications: false,
    });
    expect(await outcomeOf(createInstance(t.ctx, sub.caller, { ...daily(offer, 1), operationKey: opKey() }))).toBe(
      "SUB_ACCOUNT_MAY_NOT_RENT",
    );
    expect(await usedOf(sub.subAccountId!)).toBe(0);

    await updateSubAccountPermissions(t.ctx, main.caller, {
      id: sub.subAccountId!,
      mayRent: true,
      seesMainNotifications: false,
    });
    await updateSubAccountBudget(t.ctx, main.caller, {
      id: sub.subAccountId!,
      monthlyBudgetFen: 1,
      stopAtBudget: false,
    });
    expect(await outcomeOf(createInstance(t.ctx, sub.caller, { ...daily(offer, 1), operationKey: opKey() }))).toBe(
      "SUB_ACCOUNT_BUDGET_REACHED",
    );
    expect(await outcomeOf(createInstance(t.ctx, sub.caller, { ...hourly(offer), operationKey: opKey() }))).toBe(
      "SUB_ACCOUNT_BUDGET_REACHED",
    );
    expect(await usedOf(sub.subAccountId!)).toBe(0);

    await updateSubAccountBudget(t.ctx, main.caller, {
      id: sub.subAccountId!,
      monthlyBudgetFen: null,
      stopAtBudget: false,
    });
    expect(await outcomeOf(createInstance(t.ctx, sub.caller, { ...hourly(offer), operationKey: opKey() }))).toBe("ok");
  });
});

describe("stop at budget", () => {
  it("stops the running instances of a sub-account at its budget once, only when the main account chose it", async () => {
    const offer = await testOffer(t, { hosts: [8] });
    const main = await mainAccount(t, { cashFen: 10_000_00 });
    const [stopping, keeping] = [await subAccount(t, main, 5_000_00), await subAccount(t, main, 5_000_00)];
    const rent = async (sub: typeof stopping) =>
      (await createInstance(t.ctx, sub.caller, { ...daily(offer, 1), operationKey: opKey() })).instance;
    const [a, b] = [await rent(stopping), await rent(keeping)];
    t.clock.advance(10 * 60 * 1000);
    await advanceTransitions(t.ctx);
    const stateOf = async (uuid: string) =>
      (await t.db.select({ state: instances.state }).from(instances).where(eq(instances.uuid, uuid)))[0]!.state;
    expect([await stateOf(a.uuid), await stateOf(b.uuid)]).toEqual(["running", "running"]);

    const spent = (await monthOf(stopping.subAccountId!))!.spentFen;
    await updateSubAccountBudget(t.ctx, main.caller, {
      id: stopping.subAccountId!,
      monthlyBudgetFen: spent,
      stopAtBudget: true,
    });
    await updateSubAccountBudget(t.ctx, main.caller, {
      id: keeping.subAccountId!,
      monthlyBudgetFen: spent,
      stopAtBudget: false,
    });
    const first = await stopInstancesAtBudget(t.ctx);
    expect(first.stopped).toEqual([a.uuid]);
    expect([await stateOf(a.uuid), await stateOf(b.uuid)]).toEqual(["stopping", "running"]);
    expect((await monthOf(stopping.subAccountId!))!.stoppedAt).not.toBeNull();
    expect((await messagesOf(main.userId, stopping.subAccountId)).map((m) => m.message)).toContainEqual(
      expect.stringContaining("已关闭其运行中的实例（1 台）"),
    );
    expect((await stopInstancesAtBudget(t.ctx)).stopped).toEqual([]);
  });
});
