/**
 * Hour packages (包时, issue 36 §1, decision 085): 1–23 hours prepaid like a
 * day package, priced unit × GPUs × hours × membership discount (duration
 * discount 1), with package coupons; the expiry job stops one when its hours
 * are over exactly as it stops a day package; renewing adds hours to any
 * package and turns a pay-as-you-go instance into an hour package. "hour"
 * stays pay-as-you-go. One operation key makes one hour package even sent at
 * once, and racing rentals never take the cash below zero (on PostgreSQL the
 * calls really race). After every test each account's balances equal the sums
 * of its ledger entries.
 */
import { and, count, eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hosts, instances } from "../../db/market-schema";
import { purchaseOrders, userCoupons } from "../../db/wallet-schema";
import { instanceEvents } from "../../db/timeline-schema";
import { runPackageExpiry } from "../../jobs/package-expiry";
import { notificationsOf } from "../../../tests/support/billing-instances";
import { EXPIRED_TITLE, EXPIRY_SOON_TITLE } from "../billing/packages";
import { purchaseExplanation } from "../../rules/bill-explanation";
import { quotePackage } from "../../rules/rental-price";
import { openCouponGroup } from "../../../tests/support/coupon-fixtures";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { hourly, mainAccount, opKey, testOffer, type TestOffer } from "../../../tests/support/instances";
import { HOUR, startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { claimCoupon } from "../coupons/claim";
import { DomainError } from "../errors";
import type { RentalChoice } from "./choice";
import { createInstance } from "./create";
import { pickCoupons, previewRental } from "./preview";
import { renewInstance } from "./renew";
import { resizeInstance } from "./resize";
import { stopInstance } from "./actions";
import { advanceTransitions } from "./transitions";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-05-01T00:00:00Z") });
});
afterAll(() => t.close());
afterEach(async () => expect(await t.unbalancedAccounts()).toEqual([]));

const UNIT_FEN = 198;
const hours = (offer: TestOffer, n: number, overrides: Partial<RentalChoice> = {}): RentalChoice =>
  hourly(offer, { billingMode: "hour_package", duration: n, ...overrides });
const rowOf = async (uuid: string) => (await t.db.select().from(instances).where(eq(instances.uuid, uuid)))[0]!;
const freeOn = async (hostId: number) =>
  (await t.db.select({ free: hosts.gpuFree }).from(hosts).where(eq(hosts.id, hostId)))[0]!.free;
const orderOf = async (orderNo: string) =>
  (await t.db.select().from(purchaseOrders).where(eq(purchaseOrders.orderNo, orderNo)))[0]!;

async function wait(ms: number) {
  t.clock.advance(ms);
  return advanceTransitions(t.ctx);
}

describe("renting an hour package", () => {
  it("3 hours of 2 GPUs: charged unit × GPUs × hours up front, no duration discount, expiring 3 hours later", async () => {
    const offer = await testOffer(t, { hosts: [8] });
    const renter = await mainAccount(t, { cashFen: 100_00, voucherFen: 2_00 });
    const choice = hours(offer, 3, { gpuCount: 2 });
    const preview = await previewRental(t.ctx, renter.caller, choice);
    expect(preview.price).toMatchObject({
      billingMode: "hour_package",
      hours: 3,
      duration: 3,
      listFen: UNIT_FEN * 2 * 3,
      durationDiscountBp: 10_000,
      amountFen: UNIT_FEN * 2 * 3,
    });
    expect(preview.price.amountFen).toBe(
      quotePackage({ mode: "hour_package", units: 3, gpuCount: 2, unitPriceFen: UNIT_FEN, vipDiscountBp: 10_000 })
        .payFen,
    );

    const created = await createInstance(t.ctx, renter.caller, { ...choice, operationKey: opKey() });
    expect(created.price).toEqual(preview.price);
    expect(created).toMatchObject({ paidVoucherFen: 2_00, paidCashFen: UNIT_FEN * 6 - 2_00 });
    expect(created.instance).toMatchObject({ billingMode: "hour_package", packageUnits: 3, costFen: UNIT_FEN * 6 });
    expect(created.instance.packageExpiresAt!.getTime() - created.instance.createdAt.getTime()).toBe(3 * HOUR);
    expect(await freeOn(offer.hostIds[0]!)).toBe(6);

    const order = await orderOf(created.orderNo!);
    expect(order).toMatchObject({ kind: "rental", amountFen: UNIT_FEN * 6 });
    expect(
      purchaseExplanation(order.kind, order.detail, order.amountFen, order.paidVoucherFen, order.paidCashFen),
    ).toBe("3 小时 × 2 卡 × ¥1.98/卡·时 = ¥11.88；算力券 ¥2.00，余额 ¥9.88");
    const [logged] = await t.db
      .select()
      .from(instanceEvents)
      .where(and(eq(instanceEvents.instanceId, created.instance.id), eq(instanceEvents.kind, "create")));
    expect(logged!.text).toBe("用户创建实例：RTX 4090 × 2，包时 3 小时");
  });

  it("takes a package coupon (an hourly rental cannot)", async () => {
    const offer = await testOffer(t, { hosts: [8] });
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const group = await openCouponGroup(t, { type: 2, amountFen: 1_00, targetUseMode: 1 });
    const { id: couponId } = await claimCoupon(t.ctx, renter.caller, { groupId: group.id });
    const forHours = await pickCoupons(t.ctx, renter.caller, hours(offer, 5));
    expect(forHours.bestCouponId).toBe(couponId);
    const forHourly = await pickCoupons(t.ctx, renter.caller, hourly(offer));
    expect(forHourly.bestCouponId).toBeNull();

    const created = await createInstance(t.ctx, renter.caller, { ...hours(offer, 5), operationKey: opKey() });
    expect(created.price).toMatchObject({ couponId, couponSavingFen: 1_00, amountFen: UNIT_FEN * 5 - 1_00 });
    const [coupon] = await t.db.select().from(userCoupons).where(eq(userCoupons.id, couponId));
    expect(coupon).toMatchObject({ usedFor: `instance:${created.instance.uuid}` });
  });

  it("refuses 0, 24 and 2.5 hours beside the duration field and takes nothing", async () => {
    const offer = await testOffer(t, { hosts: [8] });
    const renter = await mainAccount(t, { cashFen: 100_00 });
    for (const n of [0, 24, 2.5]) {
      const error = (await createInstance(t.ctx, renter.caller, {
        ...hours(offer, n),
        operationKey: opKey(),
      }).catch((e: unknown) => e)) as DomainError;
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ key: "BAD_REQUEST", field: "duration", message: "包时时长必须在1到23小时之间" });
    }
    expect(await freeOn(offer.hostIds[0]!)).toBe(8);
  });
});

