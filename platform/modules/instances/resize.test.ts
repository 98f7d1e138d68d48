/**
 * Resizing a stopped instance (decision 081): an hourly one changes its GPU
 * count when its host has them free, is charged nothing and starts at the new
 * rate; a package, while paid for, grows and is charged the added GPUs for
 * the rest of its term prorated to the second (one purchase order, once per
 * operation key), and takes the added slots; two upgrades racing for the
 * host's last free GPU get it once. On PostgreSQL they really race.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hosts, instances } from "../../db/market-schema";
import { purchaseOrders } from "../../db/wallet-schema";
import { instanceEvents } from "../../db/timeline-schema";
import { hourlyRateFen } from "../../rules/rental-price";
import { quotePackageUpgrade } from "../../rules/instance-resize";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { daily, hourly, mainAccount, opKey, testOffer, type TestAccount } from "../../../tests/support/instances";
import { HOUR, startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import type { DomainError } from "../errors";
import { ledgerSums } from "../wallet/ledger";
import { startInstance, stopInstance } from "./actions";
import { createInstance } from "./create";
import { previewStopRefund } from "./refund";
import { resizeInstance, resizeOptions } from "./resize";
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
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: DomainError) => ({ key: e.key, field: e.field, detail: e.detail }),
  );

async function wait(ms: number) {
  t.clock.advance(ms);
  return advanceTransitions(t.ctx);
}

/** A stopped instance of `renter` on a fresh host with `free` GPUs free before renting. */
async function stoppedInstance(renter: TestAccount, mode: "hour" | "day", free = 8, gpuCount = 1) {
  const offer = await testOffer(t, { hosts: [free] });
  const choice = mode === "hour" ? hourly(offer, { gpuCount }) : daily(offer, 1, { gpuCount });
  const created = await createInstance(t.ctx, renter.caller, { ...choice, operationKey: opKey() });
  await wait(5 * SECOND);
  await stopInstance(t.ctx, renter.caller, { uuid: created.instance.uuid });
  await wait(3 * SECOND);
  return { hostId: offer.hostIds[0]!, uuid: created.instance.uuid };
}

describe("an hourly instance", () => {
  it("lists the counts its host has free, resizes for nothing and starts at the new rate", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const { hostId, uuid } = await stoppedInstance(renter, "hour", 3);
    // Stopped, it holds none: 3 free.
    expect(await freeOn(hostId)).toBe(3);
    const offered = await resizeOptions(t.ctx, renter.caller, { uuid });
    expect(offered.blocked).toBeNull();
    expect(offered.options.map((o) => o.toGpuCount)).toEqual([2, 3]);
    expect(offered.options[0]).toMatchObject({ kind: "hourly", toRateFen: 2 * 198, fromRateFen: 198 });

    const cashBefore = (await ledgerSums(t.ctx, renter.userId)).cash;
    const resized = await resizeInstance(t.ctx, renter.caller, { uuid, gpuCount: 2, operationKey: opKey("rs") });
    expect(resized).toMatchObject({ replayed: false, orderNo: null, instance: { gpuCount: 2, state: "stopped" } });
    expect((await ledgerSums(t.ctx, renter.userId)).cash).toBe(cashBefore);
    expect(resized.instance.hourlyPriceFen).toBe(
      hourlyRateFen({ unitPriceFen: 198, gpuCount: 2, vipDiscountBp: 10_000 }),
    );
    const { id: instanceId } = await rowOf(uuid);
    const logged = await t.db
      .select()
      .from(instanceEvents)
      .where(and(eq(instanceEvents.instanceId, instanceId), eq(instanceEvents.kind, "resize")));
    expect(logged).toMatchObject([{ amountFen: null, text: "GPU 由 1 卡调整为 2 卡，下次开机起按新配置计费" }]);

    await startInstance(t.ctx, renter.caller, { uuid });
    expect(await freeOn(hostId)).toBe(1);
  });

  it("refuses a count the host lacks, and any change while running, changing nothing", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const { hostId, uuid } = await stoppedInstance(renter, "hour", 2);
    expect(await failure(resizeInstance(t.ctx, renter.caller, { uuid, gpuCount: 3, operationKey: opKey() }))).toEqual({
      key: "HOST_GPU_BUSY",
      field: "gpu_count",
      detail: "所在主机空闲GPU不足，无法调整为3卡",
    });
    await startInstance(t.ctx, renter.caller, { uuid });
    await wait(4 * SECOND);
    expect((await resizeOptions(t.ctx, renter.caller, { uuid })).blocked).toBe("请先关机再调整配置");
    expect(await failure(resizeInstance(t.ctx, renter.caller, { uuid, gpuCount: 2, operationKey: opKey() }))).toEqual({
      key: "INSTANCE_STATE",
      field: undefined,
      detail: "请先关机再调整配置",
    });
    expect((await rowOf(uuid)).gpuCount).toBe(1);
    expect(await freeOn(hostId)).toBe(1);
  });
});

