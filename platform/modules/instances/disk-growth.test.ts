/**
 * Growing a stopped instance's data disk (decision 093): the sizes its host has
 * room for, each with its price. A package is charged the added GB for the
 * rest of the term prorated to the second, once per operation key; the growth
 * is refunded with the package by stop-with-refund, and renewals include the
 * extra GB. An hourly instance pays nothing at the change and its settlements
 * add the extra GB from its next start. Running instances and full hosts are
 * refused; two growths racing for the host's last GB get it once (on
 * PostgreSQL they really race).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hosts, instanceSettlements, instances } from "../../db/market-schema";
import { purchaseOrders } from "../../db/wallet-schema";
import { instanceEvents } from "../../db/timeline-schema";
import { runBilling } from "../../jobs/billing";
import { settlementDetailOf, settlementExplanation } from "../../rules/bill-explanation";
import { extraDiskChargeFen, quoteDiskGrowth } from "../../rules/data-disk-growth";
import { formatMoney } from "../../rules/money";
import { quotePackage, usageChargeFen } from "../../rules/rental-price";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { daily, hourly, mainAccount, opKey, testOffer, type TestAccount } from "../../../tests/support/instances";
import { HOUR, MINUTE, startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import type { DomainError } from "../errors";
import { ledgerSums } from "../wallet/ledger";
import { startInstance, stopInstance } from "./actions";
import { createInstance } from "./create";
import { growDataDisk } from "./disk-growth";
import { previewStopRefund } from "./refund";
import { previewRenewal } from "./renew";
import { resizeOptions } from "./resize";
import { advanceTransitions } from "./transitions";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-03-01T00:00:00Z") });
});
afterAll(() => t.close());
afterEach(async () => expect(await t.unbalancedAccounts()).toEqual([]));

const SECOND = 1000;
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

/** Stopped instances of `renter` on one fresh host whose room for extra GB is `roomGb`. */
async function stoppedOnOneHost(renters: TestAccount[], mode: "hour" | "day", roomGb = 4096, days = 1) {
  const offer = await testOffer(t, { hosts: [8] });
  const hostId = offer.hostIds[0]!;
  await t.db.update(hosts).set({ extraDiskGbTotal: roomGb }).where(eq(hosts.id, hostId));
  const uuids: string[] = [];
  for (const renter of renters) {
    const choice = mode === "hour" ? hourly(offer) : daily(offer, days);
    const created = await createInstance(t.ctx, renter.caller, { ...choice, operationKey: opKey() });
    uuids.push(created.instance.uuid);
  }
  await wait(5 * SECOND);
  for (const [i, renter] of renters.entries()) await stopInstance(t.ctx, renter.caller, { uuid: uuids[i]! });
  await wait(3 * SECOND);
  return { hostId, uuids };
}