describe("hour packages at once", () => {
  it("one operation key sent 10 times at once: one instance, one charge", async () => {
    const offer = await testOffer(t, { hosts: [8] });
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const operationKey = opKey("same");
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => createInstance(t.ctx, renter.caller, { ...hours(offer, 3), operationKey })),
    );
    expect(new Set(answers.map((a) => a.instance.uuid)).size).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    const made = await t.db.select({ n: count() }).from(instances).where(eq(instances.userId, renter.userId));
    expect(Number(made[0]!.n)).toBe(1);
    expect(await freeOn(offer.hostIds[0]!)).toBe(7);
    const [wallet] = await t.db.select({ cash: users.moneyFen }).from(users).where(eq(users.id, renter.userId));
    expect(wallet!.cash).toBe(100_00 - UNIT_FEN * 3);
  });

  it("cash for exactly 2 of 5 racing 3-hour rentals: 2 are made, 3 refused, the balance ends at 0", async () => {
    const offer = await testOffer(t, { hosts: [8] });
    const renter = await mainAccount(t, { cashFen: 2 * UNIT_FEN * 3 });
    await t.db.update(users).set({ creditQuotaFen: 0 }).where(eq(users.id, renter.userId));
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () =>
        outcomeOf(createInstance(t.ctx, renter.caller, { ...hours(offer, 3), operationKey: opKey() })),
      ),
    );
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(2);
    expect(outcomes.filter((o) => o === "BALANCE_BELOW_PRICE")).toHaveLength(3);
    const [wallet] = await t.db.select({ cash: users.moneyFen }).from(users).where(eq(users.id, renter.userId));
    expect(wallet!.cash).toBe(0);
    expect(await freeOn(offer.hostIds[0]!)).toBe(6);
  });
});

describe("an hour package's end", () => {
  it("is stopped by the expiry job when its 3 hours are over, like a day package, and gives its GPUs back", async () => {
    const offer = await testOffer(t, { hosts: [8] });
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const created = await createInstance(t.ctx, renter.caller, { ...hours(offer, 3), operationKey: opKey() });
    await wait(5_000);
    expect((await rowOf(created.instance.uuid)).state).toBe("running");

    // A package shorter than the notices' lead time gets no "soon" notice; nothing happens before its end.
    t.clock.advance(3 * HOUR - 5_000 - 1_000);
    const early = await runPackageExpiry(t.ctx);
    expect([...early.notified, ...early.expired]).not.toContain(created.instance.id);
    expect((await rowOf(created.instance.uuid)).state).toBe("running");

    t.clock.advance(1_000);
    expect((await runPackageExpiry(t.ctx)).expired).toContain(created.instance.id);
    expect(await rowOf(created.instance.uuid)).toMatchObject({ state: "stopping", stopReason: "expired" });
    await wait(10_000);
    const stopped = await rowOf(created.instance.uuid);
    expect(stopped).toMatchObject({ state: "stopped", stopReason: "expired", gpuHeld: false });
    expect(stopped.releaseAt).not.toBeNull();
    expect(await freeOn(offer.hostIds[0]!)).toBe(8);
    // One notice of the stop; none "soon" (the package was shorter than the notices' lead time).
    const titles = (await notificationsOf(t.db, renter.userId)).map((n) => n.title);
    expect(titles.filter((title) => title === EXPIRED_TITLE)).toHaveLength(1);
    expect(titles).not.toContain(EXPIRY_SOON_TITLE);
  });
});

