/**
 * The lifecycle (decision 043) on the simulated fleet with the test's clock:
 * creating → running after 5 s; stop settles hourly usage and frees the GPUs
 * once stopped, with the retention countdown; start takes them again on the
 * same host or answers HOST_GPU_BUSY; restart is not billed; release needs
 * the name and frees what it held; a double stop changes the state once.
 * On PostgreSQL the concurrent actions really race.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { hosts, instanceSettlements, instances } from "../../db/market-schema";
import { usageChargeFen } from "../../rules/rental-price";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { daily, hourly, mainAccount, opKey, testOffer, type TestAccount } from "../../../tests/support/instances";
import { HOUR, MINUTE, startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import type { DomainError } from "../errors";
import { ledgerSums } from "../wallet/ledger";
import { releaseInstance, restartInstance, startInstance, stopInstance } from "./actions";
import { createInstance } from "./create";
import { instanceDetail } from "./detail";
import { listInstances } from "./list";
import { advanceTransitions } from "./transitions";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-03-01T00:00:00Z") });
});
afterAll(() => t.close());
afterEach(async () => expect(await t.unbalancedAccounts()).toEqual([]));

const SECOND = 1000;
const freeOn = async (hostId: number) =>
  (await t.db.select({ free: hosts.gpuFree }).from(hosts).where(eq(hosts.id, hostId)))[0]!.free;
const rowOf = async (uuid: string) => (await t.db.select().from(instances).where(eq(instances.uuid, uuid)))[0]!;
const cashOf = async (userId: number) =>
  (await t.db.select({ cash: users.moneyFen }).from(users).where(eq(users.id, userId)))[0]!.cash;

/** Moves the clock on and runs the fleet's job, as the scheduler does every second. */
async function wait(ms: number) {
  t.clock.advance(ms);
  return advanceTransitions(t.ctx);
}

async function runningHourly(renter: TestAccount, hostFree = 8, gpuCount = 1) {
  const offer = await testOffer(t, { hosts: [hostFree] });
  const created = await createInstance(t.ctx, renter.caller, { ...hourly(offer, { gpuCount }), operationKey: opKey() });
  await wait(5 * SECOND);
  return { offer, uuid: created.instance.uuid };
}