describe("a day package", () => {
  it("is charged the added GPUs for the rest of its term, to the second, once per key", async () => {
    const renter = await mainAccount(t, { cashFen: 1_000_00, voucherFen: 1_00 });
    const { hostId, uuid } = await stoppedInstance(renter, "day", 4);
    expect(await freeOn(hostId)).toBe(3); // a package keeps its GPU while stopped
    t.clock.advance(HOUR);
    const row = await rowOf(uuid);
    const left = Math.floor((row.packageExpiresAt!.getTime() - t.clock.now().getTime()) / 1000);
    const expected = quotePackageUpgrade(
      { billingMode: "day", gpuCount: 1, unitPriceFen: 198, durationDiscountBp: 9_800, vipDiscountBp: 10_000 },
      3,
      left,
    );
    const offered = await resizeOptions(t.ctx, renter.caller, { uuid });
    expect(offered.options.map((o) => o.toGpuCount)).toEqual([2, 3, 4]);
    expect(offered.options[1]).toEqual(expected);

    const before = await ledgerSums(t.ctx, renter.userId);
    const key = opKey("up");
    const resized = await resizeInstance(t.ctx, renter.caller, { uuid, gpuCount: 3, operationKey: key });
    expect(resized).toMatchObject({ replayed: false, quote: expected, instance: { gpuCount: 3 } });
    expect(resized.paidVoucherFen + resized.paidCashFen).toBe(
      expected.kind === "package_upgrade" ? expected.chargeFen : -1,
    );
    expect(await freeOn(hostId)).toBe(1);
    const again = await resizeInstance(t.ctx, renter.caller, { uuid, gpuCount: 3, operationKey: key });
    expect(again).toMatchObject({ replayed: true, orderNo: resized.orderNo });

    const orders = await t.db
      .select()
      .from(purchaseOrders)
      .where(eq(purchaseOrders.refersTo, `instance:${uuid}`));
    const upgrade = orders.filter((o) => o.kind === "upgrade");
    expect(upgrade).toHaveLength(1);
    expect(upgrade[0]!.detail).toMatchObject({ explanation: expected.explanation, fromGpuCount: 1 });
    const after = await ledgerSums(t.ctx, renter.userId);
    expect(before.cash + before.voucher - after.cash - after.voucher).toBe(upgrade[0]!.amountFen);
    expect((await rowOf(uuid)).costFen).toBe(row.costFen + upgrade[0]!.amountFen);
    expect(await freeOn(hostId)).toBe(1);
  });

  it("refuses what the wallet cannot pay, taking no slot (shrinking refunds: downgrade.test.ts)", async () => {
    const renter = await mainAccount(t, { cashFen: 150_00 });
    const { hostId, uuid } = await stoppedInstance(renter, "day", 8, 2);
    expect((await resizeOptions(t.ctx, renter.caller, { uuid })).options[0]).toMatchObject({
      kind: "package_downgrade",
      toGpuCount: 1,
    });
    const free = await freeOn(hostId);
    expect(
      await failure(resizeInstance(t.ctx, renter.caller, { uuid, gpuCount: 8, operationKey: opKey() })),
    ).toMatchObject({
      key: "BALANCE_BELOW_PRICE",
    });
    expect(await freeOn(hostId)).toBe(free);
    expect((await rowOf(uuid)).gpuCount).toBe(2);
  });

  it("is refunded with the package: stop-with-refund counts the upgrade's unused whole days", async () => {
    const renter = await mainAccount(t, { cashFen: 1_000_00 });
    const offer = await testOffer(t, { hosts: [8] });
    const created = await createInstance(t.ctx, renter.caller, { ...daily(offer, 3), operationKey: opKey() });
    const uuid = created.instance.uuid;
    await wait(5 * SECOND);
    await stopInstance(t.ctx, renter.caller, { uuid });
    await wait(3 * SECOND);
    t.clock.advance(2 * HOUR);
    const up = await resizeInstance(t.ctx, renter.caller, { uuid, gpuCount: 2, operationKey: opKey() });
    const preview = await previewStopRefund(t.ctx, renter.caller, { uuid });
    expect(preview.refund.unusedDays).toBe(2);
    const line = preview.refund.lines.find((l) => l.orderNo === up.orderNo);
    const charged = up.paidVoucherFen + up.paidCashFen;
    expect(line).toBeDefined();
    expect(line!.refundFen).toBe(Math.round((charged * 2 * 86_400_000) / line!.periodMs));
  });

  it("after its term has ended offers nothing", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const { uuid } = await stoppedInstance(renter, "day", 8);
    t.clock.advance(25 * HOUR);
    const offered = await resizeOptions(t.ctx, renter.caller, { uuid });
    expect(offered).toMatchObject({ blocked: "套餐已到期，请先续费再调整配置", options: [] });
  });
});

