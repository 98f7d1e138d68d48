/**
 * Scheduled shutdown (decision 087) with the test's clock: it fires once at
 * its minute, through the stop path (hourly usage settled up to then); a stop
 * (by the user, for arrears) or a release before it cancels it, so it never
 * fires after the next start; changing, cancelling and the refusals; two
 * runners fire it once (on PostgreSQL they really race).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { instanceEvents } from "../../db/timeline-schema";
import { instanceSettlements, instances } from "../../db/market-schema";
import { scheduledShutdowns } from "../../db/schedule-schema";
import { parseShutdownMinute } from "../../rules/scheduled-shutdown";
import { usageChargeFen } from "../../rules/rental-price";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { daily, hourly, mainAccount, opKey, testOffer, type TestAccount } from "../../../tests/support/instances";
import { HOUR, MINUTE, startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { stopForArrears } from "../billing/arrears";
import { settleUsage } from "../billing/settle";
import { releaseInstance, restartInstance, startInstance, stopInstance } from "./actions";
import { createInstance } from "./create";
import {
  cancelScheduledShutdown,
  getScheduledShutdown,
  previewScheduledShutdown,
  setScheduledShutdown,
} from "./schedule";
import { fireScheduledShutdowns } from "./schedule-fire";
import { advanceTransitions } from "./transitions";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-03-01T00:00:00Z") });
});
afterAll(() => t.close());
afterEach(async () => expect(await t.unbalancedAccounts()).toEqual([]));

const SECOND = 1000;
const rowOf = async (uuid: string) => (await t.db.select().from(instances).where(eq(instances.uuid, uuid)))[0]!;
const shutdownsOf = async (instanceId: number) =>
  t.db
    .select()
    .from(scheduledShutdowns)
    .where(eq(scheduledShutdowns.instanceId, instanceId))
    .orderBy(scheduledShutdowns.id);
const eventsOf = async (instanceId: number, kind: string) =>
  t.db
    .select()
    .from(instanceEvents)
    .where(and(eq(instanceEvents.instanceId, instanceId), eq(instanceEvents.kind, kind)))
    .orderBy(instanceEvents.id);

/** The whole minute `minutes` from the clock's now, rounded up to the minute. */
const minuteIn = (minutes: number) =>
  new Date(Math.ceil((t.clock.now().getTime() + minutes * MINUTE) / MINUTE) * MINUTE);

async function wait(ms: number) {
  t.clock.advance(ms);
  return advanceTransitions(t.ctx);
}

async function running(renter: TestAccount, choice: "hour" | "day" = "hour") {
  const offer = await testOffer(t, { hosts: [8] });
  const created = await createInstance(t.ctx, renter.caller, {
    ...(choice === "hour" ? hourly(offer) : daily(offer, 1)),
    operationKey: opKey(),
  });
  await wait(5 * SECOND);
  return created.instance.uuid;
}