describe("an hourly instance", () => {
  it("runs after 5 s, is billed from then, and stopping settles its usage and frees its GPUs", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const offer = await testOffer(t, { hosts: [8] });
    const created = await createInstance(t.ctx, renter.caller, {
      ...hourly(offer, { gpuCount: 2 }),
      operationKey: opKey(),
    });
    const createdAt = t.clock.now().getTime();
    expect(await wait(4 * SECOND)).toMatchObject({ running: 0 });
    expect((await rowOf(created.instance.uuid)).state).toBe("creating");
    await wait(1 * SECOND);
    const running = await rowOf(created.instance.uuid);
    expect(running).toMatchObject({ state: "running", transitionAt: null });
    expect(running.billedUntil!.getTime()).toBe(createdAt + 5 * SECOND);

    t.clock.advance(HOUR + 30 * SECOND);
    const [listed] = (await listInstances(t.ctx, renter.caller, { page: 1, pageSize: 10, state: null })).items;
    const usage = usageChargeFen({ seconds: 3630, gpuCount: 2, unitPriceFen: 198, vipDiscountBp: 10_000 });
    expect(listed).toMatchObject({ uuid: created.instance.uuid, unsettledFen: usage.amountFen, hostGpuFree: 6 });

    const stopped = await stopInstance(t.ctx, renter.caller, { uuid: created.instance.uuid });
    expect(stopped).toMatchObject({ state: "stopping", costFen: usage.amountFen, unsettledFen: 0 });
    const [settlement] = await t.db
      .select()
      .from(instanceSettlements)
      .where(eq(instanceSettlements.instanceId, running.id));
    expect(settlement).toMatchObject({ seconds: 3630, amountFen: usage.amountFen, paidCashFen: usage.amountFen });
    expect(await cashOf(renter.userId)).toBe(100_00 - usage.amountFen);
    expect((await ledgerSums(t.ctx, renter.userId)).cash).toBe(100_00 - usage.amountFen);
    expect(await freeOn(offer.hostIds[0]!)).toBe(6);

    await wait(3 * SECOND);
    const after = await rowOf(created.instance.uuid);
    expect(after).toMatchObject({ state: "stopped", gpuHeld: false, stopReason: "user" });
    expect(after.releaseAt!.getTime()).toBe(t.clock.now().getTime() + 15 * 24 * HOUR);
    expect(await freeOn(offer.hostIds[0]!)).toBe(8);

    const detail = await instanceDetail(t.ctx, renter.caller, { uuid: created.instance.uuid, revealPassword: false });
    expect(detail.charges).toHaveLength(1);
    expect(detail.access).toMatchObject({ sshPassword: null, sshPort: after.sshPort });
    expect(detail.access!.sshCommand).toBe(`ssh -p ${after.sshPort} root@${detail.hostSshHost}`);
    const revealed = await instanceDetail(t.ctx, renter.caller, { uuid: created.instance.uuid, revealPassword: true });
    expect(revealed.access!.sshPassword).toBe(after.sshPassword);
  });

  it("changes state once for two concurrent stops, and charges once", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const { uuid } = await runningHourly(renter);
    t.clock.advance(10 * MINUTE);
    const outcomes = await Promise.all([1, 2].map(() => outcomeOf(stopInstance(t.ctx, renter.caller, { uuid }))));
    expect(outcomes.sort()).toEqual(["INSTANCE_STATE", "ok"]);
    const row = await rowOf(uuid);
    const settlements = await t.db.select().from(instanceSettlements).where(eq(instanceSettlements.instanceId, row.id));
    expect(settlements).toHaveLength(1);
    expect(await cashOf(renter.userId)).toBe(100_00 - settlements[0]!.amountFen);
  });

  it("starts again on its own host, or answers HOST_GPU_BUSY when the host's GPUs were rented meanwhile", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const { offer, uuid } = await runningHourly(renter, 8, 4);
    await stopInstance(t.ctx, renter.caller, { uuid });
    await wait(3 * SECOND);
    expect(await freeOn(offer.hostIds[0]!)).toBe(8);

    const other = await mainAccount(t, { cashFen: 100_00 });
    const taken = await createInstance(t.ctx, other.caller, {
      ...hourly(offer, { gpuCount: 6 }),
      operationKey: opKey(),
    });
    const busy = await startInstance(t.ctx, renter.caller, { uuid }).catch((e: DomainError) => e);
    expect(busy).toMatchObject({ key: "HOST_GPU_BUSY" });
    expect(await rowOf(uuid)).toMatchObject({ state: "stopped", gpuHeld: false });
    expect(await freeOn(offer.hostIds[0]!)).toBe(2);

    await wait(5 * SECOND);
    await releaseInstance(t.ctx, other.caller, { uuid: taken.instance.uuid, confirmName: taken.instance.name });
    await wait(3 * SECOND);
    expect(await freeOn(offer.hostIds[0]!)).toBe(8);

    const started = await startInstance(t.ctx, renter.caller, { uuid });
    expect(started).toMatchObject({ state: "starting", releaseAt: null });
    expect(await freeOn(offer.hostIds[0]!)).toBe(4);
    await wait(4 * SECOND);
    const row = await rowOf(uuid);
    expect(row).toMatchObject({ state: "running", gpuHeld: true, stopReason: null });
    expect(row.billedUntil!.getTime()).toBe(t.clock.now().getTime());
    expect(await outcomeOf(startInstance(t.ctx, renter.caller, { uuid }))).toBe("INSTANCE_STATE");
  });

  it("is not started when the wallet cannot pay an hour", async () => {
    const renter = await mainAccount(t, { cashFen: 3_00 });
    const { offer, uuid } = await runningHourly(renter);
    t.clock.advance(HOUR);
    await stopInstance(t.ctx, renter.caller, { uuid });
    await wait(3 * SECOND);
    expect(await cashOf(renter.userId)).toBe(3_00 - 198);
    expect(await outcomeOf(startInstance(t.ctx, renter.caller, { uuid }))).toBe("BALANCE_BELOW_PRICE");
    expect(await rowOf(uuid)).toMatchObject({ state: "stopped", gpuHeld: false });
    expect(await freeOn(offer.hostIds[0]!)).toBe(8);
  });

  it("restarts without billing the reboot", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const { uuid } = await runningHourly(renter);
    t.clock.advance(HOUR);
    expect(await restartInstance(t.ctx, renter.caller, { uuid })).toMatchObject({ state: "restarting", costFen: 198 });
    await wait(5 * SECOND);
    const row = await rowOf(uuid);
    expect(row.state).toBe("running");
    expect(row.billedUntil!.getTime()).toBe(t.clock.now().getTime());
  });

  it("is released only with its name, settling its usage and freeing its GPUs", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const { offer, uuid } = await runningHourly(renter, 8, 2);
    t.clock.advance(30 * MINUTE);
    const wrong = await releaseInstance(t.ctx, renter.caller, { uuid, confirmName: "别的名字" }).catch(
      (e: DomainError) => e,
    );
    expect(wrong).toMatchObject({ key: "INSTANCE_NAME_MISMATCH", field: "confirm_name" });
    const name = (await rowOf(uuid)).name;
    const releasing = await releaseInstance(t.ctx, renter.caller, { uuid, confirmName: name });
    expect(releasing).toMatchObject({ state: "releasing", costFen: 198 });
    expect(await freeOn(offer.hostIds[0]!)).toBe(6);
    await wait(3 * SECOND);
    expect(await rowOf(uuid)).toMatchObject({ state: "released", gpuHeld: false });
    expect(await freeOn(offer.hostIds[0]!)).toBe(8);

    const shown = await listInstances(t.ctx, renter.caller, { page: 1, pageSize: 10, state: null });
    expect(shown.items.map((i) => i.uuid)).not.toContain(uuid);
    const all = await listInstances(t.ctx, renter.caller, { page: 1, pageSize: 10, state: "all" });
    expect(all.items.map((i) => i.uuid)).toContain(uuid);
    const released = await listInstances(t.ctx, renter.caller, { page: 1, pageSize: 10, state: "released" });
    expect(released.items.map((i) => i.uuid)).toContain(uuid);
    expect(released.items.every((i) => i.state === "released")).toBe(true);
    const running = await listInstances(t.ctx, renter.caller, { page: 1, pageSize: 10, state: "running" });
    expect(running.items.map((i) => i.uuid)).not.toContain(uuid);
    expect(running.total).toBe(running.items.length);
    const detail = await instanceDetail(t.ctx, renter.caller, { uuid, revealPassword: true });
    expect(detail.access).toBeNull();
    expect(await outcomeOf(releaseInstance(t.ctx, renter.caller, { uuid, confirmName: name }))).toBe("INSTANCE_STATE");
  });
});