describe("resizing an hour package", () => {
  it("charges the added GPU for the rest of its term, prorated to the second, with no duration discount", async () => {
    const offer = await testOffer(t, { hosts: [8] });
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const created = await createInstance(t.ctx, renter.caller, { ...hours(offer, 3), operationKey: opKey() });
    await wait(5_000);
    await stopInstance(t.ctx, renter.caller, { uuid: created.instance.uuid });
    await wait(10_000);
    // 1 hour after the rental: 2 hours left.
    t.clock.advance(HOUR - 15_000);
    const resized = await resizeInstance(t.ctx, renter.caller, {
      uuid: created.instance.uuid,
      gpuCount: 2,
      operationKey: opKey("rs"),
    });
    // 7200 s × 1 added GPU × ¥1.98/h = ¥3.96.
    expect(resized.quote).toMatchObject({ kind: "package_upgrade", remainingSeconds: 7200, chargeFen: UNIT_FEN * 2 });
    expect(resized.instance).toMatchObject({ gpuCount: 2, billingMode: "hour_package", costFen: UNIT_FEN * 5 });
  });
});

describe("renewing by hours", () => {
  it("adds 2 hours to a 3-hour package from its expiry, at unit × hours", async () => {
    const offer = await testOffer(t, { hosts: [8] });
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const created = await createInstance(t.ctx, renter.caller, { ...hours(offer, 3), operationKey: opKey() });
    await wait(5_000);
    const renewed = await renewInstance(t.ctx, renter.caller, {
      uuid: created.instance.uuid,
      unit: "hour_package",
      count: 2,
      operationKey: opKey("renew"),
    });
    expect(renewed.price).toMatchObject({ billingMode: "hour_package", hours: 2, amountFen: UNIT_FEN * 2 });
    expect(renewed.periodStart).toEqual(created.instance.packageExpiresAt);
    expect(renewed.instance).toMatchObject({ billingMode: "hour_package", packageUnits: 5, costFen: UNIT_FEN * 5 });
    expect(renewed.instance.packageExpiresAt!.getTime()).toBe(created.instance.packageExpiresAt!.getTime() + 2 * HOUR);
    const order = await orderOf(renewed.orderNo);
    expect(
      purchaseExplanation(order.kind, order.detail, order.amountFen, order.paidVoucherFen, order.paidCashFen),
    ).toBe("2 小时 × 1 卡 × ¥1.98/卡·时 = ¥3.96；算力券 ¥0.00，余额 ¥3.96");
    const [logged] = await t.db
      .select()
      .from(instanceEvents)
      .where(and(eq(instanceEvents.instanceId, created.instance.id), eq(instanceEvents.kind, "renew")));
    expect(logged!.text).toMatch(/^续费 2 小时，到期时间 /);
  });

  it("turns a pay-as-you-go instance into an hour package from now; a day package renewed by hours stays a day package", async () => {
    const offer = await testOffer(t, { hosts: [8] });
    const renter = await mainAccount(t, { cashFen: 200_00 });
    const payg = await createInstance(t.ctx, renter.caller, { ...hourly(offer), operationKey: opKey() });
    await wait(5_000);
    const now = t.clock.now();
    const turned = await renewInstance(t.ctx, renter.caller, {
      uuid: payg.instance.uuid,
      unit: "hour_package",
      count: 4,
      operationKey: opKey("renew"),
    });
    expect(turned.periodStart).toEqual(now);
    expect(turned.instance).toMatchObject({ billingMode: "hour_package", packageUnits: 4, durationDiscountBp: 10_000 });
    expect(turned.instance.packageExpiresAt).toEqual(new Date(now.getTime() + 4 * HOUR));

    const day = await createInstance(t.ctx, renter.caller, {
      ...hourly(offer, { billingMode: "day", duration: 1 }),
      operationKey: opKey(),
    });
    await wait(5_000);
    const extended = await renewInstance(t.ctx, renter.caller, {
      uuid: day.instance.uuid,
      unit: "hour_package",
      count: 6,
      operationKey: opKey("renew"),
    });
    expect(extended.instance).toMatchObject({ billingMode: "day", packageUnits: 1 });
    expect(extended.instance.packageExpiresAt!.getTime()).toBe(day.instance.packageExpiresAt!.getTime() + 6 * HOUR);
  });

  it("refuses 24 hours beside the count", async () => {
    const offer = await testOffer(t, { hosts: [8] });
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const created = await createInstance(t.ctx, renter.caller, { ...hours(offer, 1), operationKey: opKey() });
    const error = (await renewInstance(t.ctx, renter.caller, {
      uuid: created.instance.uuid,
      unit: "hour_package",
      count: 24,
      operationKey: opKey("renew"),
    }).catch((e: unknown) => e)) as DomainError;
    expect(error).toMatchObject({ key: "BAD_REQUEST", field: "count", message: "续费小时数必须在1到23小时之间" });
  });
});
