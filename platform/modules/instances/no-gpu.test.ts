/**
 * Start without GPU (无卡模式, decision 086): a stopped hourly instance whose
 * host is full starts holding no GPU; the settlement job bills its hours at the
 * site's no-GPU price (0 GPUs on the settlement, explained as such); the
 * arrears stop judges it by that price; stopping ends it; packages, running
 * instances and empty wallets are refused and nothing changes.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hosts, instanceSettlements, instances } from "../../db/market-schema";
import { ledgerEntries } from "../../db/schema";
import { instanceEvents } from "../../db/timeline-schema";
import { runBilling } from "../../jobs/billing";
import { settlementDetailOf, settlementExplanation } from "../../rules/bill-explanation";
import { accountOf } from "../../../tests/support/billing-instances";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { daily, hourly, mainAccount, opKey, testOffer, type TestAccount } from "../../../tests/support/instances";
import { HOUR, MINUTE, startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import type { DomainError } from "../errors";
import { NO_GPU_PACKAGE, startInstance, startWithoutGpu, stopInstance } from "./actions";
import { createInstance } from "./create";
import { instanceDetail } from "./detail";
import { noGpuPreview } from "./no-gpu";
import { renewInstance } from "./renew";
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
const setFree = (hostId: number, free: number) => t.db.update(hosts).set({ gpuFree: free }).where(eq(hosts.id, hostId));
const rowOf = async (uuid: string) => (await t.db.select().from(instances).where(eq(instances.uuid, uuid)))[0]!;
const settlementsOf = (instanceId: number) =>
  t.db.select().from(instanceSettlements).where(eq(instanceSettlements.instanceId, instanceId));
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: DomainError) => ({ key: e.key, detail: e.detail }),
  );

async function wait(ms: number) {
  t.clock.advance(ms);
  return advanceTransitions(t.ctx);
}

/** A stopped hourly instance of `renter` whose host (one GPU) someone else has taken meanwhile. */
async function stoppedOnFullHost(renter: TestAccount) {
  const offer = await testOffer(t, { hosts: [1] });
  const created = await createInstance(t.ctx, renter.caller, { ...hourly(offer), operationKey: opKey() });
  await wait(5 * SECOND);
  await stopInstance(t.ctx, renter.caller, { uuid: created.instance.uuid });
  await wait(3 * SECOND);
  const hostId = offer.hostIds[0]!;
  await setFree(hostId, 0);
  return { hostId, uuid: created.instance.uuid };
}

describe("an hourly instance on a full host", () => {
  it("starts without GPU, is billed by the hour at ¥0.10, and stopping ends it", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const { hostId, uuid } = await stoppedOnFullHost(renter);
    expect(await outcomeOf(startInstance(t.ctx, renter.caller, { uuid }))).toBe("HOST_GPU_BUSY");
    expect(await noGpuPreview(t.ctx, renter.caller, { uuid })).toMatchObject({ blocked: null, hourlyPriceFen: 10 });

    const started = await startWithoutGpu(t.ctx, renter.caller, { uuid });
    expect(started).toMatchObject({ state: "starting", noGpu: true, hourlyPriceFen: 10 });
    await wait(4 * SECOND);
    const running = await rowOf(uuid);
    expect(running).toMatchObject({ state: "running", gpuHeld: false, noGpuRateFen: 10 });
    expect(await freeOn(hostId)).toBe(0);
    const cashBefore = (await accountOf(t.db, renter.userId)).moneyFen;

    // The job at 01:01 settles [00:00:12, 01:00:00): 3588 s × ¥0.10/h = ¥0.0997 → ¥0.10.
    t.clock.advance(HOUR - 12 * SECOND + MINUTE);
    const run = await runBilling(t.ctx);
    expect(run.stoppedForArrears).toEqual([]);
    const [hour] = await settlementsOf(running.id).then((rows) => rows.filter((s) => s.gpuCount === 0));
    expect(hour).toMatchObject({ seconds: 3588, gpuCount: 0, unitPriceFen: 10, amountDueFen: 10, amountFen: 10 });
    expect(settlementExplanation(settlementDetailOf(hour!))).toBe(
      "3588 秒 × 无卡模式 ¥0.10/时 = ¥0.10；算力券 ¥0.00，余额 ¥0.10",
    );
    expect((await accountOf(t.db, renter.userId)).moneyFen).toBe(cashBefore - 10);
    const notes = await t.db
      .select({ note: ledgerEntries.note })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, renter.userId));
    // The 5 s it ran with its GPU before the stop came to ¥0.00 (no entry); the hour without GPU is named so.
    expect(notes.map((n) => n.note).filter((n) => n?.includes(running.name))).toEqual([
      `无卡模式计费：${running.name}`,
    ]);

    // The stop at 01:31 settles the half hour at the same price and ends the mode; it frees nothing.
    t.clock.advance(30 * MINUTE);
    await stopInstance(t.ctx, renter.caller, { uuid });
    await wait(3 * SECOND);
    const last = (await settlementsOf(running.id)).filter((s) => s.gpuCount === 0);
    expect(last.map((s) => [s.seconds, s.amountFen])).toEqual([
      [3588, 10],
      [1860, 5],
    ]);
    expect(await rowOf(uuid)).toMatchObject({ state: "stopped", noGpuRateFen: null, gpuHeld: false });
    expect(await freeOn(hostId)).toBe(0);

    // The instance's charges and log say so.
    const detail = await instanceDetail(t.ctx, renter.caller, { uuid, revealPassword: false });
    expect(detail.noGpu).toBe(false);
    expect(detail.charges.filter((c) => c.rate?.gpuCount === 0)).toHaveLength(2);
    const logged = await t.db
      .select()
      .from(instanceEvents)
      .where(and(eq(instanceEvents.instanceId, running.id), eq(instanceEvents.kind, "start_without_gpu")));
    expect(logged).toHaveLength(1);

    // With a GPU free again, a normal start takes it.
    await setFree(hostId, 1);
    await startInstance(t.ctx, renter.caller, { uuid });
    expect(await rowOf(uuid)).toMatchObject({ gpuHeld: true, noGpuRateFen: null });
    expect(await freeOn(hostId)).toBe(0);
  });

  it("runs at the site's price as set (NO_GPU_HOURLY_PRICE_FEN), kept from its start", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const { uuid } = await stoppedOnFullHost(renter);
    const priced = { ...t.ctx, site: { ...t.ctx.site, noGpuHourlyFen: 360 } };
    await startWithoutGpu(priced, renter.caller, { uuid });
    await wait(4 * SECOND);
    t.clock.advance(100 * SECOND);
    await stopInstance(t.ctx, renter.caller, { uuid });
    const { id } = await rowOf(uuid);
    const [run] = (await settlementsOf(id)).filter((s) => s.gpuCount === 0);
    expect(run).toMatchObject({ seconds: 100, unitPriceFen: 360, amountFen: 10 });
    await wait(3 * SECOND);
  });

  it("is stopped for arrears by its own price, not its GPUs'", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const { uuid } = await stoppedOnFullHost(renter);
    await startWithoutGpu(t.ctx, renter.caller, { uuid });
    await wait(4 * SECOND);
    const { id } = await rowOf(uuid);
    // ¥0.50 pays many hours at ¥0.10 (an hour of its GPU, ¥1.98, it could not).
    await t.setWallets(renter.userId, { cashFen: 50 });
    expect((await runBilling(t.ctx)).stoppedForArrears).not.toContain(id);
    await t.setWallets(renter.userId, { cashFen: 5 });
    expect((await runBilling(t.ctx)).stoppedForArrears).toContain(id);
    expect(await rowOf(uuid)).toMatchObject({ state: "stopping", stopReason: "arrears", noGpuRateFen: null });
    await wait(3 * SECOND);
  });
});

