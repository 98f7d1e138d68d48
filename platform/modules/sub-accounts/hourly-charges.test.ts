/**
 * A sub-account's hourly instances (issue 38 §3, decision 107): the billing job's hours count against the
 * sub-account's limit and its month; the limit stops its hourly instances an hour early (as arrears do for a main
 * account) and tells both accounts once; hours that carry the month past its budget send the 100 % message once.
 */
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { instanceSettlements, instances } from "../../db/market-schema";
import { messages, subAccounts } from "../../db/schema";
import { subAccountMonthSpending } from "../../db/sub-account-budget-schema";
import { hourly, mainAccount, opKey, subAccount, testOffer, type TestAccount } from "../../../tests/support/instances";
import { HOUR, MINUTE, startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { runBilling } from "../../jobs/billing";
import { runSubAccountBudgetStops } from "../../jobs/sub-account-budget-stops";
import { beijingMonth } from "../../rules/sub-account-budget";
import { createInstance } from "../instances/create";
import { advanceTransitions } from "../instances/transitions";
import { updateSubAccountBudget, updateSubAccountLimit } from "./manage";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-11-10T02:00:00Z") });
});
afterAll(() => t.close());
afterEach(async () => expect(await t.unbalancedAccounts()).toEqual([]));

/** A sub-account of a well-funded main account, with one running hourly instance. */
async function rentingSubAccount(): Promise<{ main: TestAccount; sub: TestAccount; uuid: string }> {
  const offer = await testOffer(t, { hosts: [8] });
  const main = await mainAccount(t, { cashFen: 10_000_00 });
  const sub = await subAccount(t, main, 5_000_00);
  const { instance } = await createInstance(t.ctx, sub.caller, { ...hourly(offer), operationKey: opKey() });
  t.clock.advance(MINUTE);
  await advanceTransitions(t.ctx);
  return { main, sub, uuid: instance.uuid };
}

const usedOf = async (id: number) =>
  (await t.db.select().from(subAccounts).where(eq(subAccounts.id, id)))[0]!.moneyUsedFen;
const spentOf = async (id: number) =>
  (
    await t.db
      .select()
      .from(subAccountMonthSpending)
      .where(
        and(
          eq(subAccountMonthSpending.subAccountId, id),
          eq(subAccountMonthSpending.month, beijingMonth(t.clock.now())),
        ),
      )
  )[0]?.spentFen ?? 0;
const chargedFen = async (uuid: string) => {
  const [row] = await t.db.select({ id: instances.id }).from(instances).where(eq(instances.uuid, uuid));
  const rows = await t.db.select().from(instanceSettlements).where(eq(instanceSettlements.instanceId, row!.id));
  return rows.reduce((sum, r) => sum + r.amountFen, 0);
};
const stateOf = async (uuid: string) =>
  (await t.db.select({ state: instances.state }).from(instances).where(eq(instances.uuid, uuid)))[0]!.state;
const subMessages = async (main: TestAccount, sub: TestAccount) =>
  (
    await t.db
      .select({ message: messages.message })
      .from(messages)
      .where(and(eq(messages.userId, main.userId), eq(messages.subAccountId, sub.subAccountId!)))
  ).map((m) => m.message);
const mainMessages = async (main: TestAccount) =>
  (
    await t.db
      .select({ message: messages.message })
      .from(messages)
      .where(and(eq(messages.userId, main.userId), isNull(messages.subAccountId)))
  ).map((m) => m.message);

describe("a sub-account's hourly instances", () => {
  it("count their settled hours against the sub-account's limit and month", async () => {
    const { sub, uuid } = await rentingSubAccount();
    const [usedBefore, spentBefore] = [await usedOf(sub.subAccountId!), await spentOf(sub.subAccountId!)];
    t.clock.advance(2 * HOUR);
    await runBilling(t.ctx);
    const charged = await chargedFen(uuid);
    expect(charged).toBeGreaterThan(0);
    expect(await usedOf(sub.subAccountId!)).toBe(usedBefore + charged);
    expect(await spentOf(sub.subAccountId!)).toBe(spentBefore + charged);
    // Run again within the hour: nothing more is charged, nothing more counted.
    await runBilling(t.ctx);
    expect(await usedOf(sub.subAccountId!)).toBe(usedBefore + charged);
  });

  it("are stopped once the limit cannot pay the next hour, and both accounts are told once", async () => {
    const { main, sub, uuid } = await rentingSubAccount();
    t.clock.advance(HOUR);
    await runBilling(t.ctx);
    const hourFen = await chargedFen(uuid);
    expect(hourFen).toBeGreaterThan(0);
    await runSubAccountBudgetStops(t.ctx);
    expect(await stateOf(uuid)).toBe("running");

    // The main account lowers the limit to what is used plus less than an hour.
    const used = await usedOf(sub.subAccountId!);
    await updateSubAccountLimit(t.ctx, main.caller, { id: sub.subAccountId!, moneyLimitFen: used + hourFen - 1 });
    const run = await runSubAccountBudgetStops(t.ctx);
    expect(run.atLimit.stopped).toEqual([uuid]);
    expect(await stateOf(uuid)).toBe("stopping");
    const told = (await subMessages(main, sub)).filter((m) => m.includes("剩余额度"));
    expect(told).toHaveLength(1);
    expect((await mainMessages(main)).filter((m) => m.includes("剩余额度"))).toHaveLength(1);
    // The stop settled the minutes since the hour within the limit.
    expect(await usedOf(sub.subAccountId!)).toBeLessThanOrEqual(used + hourFen - 1);

    expect((await runSubAccountBudgetStops(t.ctx)).atLimit.stopped).toEqual([]);
    expect((await subMessages(main, sub)).filter((m) => m.includes("剩余额度"))).toHaveLength(1);
  });

  it("send the 100 % message once when their hours carry the month past its budget", async () => {
    const { main, sub, uuid } = await rentingSubAccount();
    await updateSubAccountBudget(t.ctx, main.caller, {
      id: sub.subAccountId!,
      monthlyBudgetFen: (await spentOf(sub.subAccountId!)) + 1,
      stopAtBudget: false,
    });
    t.clock.advance(HOUR);
    await runBilling(t.ctx);
    expect(await chargedFen(uuid)).toBeGreaterThan(1);
    const first = await runSubAccountBudgetStops(t.ctx);
    expect(first.noticed).toBe(1);
    expect((await subMessages(main, sub)).filter((m) => m.includes("本月预算已用完"))).toHaveLength(1);
    expect((await mainMessages(main)).filter((m) => m.includes("本月预算已用完"))).toHaveLength(1);
    // Running instances keep running without "stop at budget".
    expect(await stateOf(uuid)).toBe("running");
    expect((await runSubAccountBudgetStops(t.ctx)).noticed).toBe(0);
    expect((await subMessages(main, sub)).filter((m) => m.includes("本月预算已用完"))).toHaveLength(1);
  });
});