describe("a day package's data disk", () => {
  it("grows by a size on offer, charged for the rest of the term to the second, once per key", async () => {
    const renter = await mainAccount(t, { cashFen: 1_000_00, voucherFen: 10 });
    const {
      uuids: [uuid],
    } = await stoppedOnOneHost([renter], "day");
    t.clock.advance(HOUR);
    const row = await rowOf(uuid!);
    expect(row).toMatchObject({ dataDiskGb: 50, extraDiskGb: 0 });
    const left = Math.floor((row.packageExpiresAt!.getTime() - t.clock.now().getTime()) / 1000);
    const expected = quoteDiskGrowth({ fromDataDiskGb: 50, toDataDiskGb: 150, gbMonthFen: 20, remainingSeconds: left });

    const offered = await resizeOptions(t.ctx, renter.caller, { uuid: uuid! });
    expect(offered.disk.blocked).toBeNull();
    expect(offered.disk.options.map((o) => o.toDataDiskGb)).toEqual([100, 150, 250, 550, 1050]);
    expect(offered.disk.options[1]).toEqual(expected);

    const before = await ledgerSums(t.ctx, renter.userId);
    const key = opKey("disk");
    const grown = await growDataDisk(t.ctx, renter.caller, { uuid: uuid!, dataDiskGb: 150, operationKey: key });
    expect(grown).toMatchObject({ replayed: false, quote: expected, instance: { dataDiskGb: 150 } });
    expect(grown.paidVoucherFen + grown.paidCashFen).toBe(expected.chargeFen);
    const again = await growDataDisk(t.ctx, renter.caller, { uuid: uuid!, dataDiskGb: 150, operationKey: key });
    expect(again).toMatchObject({ replayed: true, orderNo: grown.orderNo, instance: { dataDiskGb: 150 } });

    const after = await ledgerSums(t.ctx, renter.userId);
    expect(before.cash + before.voucher - after.cash - after.voucher).toBe(expected.chargeFen);
    expect(await rowOf(uuid!)).toMatchObject({
      dataDiskGb: 150,
      extraDiskGb: 100,
      extraDiskMonthFen: 100 * 20,
      costFen: row.costFen + expected.chargeFen,
    });
    const [order] = await t.db.select().from(purchaseOrders).where(eq(purchaseOrders.orderNo, grown.orderNo!));
    expect(order).toMatchObject({ kind: "upgrade", refersTo: `instance:${uuid}`, amountFen: expected.chargeFen });
    expect(order!.detail).toMatchObject({ explanation: expected.explanation, fromDataDiskGb: 50 });
    const logged = await t.db
      .select()
      .from(instanceEvents)
      .where(and(eq(instanceEvents.instanceId, row.id), eq(instanceEvents.kind, "resize")));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ amountFen: expected.chargeFen });
    expect(logged[0]!.text).toBe(
      `数据盘由 50GB 扩容到 150GB，补差价 ${formatMoney(expected.chargeFen)}` +
        `（算力券 ${formatMoney(grown.paidVoucherFen)}，余额 ${formatMoney(grown.paidCashFen)}）`,
    );

    // It only grows: the same or a smaller size is refused and changes nothing.
    expect(
      await failure(growDataDisk(t.ctx, renter.caller, { uuid: uuid!, dataDiskGb: 100, operationKey: opKey() })),
    ).toEqual({ key: "BAD_REQUEST", field: "data_disk_gb", detail: "数据盘只能扩容，新容量应大于当前的 150GB" });
    expect((await rowOf(uuid!)).dataDiskGb).toBe(150);
  });

  it("is refunded with the package: stop-with-refund counts the growth's unused whole days", async () => {
    const renter = await mainAccount(t, { cashFen: 1_000_00 });
    const {
      uuids: [uuid],
    } = await stoppedOnOneHost([renter], "day", 4096, 3);
    t.clock.advance(2 * HOUR);
    const grown = await growDataDisk(t.ctx, renter.caller, { uuid: uuid!, dataDiskGb: 1050, operationKey: opKey() });
    const preview = await previewStopRefund(t.ctx, renter.caller, { uuid: uuid! });
    const line = preview.refund.lines.find((l) => l.orderNo === grown.orderNo);
    // 2 whole days of the growth's (3 days − 2 h − a few seconds): its value for those days, no coupon.
    expect(preview.refund.unusedDays).toBe(2);
    expect(line).toBeDefined();
    const charged = grown.paidVoucherFen + grown.paidCashFen;
    expect(line!.refundFen).toBe(Math.round((charged * 2 * 86_400_000) / line!.periodMs));
    expect(line!.refundFen).toBeLessThanOrEqual(charged);
  });

  it("is renewed with the package: a renewal adds the extra GB for its hours", async () => {
    const renter = await mainAccount(t, { cashFen: 1_000_00 });
    const {
      uuids: [uuid],
    } = await stoppedOnOneHost([renter], "day");
    await growDataDisk(t.ctx, renter.caller, { uuid: uuid!, dataDiskGb: 150, operationKey: opKey() });
    const preview = await previewRenewal(t.ctx, renter.caller, { uuid: uuid!, unit: "day", count: 1 });
    // 100 GB × ¥0.20 = ¥20.00 a month: 86 400 s of it = ¥0.6667 → ¥0.67, on top of the GPU's day.
    const gpuDay = quotePackage({ mode: "day", units: 1, gpuCount: 1, unitPriceFen: 198, vipDiscountBp: 10_000 });
    expect(preview.price).toMatchObject({ extraDiskFen: 67, amountFen: gpuDay.payFen + 67 });
  });

  it("is not offered, and refused, for a running instance or a host with no room", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const {
      uuids: [dayUuid],
    } = await stoppedOnOneHost([renter], "day", 40);
    expect((await resizeOptions(t.ctx, renter.caller, { uuid: dayUuid! })).disk).toEqual({
      blocked: "所在主机可扩容的数据盘空间不足",
      options: [],
    });
    expect(
      await failure(growDataDisk(t.ctx, renter.caller, { uuid: dayUuid!, dataDiskGb: 100, operationKey: opKey() })),
    ).toEqual({
      key: "HOST_DISK_FULL",
      field: "data_disk_gb",
      detail: "所在主机可扩容的数据盘空间不足，无法扩容到 100GB",
    });

    await startInstance(t.ctx, renter.caller, { uuid: dayUuid! });
    await wait(4 * SECOND);
    expect((await resizeOptions(t.ctx, renter.caller, { uuid: dayUuid! })).disk.blocked).toBe("请先关机再扩容数据盘");
    const cash = (await ledgerSums(t.ctx, renter.userId)).cash;
    expect(
      await failure(growDataDisk(t.ctx, renter.caller, { uuid: dayUuid!, dataDiskGb: 60, operationKey: opKey() })),
    ).toMatchObject({ key: "INSTANCE_STATE", detail: "请先关机再扩容数据盘" });
    expect((await ledgerSums(t.ctx, renter.userId)).cash).toBe(cash);
    expect((await rowOf(dayUuid!)).dataDiskGb).toBe(50);
  });
});