describe("refusals change nothing", () => {
  it("a package, a running instance, an empty wallet, someone else's instance, a renewal while without GPU", async () => {
    const renter = await mainAccount(t, { cashFen: 1_000_00 });
    const stranger = await mainAccount(t, { cashFen: 100_00 });
    const offer = await testOffer(t, { hosts: [8] });
    const pkg = await createInstance(t.ctx, renter.caller, { ...daily(offer, 1), operationKey: opKey() });
    await wait(5 * SECOND);
    await stopInstance(t.ctx, renter.caller, { uuid: pkg.instance.uuid });
    await wait(3 * SECOND);
    expect((await noGpuPreview(t.ctx, renter.caller, { uuid: pkg.instance.uuid })).blocked).toBe(NO_GPU_PACKAGE);
    expect(await failure(startWithoutGpu(t.ctx, renter.caller, { uuid: pkg.instance.uuid }))).toEqual({
      key: "INSTANCE_STATE",
      detail: NO_GPU_PACKAGE,
    });

    const { uuid } = await stoppedOnFullHost(renter);
    expect(await outcomeOf(startWithoutGpu(t.ctx, stranger.caller, { uuid }))).toBe("INSTANCE_NOT_FOUND");
    expect(await outcomeOf(noGpuPreview(t.ctx, stranger.caller, { uuid }))).toBe("INSTANCE_NOT_FOUND");
    const wallets = await accountOf(t.db, renter.userId);
    await t.setWallets(renter.userId, { cashFen: 0 });
    expect(await outcomeOf(startWithoutGpu(t.ctx, renter.caller, { uuid }))).toBe("BALANCE_BELOW_PRICE");
    expect(await rowOf(uuid)).toMatchObject({ state: "stopped", noGpuRateFen: null });
    await t.setWallets(renter.userId, { cashFen: wallets.moneyFen });

    await startWithoutGpu(t.ctx, renter.caller, { uuid });
    expect(await outcomeOf(startWithoutGpu(t.ctx, renter.caller, { uuid }))).toBe("INSTANCE_STATE");
    await wait(4 * SECOND);
    expect((await noGpuPreview(t.ctx, renter.caller, { uuid })).blocked).toBe("请先关机，再以无卡模式开机");
    expect(
      await failure(
        renewInstance(t.ctx, renter.caller, { uuid, unit: "day", count: 1, couponId: 0, operationKey: opKey("renew") }),
      ),
    ).toEqual({ key: "INSTANCE_STATE", detail: "无卡模式运行中，请先关机再续费" });
    expect(await rowOf(uuid)).toMatchObject({ state: "running", billingMode: "hour", noGpuRateFen: 10 });
    await stopInstance(t.ctx, renter.caller, { uuid });
    await wait(3 * SECOND);
  });
});