describe("a scheduled shutdown", () => {
  it("fires once at its minute, settling an hourly instance up to then, and is logged", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const uuid = await running(renter);
    const startedAt = t.clock.now();
    const fireAt = minuteIn(90);
    const preview = await previewScheduledShutdown(t.ctx, renter.caller, { uuid, fireAt });
    const seconds = (fireAt.getTime() - t.clock.now().getTime()) / 1000;
    const expected = usageChargeFen({ seconds, gpuCount: 1, unitPriceFen: 198, vipDiscountBp: 10_000 });
    expect(preview.estimate).toEqual({ billing: "hourly", seconds, hourlyFen: 198, amountFen: expected.amountFen });
    expect(await shutdownsOf((await rowOf(uuid)).id)).toEqual([]);

    const set = await setScheduledShutdown(t.ctx, renter.caller, { uuid, fireAt });
    expect(set).toMatchObject({ outcome: "set", shutdown: { fireAt } });
    const id = (await rowOf(uuid)).id;
    expect((await eventsOf(id, "schedule_set")).map((e) => e.text)).toEqual([
      `设置定时关机：${fireAtText(fireAt)}（北京时间）`,
    ]);

    t.clock.advance(fireAt.getTime() - t.clock.now().getTime() - SECOND);
    expect(await fireScheduledShutdowns(t.ctx)).toEqual({ stopped: [], chargedFen: 0 });
    expect((await rowOf(uuid)).state).toBe("running");

    t.clock.advance(SECOND);
    const fired = await fireScheduledShutdowns(t.ctx);
    expect(fired.stopped).toEqual([id]);
    const row = await rowOf(uuid);
    expect(row).toMatchObject({ state: "stopping", stopReason: "user", billedUntil: fireAt });
    const settled = await t.db.select().from(instanceSettlements).where(eq(instanceSettlements.instanceId, id));
    expect(settled.reduce((sum, s) => sum + s.seconds, 0)).toBe((fireAt.getTime() - startedAt.getTime()) / 1000);
    expect(await shutdownsOf(id)).toMatchObject([{ state: "fired", endedAt: fireAt, cancelReason: null }]);
    expect((await eventsOf(id, "schedule_fired")).map((e) => e.text)).toEqual([
      `已到设定的定时关机时间 ${fireAtText(fireAt)}（北京时间），系统自动关机`,
    ]);
    expect(await eventsOf(id, "schedule_cancel")).toEqual([]);

    t.clock.advance(30 * SECOND);
    expect((await fireScheduledShutdowns(t.ctx)).stopped).toEqual([]);
    await wait(5 * SECOND);
    expect((await rowOf(uuid)).state).toBe("stopped");
    expect((await getScheduledShutdown(t.ctx, renter.caller, { uuid })).shutdown).toBeNull();
  });

  it("cancelled by an earlier stop, never fires after the next start", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const uuid = await running(renter);
    const id = (await rowOf(uuid)).id;
    const fireAt = minuteIn(120);
    await setScheduledShutdown(t.ctx, renter.caller, { uuid, fireAt });

    t.clock.advance(HOUR);
    await stopInstance(t.ctx, renter.caller, { uuid });
    expect(await shutdownsOf(id)).toMatchObject([{ state: "cancelled", cancelReason: "stopped" }]);
    expect((await eventsOf(id, "schedule_cancel")).map((e) => [e.actor, e.text])).toEqual([
      ["system", `实例已关机，原定 ${fireAtText(fireAt)}（北京时间）的定时关机已自动取消`],
    ]);
    await wait(5 * SECOND);
    await startInstance(t.ctx, renter.caller, { uuid });
    await wait(5 * SECOND);
    expect((await rowOf(uuid)).state).toBe("running");

    t.clock.advance(fireAt.getTime() - t.clock.now().getTime() + 10 * SECOND);
    expect((await fireScheduledShutdowns(t.ctx)).stopped).toEqual([]);
    expect((await rowOf(uuid)).state).toBe("running");
    expect(await eventsOf(id, "schedule_fired")).toEqual([]);
  });

  it("is cancelled by an arrears stop and by a release", async () => {
    const short = await mainAccount(t, { cashFen: 3_00 });
    const poor = await running(short);
    await setScheduledShutdown(t.ctx, short.caller, { uuid: poor, fireAt: minuteIn(600) });
    t.clock.advance(HOUR);
    await settleUsage(t.db, { upTo: t.clock.now(), instanceIds: [(await rowOf(poor)).id] });
    expect((await stopForArrears(t.ctx)).stopped).toEqual([(await rowOf(poor)).id]);
    expect(await shutdownsOf((await rowOf(poor)).id)).toMatchObject([{ state: "cancelled", cancelReason: "stopped" }]);

    const renter = await mainAccount(t, { cashFen: 100_00 });
    const uuid = await running(renter);
    await setScheduledShutdown(t.ctx, renter.caller, { uuid, fireAt: minuteIn(60) });
    const row = await rowOf(uuid);
    await releaseInstance(t.ctx, renter.caller, { uuid, confirmName: row.name });
    expect(await shutdownsOf(row.id)).toMatchObject([{ state: "cancelled", cancelReason: "stopped" }]);
    expect((await eventsOf(row.id, "schedule_cancel"))[0]!.text).toMatch(/^实例已释放，原定 /);
  });

  it("waits out a restart at its minute and fires once the instance runs again", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const uuid = await running(renter);
    const fireAt = minuteIn(10);
    await setScheduledShutdown(t.ctx, renter.caller, { uuid, fireAt });
    t.clock.advance(fireAt.getTime() - t.clock.now().getTime() - 2 * SECOND);
    await restartInstance(t.ctx, renter.caller, { uuid });
    t.clock.advance(2 * SECOND);
    expect((await fireScheduledShutdowns(t.ctx)).stopped).toEqual([]);
    expect(await shutdownsOf((await rowOf(uuid)).id)).toMatchObject([{ state: "pending" }]);
    await wait(5 * SECOND);
    expect((await fireScheduledShutdowns(t.ctx)).stopped).toEqual([(await rowOf(uuid)).id]);
  });

  it("is changed in place, cancelled by its owner once, and a package's estimate is nothing more", async () => {
    const renter = await mainAccount(t, { cashFen: 200_00 });
    const uuid = await running(renter, "day");
    const id = (await rowOf(uuid)).id;
    const first = minuteIn(60);
    const second = minuteIn(180);
    await setScheduledShutdown(t.ctx, renter.caller, { uuid, fireAt: first });
    const changed = await setScheduledShutdown(t.ctx, renter.caller, { uuid, fireAt: second });
    expect(changed).toMatchObject({
      outcome: "changed",
      shutdown: { fireAt: second, estimate: { billing: "package" } },
    });
    expect((await setScheduledShutdown(t.ctx, renter.caller, { uuid, fireAt: second })).outcome).toBe("unchanged");
    expect(await shutdownsOf(id)).toMatchObject([{ state: "pending", fireAt: second }]);
    expect((await eventsOf(id, "schedule_set")).map((e) => e.text)).toEqual([
      `设置定时关机：${fireAtText(first)}（北京时间）`,
      `修改定时关机：由 ${fireAtText(first)} 改为 ${fireAtText(second)}（北京时间）`,
    ]);

    const cancelled = await cancelScheduledShutdown(t.ctx, renter.caller, { uuid });
    expect(cancelled).toMatchObject({ outcome: "cancelled", shutdown: null });
    expect((await cancelScheduledShutdown(t.ctx, renter.caller, { uuid })).outcome).toBe("none");
    expect(await shutdownsOf(id)).toMatchObject([{ state: "cancelled", cancelReason: "user" }]);
    expect(await eventsOf(id, "schedule_cancel")).toHaveLength(1);
    t.clock.advance(4 * HOUR);
    expect((await fireScheduledShutdowns(t.ctx)).stopped).toEqual([]);
  });

  it("refuses a past minute, one beyond 30 days or the package's expiry, and an instance not running", async () => {
    const renter = await mainAccount(t, { cashFen: 200_00 });
    const uuid = await running(renter, "day");
    const at = (fireAt: Date) => outcomeOf(setScheduledShutdown(t.ctx, renter.caller, { uuid, fireAt }));
    expect(await at(new Date(Math.floor(t.clock.now().getTime() / MINUTE) * MINUTE))).toBe("BAD_REQUEST");
    expect(await at(minuteIn(25 * 60))).toBe("BAD_REQUEST");
    const hourlyUuid = await running(renter);
    expect(
      await outcomeOf(setScheduledShutdown(t.ctx, renter.caller, { uuid: hourlyUuid, fireAt: minuteIn(31 * 1440) })),
    ).toBe("BAD_REQUEST");
    expect(
      await outcomeOf(
        setScheduledShutdown(t.ctx, renter.caller, { uuid: hourlyUuid, fireAt: new Date(minuteIn(5).getTime() + 1) }),
      ),
    ).toBe("BAD_REQUEST");
    await stopInstance(t.ctx, renter.caller, { uuid: hourlyUuid });
    expect(
      await outcomeOf(setScheduledShutdown(t.ctx, renter.caller, { uuid: hourlyUuid, fireAt: minuteIn(60) })),
    ).toBe("INSTANCE_STATE");
    const stranger = await mainAccount(t);
    expect(await outcomeOf(setScheduledShutdown(t.ctx, stranger.caller, { uuid, fireAt: minuteIn(60) }))).toBe(
      "INSTANCE_NOT_FOUND",
    );
    expect(await shutdownsOf((await rowOf(uuid)).id)).toEqual([]);
  });

  it("fires once when two runners take it at the same time", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const uuid = await running(renter);
    const fireAt = minuteIn(5);
    await setScheduledShutdown(t.ctx, renter.caller, { uuid, fireAt });
    t.clock.advance(fireAt.getTime() - t.clock.now().getTime());
    const runs = await Promise.all([fireScheduledShutdowns(t.ctx), fireScheduledShutdowns(t.ctx)]);
    const id = (await rowOf(uuid)).id;
    expect(runs.flatMap((r) => r.stopped)).toEqual([id]);
    expect(await eventsOf(id, "schedule_fired")).toHaveLength(1);
    expect(await eventsOf(id, "stopped")).toHaveLength(0);
    await wait(5 * SECOND);
    expect(await eventsOf(id, "stopped")).toHaveLength(1);
  });
});

function fireAtText(at: Date): string {
  const b = new Date(at.getTime() + 8 * HOUR);
  return b.toISOString().slice(0, 16).replace("T", " ");
}

describe("the shutdown minute", () => {
  it("is read as Beijing time, and only a real minute", () => {
    expect(parseShutdownMinute("2026-03-01T10:30")).toEqual(new Date("2026-03-01T02:30:00Z"));
    expect(parseShutdownMinute("2026-03-01 10:30")).toEqual(new Date("2026-03-01T02:30:00Z"));
    expect(parseShutdownMinute("2026-02-30T10:30")).toBeNull();
    expect(parseShutdownMinute("2026-03-01T24:00")).toBeNull();
    expect(parseShutdownMinute("tomorrow")).toBeNull();
  });
});
