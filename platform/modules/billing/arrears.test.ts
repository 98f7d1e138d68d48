/**
 * Running out of money (arrears.ts, jobs/billing.ts): the stop for arrears
 * (vouchers do not keep an instance running), its one notice, and the
 * low-balance notice once per episode. PGlite and PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { instanceSettlements } from "../../db/market-schema";
import { hourBoundary, runBilling } from "../../jobs/billing";
import { HOUR, MINUTE, startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import {
  accountOf,
  insertInstance,
  insertInstances,
  instanceById,
  newAccount,
  notificationsOf,
} from "../../../tests/support/billing-instances";
import { ARREARS_TITLE, LOW_BALANCE_TITLE } from "./arrears";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-11-21T10:00:00.000Z") });
});
afterAll(() => t.close());

describe("the stop for arrears", () => {
  it("stops a user's running hourly instances, settled to now, once cash + credit cannot pay the next hour", async () => {
    const userId = await newAccount(t.db);
    // ¥2.00/h; cash ¥3.50 + credit ¥1.00: after 11:00 ¥2.50 can pay an hour; after 12:00 ¥0.50 cannot.
    await t.setWallets(userId, { cashFen: 3_50, creditFen: 1_00 });
    const start = t.clock.now();
    const [a, b] = await insertInstances(
      t.db,
      [
        { userId, unitPriceFen: 200 },
        { userId, unitPriceFen: 200, state: "stopped", billedUntil: null },
      ],
      start,
    );
    t.clock.advance(HOUR + MINUTE);
    let run = await runBilling(t.ctx);
    expect(run.stoppedForArrears).toEqual([]);
    expect(run.settled.instanceIds).toContain(a!.id);

    t.clock.advance(HOUR);
    run = await runBilling(t.ctx);
    expect(run.stoppedForArrears).toEqual([a!.id]);
    const stopped = await instanceById(t.db, a!.id);
    expect(stopped).toMatchObject({ state: "stopping", stopReason: "arrears" });
    expect(stopped.transitionAt).toEqual(new Date(t.clock.now().getTime() + 3_000));
    expect(stopped.releaseAt).toEqual(new Date(t.clock.now().getTime() + 15 * 24 * HOUR));
    expect(stopped.billedUntil).toEqual(t.clock.now());
    expect((await instanceById(t.db, b!.id)).state).toBe("stopped");
    // Settled to the stop: 2 h and 1 min of ¥2.00/h (the last minute at the stop, into the credit).
    const settlements = await t.db.select().from(instanceSettlements).where(eq(instanceSettlements.instanceId, a!.id));
    expect(settlements.map((s) => s.amountFen)).toEqual([200, 200, 3]);
    expect((await accountOf(t.db, userId)).moneyFen).toBe(3_50 - 403);

    const notes = await notificationsOf(t.db, userId);
    expect(notes.filter((n) => n.title === ARREARS_TITLE)).toHaveLength(1);
    t.clock.advance(MINUTE);
    await runBilling(t.ctx);
    expect((await notificationsOf(t.db, userId)).filter((n) => n.title === ARREARS_TITLE)).toHaveLength(1);
  });

  it("vouchers pay settlements first but never keep an instance running without cash", async () => {
    const userId = await newAccount(t.db);
    await t.setWallets(userId, { cashFen: 1_50, voucherFen: 10_00 });
    const inst = await insertInstance(
      t.db,
      { userId, unitPriceFen: 100, billedUntil: hourBoundary(t.clock.now()) },
      t.clock.now(),
    );
    t.clock.advance(HOUR);
    let run = await runBilling(t.ctx);
    expect(run.stoppedForArrears).toEqual([]);
    expect(await accountOf(t.db, userId)).toMatchObject({ powerMoneyFen: 9_00, moneyFen: 1_50 });
    // Cash falls below one hour only by the user's own spending; here, by setting it.
    await t.setWallets(userId, { cashFen: 50 });
    t.clock.advance(MINUTE);
    run = await runBilling(t.ctx);
    expect(run.stoppedForArrears).toEqual([inst.id]);
    // The last minutes were paid by vouchers; the cash stays.
    const account = await accountOf(t.db, userId);
    expect(account.moneyFen).toBe(50);
    expect(account.powerMoneyFen).toBeLessThan(9_00);
    expect(account.powerMoneyFen).toBeGreaterThan(8_00);
  });

  it("a user who can pay keeps running, and a top-up ends the low-balance episode", async () => {
    const userId = await newAccount(t.db);
    await t.setWallets(userId, { cashFen: 10_00 });
    await insertInstance(t.db, { userId, unitPriceFen: 300 }, t.clock.now());
    t.clock.advance(MINUTE);
    let run = await runBilling(t.ctx);
    expect(run.stoppedForArrears).toEqual([]);
    expect(run.lowBalanceNotified).not.toContain(userId);

    await t.setWallets(userId, { cashFen: 5_00 });
    t.clock.advance(MINUTE);
    run = await runBilling(t.ctx);
    expect(run.lowBalanceNotified).toContain(userId);
    t.clock.advance(MINUTE);
    run = await runBilling(t.ctx);
    expect(run.lowBalanceNotified).not.toContain(userId);
    const lows = () => notificationsOf(t.db, userId).then((n) => n.filter((x) => x.title === LOW_BALANCE_TITLE));
    expect(await lows()).toHaveLength(1);
    expect((await lows())[0]!.original).toContain("¥5.00");

    await t.setWallets(userId, { cashFen: 20_00 });
    t.clock.advance(MINUTE);
    await runBilling(t.ctx);
    await t.setWallets(userId, { cashFen: 4_00 });
    t.clock.advance(MINUTE);
    run = await runBilling(t.ctx);
    expect(run.lowBalanceNotified).toContain(userId);
    expect(await lows()).toHaveLength(2);
  });
});