describe("the fleet's job", () => {
  it("moves each due instance once when two runs race, freeing each one's GPUs once", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const offer = await testOffer(t, { hosts: [8] });
    const uuids: string[] = [];
    for (let i = 0; i < 3; i++)
      uuids.push(
        (await createInstance(t.ctx, renter.caller, { ...hourly(offer, { gpuCount: 2 }), operationKey: opKey() }))
          .instance.uuid,
      );
    t.clock.advance(5 * SECOND);
    const runs = await Promise.all([advanceTransitions(t.ctx), advanceTransitions(t.ctx)]);
    expect(runs[0]!.running + runs[1]!.running).toBe(3);
    for (const uuid of uuids) await stopInstance(t.ctx, renter.caller, { uuid });
    t.clock.advance(3 * SECOND);
    const stops = await Promise.all([advanceTransitions(t.ctx), advanceTransitions(t.ctx)]);
    expect(stops[0]!.stopped + stops[1]!.stopped).toBe(3);
    expect(await freeOn(offer.hostIds[0]!)).toBe(8);
  });
});

describe("a package instance", () => {
  it("keeps its GPUs while stopped, starts again without a charge, and frees them when released", async () => {
    const renter = await mainAccount(t, { cashFen: 200_00 });
    const offer = await testOffer(t, { hosts: [8] });
    const created = await createInstance(t.ctx, renter.caller, {
      ...daily(offer, 1, { gpuCount: 3 }),
      operationKey: opKey(),
    });
    const uuid = created.instance.uuid;
    await wait(5 * SECOND);
    const cash = await cashOf(renter.userId);
    await stopInstance(t.ctx, renter.caller, { uuid });
    await wait(3 * SECOND);
    expect(await rowOf(uuid)).toMatchObject({ state: "stopped", gpuHeld: true, releaseAt: null });
    expect(await freeOn(offer.hostIds[0]!)).toBe(5);
    expect(await restartInstance(t.ctx, renter.caller, { uuid }).catch((e: DomainError) => e.key)).toBe(
      "INSTANCE_STATE",
    );
    await startInstance(t.ctx, renter.caller, { uuid });
    await wait(4 * SECOND);
    expect(await rowOf(uuid)).toMatchObject({ state: "running", billedUntil: null });
    expect(await cashOf(renter.userId)).toBe(cash);
    await releaseInstance(t.ctx, renter.caller, { uuid, confirmName: "RTX 4090 实例" });
    await wait(3 * SECOND);
    expect(await freeOn(offer.hostIds[0]!)).toBe(8);
    expect(await cashOf(renter.userId)).toBe(cash);
  });
});

describe("the list's total", () => {
  it("is the same on every page, past the end too, whether the page was counted or not", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const offer = await testOffer(t, { hosts: [8] });
    for (let i = 0; i < 5; i++) await createInstance(t.ctx, renter.caller, { ...hourly(offer), operationKey: opKey() });
    const pageOf = (page: number) => listInstances(t.ctx, renter.caller, { page, pageSize: 2, state: null });
    const pages = await Promise.all([1, 2, 3, 4].map(pageOf));
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 1, 0]);
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5, 5]);
    const none = await mainAccount(t, { cashFen: 0 });
    expect(await listInstances(t.ctx, none.caller, { page: 1, pageSize: 2, state: null })).toMatchObject({
      items: [],
      total: 0,
    });
  });
});