describe("the host's last free GPU", () => {
  it("goes to exactly one of several concurrent upgrades; no slot is held twice", async () => {
    const renters = await Promise.all(Array.from({ length: 4 }, () => mainAccount(t, { cashFen: 1_000_00 })));
    // One host, 8 GPUs: four one-GPU packages leave 4 free; take 3 more with a fifth renter's instance.
    const offer = await testOffer(t, { hosts: [8] });
    const uuids: string[] = [];
    for (const renter of renters) {
      const created = await createInstance(t.ctx, renter.caller, { ...daily(offer, 1), operationKey: opKey() });
      uuids.push(created.instance.uuid);
    }
    const filler = await mainAccount(t, { cashFen: 1_000_00 });
    await createInstance(t.ctx, filler.caller, { ...daily(offer, 1, { gpuCount: 3 }), operationKey: opKey() });
    await wait(5 * SECOND);
    for (const [i, renter] of renters.entries()) await stopInstance(t.ctx, renter.caller, { uuid: uuids[i]! });
    await wait(3 * SECOND);
    const hostId = offer.hostIds[0]!;
    expect(await freeOn(hostId)).toBe(1);

    const outcomes = await Promise.all(
      renters.map((renter, i) =>
        outcomeOf(resizeInstance(t.ctx, renter.caller, { uuid: uuids[i]!, gpuCount: 2, operationKey: opKey("race") })),
      ),
    );
    expect(outcomes.sort()).toEqual(["HOST_GPU_BUSY", "HOST_GPU_BUSY", "HOST_GPU_BUSY", "ok"]);
    expect(await freeOn(hostId)).toBe(0);
    const held = await t.db.select({ n: instances.gpuCount }).from(instances).where(eq(instances.hostId, hostId));
    expect(held.reduce((s, r) => s + r.n, 0)).toBe(8);
    const upgrades = await t.db.select().from(purchaseOrders).where(eq(purchaseOrders.kind, "upgrade"));
    expect(upgrades.filter((o) => uuids.some((u) => o.refersTo === `instance:${u}`))).toHaveLength(1);
  });
});