describe("an hourly instance's data disk", () => {
  it("grows for nothing; from its next start its settlements add the extra GB, explained", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const {
      uuids: [uuid],
    } = await stoppedOnOneHost([renter], "hour");
    const offered = await resizeOptions(t.ctx, renter.caller, { uuid: uuid! });
    expect(offered.disk.options[1]).toMatchObject({
      kind: "disk_hourly",
      toDataDiskGb: 150,
      chargeFen: 0,
      toHourFen: 3,
    });
    const cash = (await ledgerSums(t.ctx, renter.userId)).cash;
    const key = opKey("disk");
    const grown = await growDataDisk(t.ctx, renter.caller, { uuid: uuid!, dataDiskGb: 150, operationKey: key });
    // ¥1.98 for the GPU and 100 GB × ¥0.20/月 = ¥20.00/月 → 3600 s of it ¥0.0278 → ¥0.03.
    expect(grown).toMatchObject({
      orderNo: null,
      paidCashFen: 0,
      instance: { dataDiskGb: 150, hourlyPriceFen: 198 + 3 },
    });
    expect(await growDataDisk(t.ctx, renter.caller, { uuid: uuid!, dataDiskGb: 150, operationKey: key })).toMatchObject(
      {
        replayed: true,
      },
    );
    expect((await ledgerSums(t.ctx, renter.userId)).cash).toBe(cash);
    const row = await rowOf(uuid!);
    expect(row).toMatchObject({ extraDiskGb: 100, extraDiskMonthFen: 2000 });
    const logged = await t.db
      .select()
      .from(instanceEvents)
      .where(and(eq(instanceEvents.instanceId, row.id), eq(instanceEvents.kind, "resize")));
    expect(logged.map((e) => e.text)).toEqual(["数据盘由 50GB 扩容到 150GB，扩容时不收费，开机后扩容部分每小时 ¥0.03"]);

    await startInstance(t.ctx, renter.caller, { uuid: uuid! });
    await wait(4 * SECOND);
    const started = (await rowOf(uuid!)).billedUntil!;
    t.clock.advance(HOUR + MINUTE);
    await runBilling(t.ctx);
    const [settled] = await t.db
      .select()
      .from(instanceSettlements)
      .where(and(eq(instanceSettlements.instanceId, row.id), eq(instanceSettlements.periodStart, started)));
    const seconds = settled!.seconds;
    const gpuPart = usageChargeFen({ seconds, gpuCount: 1, unitPriceFen: 198, vipDiscountBp: 10_000 }).amountFen;
    const diskPart = extraDiskChargeFen({ seconds, gb: 100, gbMonthFen: 20 });
    expect(diskPart).toBeGreaterThan(0);
    expect(settled).toMatchObject({
      extraDiskMonthFen: 2000,
      amountDueFen: gpuPart + diskPart,
      amountFen: gpuPart + diskPart,
    });
    expect(settlementExplanation(settlementDetailOf(settled!))).toBe(
      `${seconds} 秒 × 1 卡 × ¥1.98/卡·时 + ${seconds} 秒 × 数据盘扩容 ¥20.00/月 = ¥${((gpuPart + diskPart) / 100).toFixed(2)}；` +
        `算力券 ¥0.00，余额 ¥${((gpuPart + diskPart) / 100).toFixed(2)}`,
    );
  });
});

describe("the host's last GB", () => {
  it("go to exactly one of several concurrent growths; the host's room is never exceeded", async () => {
    const renters = await Promise.all(Array.from({ length: 4 }, () => mainAccount(t, { cashFen: 1_000_00 })));
    const { hostId, uuids } = await stoppedOnOneHost(renters, "day", 100);
    const outcomes = await Promise.all(
      renters.map((renter, i) =>
        outcomeOf(growDataDisk(t.ctx, renter.caller, { uuid: uuids[i]!, dataDiskGb: 150, operationKey: opKey() })),
      ),
    );
    expect(outcomes.sort()).toEqual(["HOST_DISK_FULL", "HOST_DISK_FULL", "HOST_DISK_FULL", "ok"]);
    const rows = await t.db.select().from(instances).where(eq(instances.hostId, hostId));
    expect(rows.reduce((s, r) => s + r.extraDiskGb, 0)).toBe(100);
    const upgrades = await t.db.select().from(purchaseOrders).where(eq(purchaseOrders.kind, "upgrade"));
    expect(upgrades.filter((o) => uuids.some((u) => o.refersTo === `instance:${u}`))).toHaveLength(1);
  });
});
