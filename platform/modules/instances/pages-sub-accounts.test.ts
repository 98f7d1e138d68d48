/**
 * A main account's sub-accounts' instances (issue 36 §2): grouped by
 * sub-account (every one, those without instances too), only theirs (not the
 * main account's own, not another account's), released ones left out, and the
 * month's cost from the ledger counted from the first instant of the month in
 * Asia/Shanghai. A sub-account is refused (NOT_FOUND). The actions the page
 * offers are the existing ones: a main account stops its sub-account's
 * instance, a sub-account cannot stop its sibling's.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import {
  daily,
  hourly,
  mainAccount,
  opKey,
  subAccount,
  testOffer,
  type TestAccount,
  type TestOffer,
} from "../../../tests/support/instances";
import { HOUR, startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { settleUsage } from "../billing/settle";
import { releaseInstance, stopInstance } from "./actions";
import { createInstance } from "./create";
import { listSubAccountInstances, shanghaiMonthStart } from "./pages-sub-accounts";
import { advanceTransitions } from "./transitions";

let t: TestPlatform;
// 23:30 on 31 May in Asia/Shanghai: an hour later it is June there.
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-05-31T15:30:00Z") });
});
afterAll(() => t.close());
afterEach(async () => expect(await t.unbalancedAccounts()).toEqual([]));

async function rent(who: TestAccount, choice: ReturnType<typeof hourly>) {
  const created = await createInstance(t.ctx, who.caller, { ...choice, operationKey: opKey() });
  return created;
}

async function running() {
  t.clock.advance(5_000);
  await advanceTransitions(t.ctx);
}

describe("shanghaiMonthStart", () => {
  it("is midnight of the 1st in Asia/Shanghai (16:00 UTC the day before)", () => {
    expect(shanghaiMonthStart(new Date("2026-05-31T15:59:59Z")).toISOString()).toBe("2026-04-30T16:00:00.000Z");
    expect(shanghaiMonthStart(new Date("2026-05-31T16:00:00Z")).toISOString()).toBe("2026-05-31T16:00:00.000Z");
    expect(shanghaiMonthStart(new Date("2026-01-01T03:00:00Z")).toISOString()).toBe("2025-12-31T16:00:00.000Z");
  });
});

describe("listSubAccountInstances", () => {
  let offer: TestOffer;
  let main: TestAccount;
  let labA: TestAccount;
  let labB: TestAccount;
  let other: TestAccount;
  let otherSub: TestAccount;

  beforeAll(async () => {
    offer = await testOffer(t, { hosts: [8, 8] });
    main = await mainAccount(t, { cashFen: 5_000_00 });
    labA = await subAccount(t, main, 1_000_00);
    labB = await subAccount(t, main, 1_000_00);
    other = await mainAccount(t, { cashFen: 1_000_00 });
    otherSub = await subAccount(t, other, 1_000_00);
  });

  it("groups its sub-accounts' instances with the month's cost; nothing of the main account's or anyone else's", async () => {
    // In May (Shanghai): a day package of lab A, not this month's once June begins.
    const may = await rent(labA, daily(offer, 1, { couponId: 0 }));
    await rent(main, hourly(offer));
    await rent(otherSub, hourly(offer));
    await running();
    t.clock.advance(Date.parse("2026-05-31T16:30:00Z") - t.clock.now().getTime()); // 00:30 on 1 June in Shanghai
    const june = await rent(labA, daily(offer, 1, { couponId: 0 }));
    const hourlyA = await rent(labA, hourly(offer));
    const released = await rent(labA, hourly(offer));
    await running();
    // An hour of the hourly one is settled (charged), and one is released.
    t.clock.advance(HOUR);
    await settleUsage(t.db, { upTo: t.clock.now(), instanceIds: [hourlyA.instance.id, released.instance.id] });
    await releaseInstance(t.ctx, labA.caller, { uuid: released.instance.uuid, confirmName: released.instance.name });
    await running();

    const { monthStart, groups } = await listSubAccountInstances(t.ctx, main.caller);
    expect(monthStart.toISOString()).toBe("2026-05-31T16:00:00.000Z");
    expect(groups.map((g) => g.subAccountId)).toEqual([labA.subAccountId, labB.subAccountId]);
    const [a, b] = groups;
    expect(a!.instances.map((i) => i.uuid)).toEqual([hourlyA.instance.uuid, june.instance.uuid, may.instance.uuid]);
    expect(b!.instances).toEqual([]);
    expect(b!.monthCostFen).toBe(0);
    // June: the day package and both hourly settlements (the released one's hour included), not May's package.
    const settledHour = hourlyA.instance.hourlyPriceFen;
    expect(settledHour).toBeGreaterThan(0);
    expect(a!.monthCostFen).toBe(june.price.amountFen + 2 * settledHour);
    expect(may.price.amountFen).toBeGreaterThan(0);

    // The other main account sees only its own sub-account's.
    const theirs = await listSubAccountInstances(t.ctx, other.caller);
    expect(theirs.groups.map((g) => [g.subAccountId, g.instances.length])).toEqual([[otherSub.subAccountId, 1]]);
  });

  it("refuses a sub-account: the page is its main account's", async () => {
    expect(await outcomeOf(listSubAccountInstances(t.ctx, labA.caller))).toBe("NOT_FOUND");
  });

  it("the page's stop: the main account stops a sub-account's instance, a sibling cannot", async () => {
    const created = await rent(labB, hourly(offer));
    await running();
    expect(await outcomeOf(stopInstance(t.ctx, labA.caller, { uuid: created.instance.uuid }))).toBe(
      "INSTANCE_NOT_FOUND",
    );
    expect(await outcomeOf(stopInstance(t.ctx, other.caller, { uuid: created.instance.uuid }))).toBe(
      "INSTANCE_NOT_FOUND",
    );
    const stopped = await stopInstance(t.ctx, main.caller, { uuid: created.instance.uuid });
    expect(stopped.state).toBe("stopping");
    const [, b] = (await listSubAccountInstances(t.ctx, main.caller)).groups;
    expect(b!.instances.map((i) => [i.uuid, i.state])).toEqual([[created.instance.uuid, "stopping"]]);
  });
});
