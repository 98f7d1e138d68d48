/**
 * Renewing (issue 36 §1, decision 079): a package is extended from its
 * expiry at the rental's unit price with the unit's duration discount, paid
 * vouchers first, as a "renewal" order the instance's charges explain; an
 * hourly instance is settled up to now and becomes a package from now; an
 * expired package in retention takes its GPUs back (HOST_GPU_BUSY when the
 * host lacks them, nothing charged) and can start again; one operation key
 * makes one charge even submitted at once; two keys racing the balance never
 * take it below zero. On PostgreSQL the concurrent calls really race.
 * After every test each account's balances equal the sums of its ledger entries.
 */
import { and, count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { hosts, instanceSettlements, instances } from "../../db/market-schema";
import { purchaseOrders, userCoupons } from "../../db/wallet-schema";
import { instanceEvents } from "../../db/timeline-schema";
import { purchaseExplanation } from "../../rules/bill-explanation";
import { quotePackage } from "../../rules/rental-price";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { openCouponGroup } from "../../../tests/support/coupon-fixtures";
import {
  daily,
  hourly,
  mainAccount,
  opKey,
  subAccount,
  testOffer,
  type TestAccount,
} from "../../../tests/support/instances";
import { DAY, HOUR, startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { expirePackages } from "../billing/packages";
import { settleUsage } from "../billing/settle";
import { claimCoupon } from "../coupons/claim";
import { DomainError } from "../errors";
import { startInstance } from "./actions";
import { createInstance } from "./create";
import { instanceDetail } from "./detail";
import { previewRenewal, renewInstance } from "./renew";
import { advanceTransitions } from "./transitions";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-04-01T00:00:00Z") });
});
afterAll(() => t.close());
afterEach(async () => expect(await t.unbalancedAccounts()).toEqual([]));

const UNIT_FEN = 198;
const rowOf = async (uuid: string) => (await t.db.select().from(instances).where(eq(instances.uuid, uuid)))[0]!;
const walletsOf = async (userId: number) =>
  (
    await t.db.select({ cash: users.moneyFen, voucher: users.powerMoneyFen }).from(users).where(eq(users.id, userId))
  )[0]!;
const freeOn = async (hostId: number) =>
  (await t.db.select({ free: hosts.gpuFree }).from(hosts).where(eq(hosts.id, hostId)))[0]!.free;
const renewalsOf = async (uuid: string) =>
  Number(
    (
      await t.db
        .select({ n: count() })
        .from(purchaseOrders)
        .where(and(eq(purchaseOrders.refersTo, `instance:${uuid}`), eq(purchaseOrders.kind, "renewal")))
    )[0]!.n,
  );

async function wait(ms: number) {
  t.clock.advance(ms);
  return advanceTransitions(t.ctx);
}

async function runningPackage(renter: TestAccount, options: { days?: number; hostFree?: number } = {}) {
  const offer = await testOffer(t, { hosts: [options.hostFree ?? 8] });
  const created = await createInstance(t.ctx, renter.caller, {
    ...daily(offer, options.days ?? 1),
    operationKey: opKey(),
  });
  await wait(5_000);
  return { offer, uuid: created.instance.uuid, expiresAt: created.instance.packageExpiresAt! };
}

describe("renewing a package", () => {
  it("extends it from its expiry at the rental's price, vouchers first, and the charges explain it", async () => {
    const renter = await mainAccount(t, { cashFen: 500_00 });
    const { uuid, expiresAt } = await runningPackage(renter);
    await t.setWallets(renter.userId, { voucherFen: 5_00 });
    const before = await walletsOf(renter.userId);
    const expected = quotePackage({
      mode: "day",
      units: 2,
      gpuCount: 1,
      unitPriceFen: UNIT_FEN,
      vipDiscountBp: 10_000,
    });

    const preview = await previewRenewal(t.ctx, renter.caller, { uuid, unit: "day", count: 2 });
    expect(preview.price.amountFen).toBe(expected.payFen);
    expect(preview.term.periodStart).toEqual(expiresAt);

    const renewed = await renewInstance(t.ctx, renter.caller, {
      uuid,
      unit: "day",
      count: 2,
      operationKey: opKey("renew"),
    });
    expect(renewed.price).toEqual(preview.price);
    expect(renewed).toMatchObject({
      replayed: false,
      paidVoucherFen: before.voucher,
      paidCashFen: expected.payFen - before.voucher,
    });
    expect(renewed.instance.packageExpiresAt!.getTime()).toBe(expiresAt.getTime() + 48 * HOUR);
    expect(renewed.instance).toMatchObject({ state: "running", billingMode: "day", packageUnits: 3 });
    expect(await walletsOf(renter.userId)).toEqual({
      voucher: 0,
      cash: before.cash - (expected.payFen - before.voucher),
    });

    const detail = await instanceDetail(t.ctx, renter.caller, { uuid, revealPassword: false });
    const renewal = detail.charges.filter((c) => c.kind === "package")[1]!;
    expect(renewal).toMatchObject({ amountFen: expected.payFen, periodStart: expiresAt });
    const [order] = await t.db.select().from(purchaseOrders).where(eq(purchaseOrders.orderNo, renewed.orderNo));
    expect(order).toMatchObject({ kind: "renewal", refersTo: `instance:${uuid}` });
    expect(
      purchaseExplanation(order!.kind, order!.detail, order!.amountFen, order!.paidVoucherFen, order!.paidCashFen),
    ).toBe(
      `2 天（48 小时）× 1 卡 × ¥1.98/卡·时 × 时长 0.98 = ¥${(expected.payFen / 100).toFixed(2)}；` +
        `算力券 ¥5.00，余额 ¥${((expected.payFen - 500) / 100).toFixed(2)}`,
    );
    // The instance's log has the renewal with its charge.
    const { id: instanceId } = await rowOf(uuid);
    const logged = await t.db
      .select()
      .from(instanceEvents)
      .where(and(eq(instanceEvents.instanceId, instanceId), eq(instanceEvents.kind, "renew")));
    expect(logged).toMatchObject([
      { actor: "user", amountFen: expected.payFen, text: expect.stringMatching(/^续费 2 天，到期时间 .*，扣费 ¥/) },
    ]);
  });

  it("by a month uses the month's discount and uses a package coupon once", async () => {
    const renter = await mainAccount(t, { cashFen: 2_000_00 });
    const { uuid, expiresAt } = await runningPackage(renter);
    const group = await openCouponGroup(t, { type: 2, amountFen: 20_00, targetUseMode: 1 });
    const { id: couponId } = await claimCoupon(t.ctx, renter.caller, { groupId: group.id });
    const renewed = await renewInstance(t.ctx, renter.caller, {
      uuid,
      unit: "month",
      count: 1,
      operationKey: opKey("renew"),
    });
    expect(renewed.price).toMatchObject({ durationDiscountBp: 9_500, couponId, couponSavingFen: 20_00, hours: 720 });
    expect(renewed.price.amountFen).toBe(Math.round(UNIT_FEN * 720 * 0.95) - 20_00);
    expect(renewed.instance.packageExpiresAt!.getTime()).toBe(expiresAt.getTime() + 30 * DAY);
    // A day package renewed by a month keeps its mode; its units count days only.
    expect(renewed.instance).toMatchObject({ billingMode: "day", packageUnits: 1 });
    const [coupon] = await t.db.select().from(userCoupons).where(eq(userCoupons.id, couponId));
    expect(coupon).toMatchObject({ usedFor: `instance:${uuid}` });
    const again = await outcomeOf(
      renewInstance(t.ctx, renter.caller, { uuid, unit: "day", count: 1, couponId, operationKey: opKey("renew") }),
    );
    expect(again).toBe("COUPON_NOT_APPLICABLE");
  });

  it("refuses a bad count next to its field and charges nothing", async () => {
    const renter = await mainAccount(t, { cashFen: 500_00 });
    const { uuid } = await runningPackage(renter);
    const error = (await renewInstance(t.ctx, renter.caller, {
      uuid,
      unit: "day",
      count: 30,
      operationKey: opKey("renew"),
    }).catch((e: unknown) => e)) as DomainError;
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ key: "BAD_REQUEST", field: "count", message: "续费天数必须在1到29天之间" });
    expect(await renewalsOf(uuid)).toBe(0);
  });
});

describe("an hourly instance renewed", () => {
  it("is settled up to now and becomes a package from now", async () => {
    const renter = await mainAccount(t, { cashFen: 500_00 });
    const offer = await testOffer(t, { hosts: [8] });
    const created = await createInstance(t.ctx, renter.caller, { ...hourly(offer), operationKey: opKey() });
    await wait(5_000);
    t.clock.advance(90 * 60_000);
    const now = t.clock.now();
    const renewed = await renewInstance(t.ctx, renter.caller, {
      uuid: created.instance.uuid,
      unit: "day",
      count: 1,
      operationKey: opKey("renew"),
    });
    expect(renewed.periodStart).toEqual(now);
    expect(renewed.instance).toMatchObject({ billingMode: "day", packageUnits: 1, durationDiscountBp: 9_800 });
    expect(renewed.instance.packageExpiresAt).toEqual(new Date(now.getTime() + DAY));
    const settled = await t.db
      .select()
      .from(instanceSettlements)
      .where(eq(instanceSettlements.instanceId, created.instance.id));
    expect(settled.reduce((s, r) => s + r.seconds, 0)).toBe(90 * 60);
    // Package now: the hourly settlement no longer bills it.
    t.clock.advance(2 * HOUR);
    await settleUsage(t.db, { upTo: t.clock.now(), instanceIds: [created.instance.id] });
    const after = await t.db
      .select()
      .from(instanceSettlements)
      .where(eq(instanceSettlements.instanceId, created.instance.id));
    expect(after.length).toBe(settled.length);
  });
});

describe("an expired package in retention", () => {
  async function expired(renter: TestAccount) {
    const pkg = await runningPackage(renter);
    t.clock.advance(DAY);
    await expirePackages(t.ctx);
    await wait(10_000);
    const row = await rowOf(pkg.uuid);
    expect(row).toMatchObject({ state: "stopped", gpuHeld: false, stopReason: "expired" });
    expect(row.releaseAt).not.toBeNull();
    return pkg;
  }

  it("takes its GPUs back, is kept, and starts again", async () => {
    const renter = await mainAccount(t, { cashFen: 500_00 });
    const { uuid, offer } = await expired(renter);
    const freeBefore = await freeOn(offer.hostIds[0]!);
    const now = t.clock.now();
    const renewed = await renewInstance(t.ctx, renter.caller, {
      uuid,
      unit: "day",
      count: 1,
      operationKey: opKey("renew"),
    });
    expect(renewed.periodStart).toEqual(now);
    expect(await freeOn(offer.hostIds[0]!)).toBe(freeBefore - 1);
    expect(await rowOf(uuid)).toMatchObject({ state: "stopped", gpuHeld: true, releaseAt: null });
    const started = await startInstance(t.ctx, renter.caller, { uuid });
    expect(started.state).toBe("starting");
  });

  it("is refused HOST_GPU_BUSY when its host lacks the GPUs, and nothing is charged", async () => {
    const renter = await mainAccount(t, { cashFen: 500_00 });
    const { uuid, offer } = await expired(renter);
    await t.db.update(hosts).set({ gpuFree: 0 }).where(eq(hosts.id, offer.hostIds[0]!));
    const before = await walletsOf(renter.userId);
    const outcome = await outcomeOf(
      renewInstance(t.ctx, renter.caller, { uuid, unit: "day", count: 1, operationKey: opKey("renew") }),
    );
    expect(outcome).toBe("HOST_GPU_BUSY");
    expect(await walletsOf(renter.userId)).toEqual(before);
    expect(await renewalsOf(uuid)).toBe(0);
    expect(await rowOf(uuid)).toMatchObject({ gpuHeld: false });
  });
});

describe("idempotency and concurrency", () => {
  it("one operation key submitted at once renews once and answers the first renewal", async () => {
    const renter = await mainAccount(t, { cashFen: 500_00 });
    const { uuid, expiresAt } = await runningPackage(renter);
    const operationKey = opKey("renew");
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        renewInstance(t.ctx, renter.caller, { uuid, unit: "day", count: 1, operationKey }),
      ),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.orderNo)).size).toBe(1);
    expect(await renewalsOf(uuid)).toBe(1);
    expect((await rowOf(uuid)).packageExpiresAt!.getTime()).toBe(expiresAt.getTime() + DAY);
  });

  it("the key of another instance's renewal is OPERATION_CONFLICT", async () => {
    const renter = await mainAccount(t, { cashFen: 500_00 });
    const a = await runningPackage(renter);
    const b = await runningPackage(renter);
    const operationKey = opKey("renew");
    await renewInstance(t.ctx, renter.caller, { uuid: a.uuid, unit: "day", count: 1, operationKey });
    expect(
      await outcomeOf(renewInstance(t.ctx, renter.caller, { uuid: b.uuid, unit: "day", count: 1, operationKey })),
    ).toBe("OPERATION_CONFLICT");
    expect(await renewalsOf(b.uuid)).toBe(0);
  });

  it("two keys racing the balance: one is paid, the other refused, never below zero", async () => {
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const { uuid } = await runningPackage(renter);
    const price = quotePackage({
      mode: "day",
      units: 1,
      gpuCount: 1,
      unitPriceFen: UNIT_FEN,
      vipDiscountBp: 10_000,
    }).payFen;
    const left = (await walletsOf(renter.userId)).cash;
    expect(left).toBeGreaterThanOrEqual(price);
    expect(left).toBeLessThan(2 * price);
    const outcomes = await Promise.all(
      [opKey("renew"), opKey("renew")].map((operationKey) =>
        outcomeOf(renewInstance(t.ctx, renter.caller, { uuid, unit: "day", count: 1, operationKey })),
      ),
    );
    expect(outcomes.sort()).toEqual(["BALANCE_BELOW_PRICE", "ok"]);
    expect((await walletsOf(renter.userId)).cash).toBe(left - price);
  });
});

describe("whose instance", () => {
  it("another account's instance, or a sibling sub-account's, is not found and nothing changes", async () => {
    const owner = await mainAccount(t, { cashFen: 500_00 });
    const { uuid, expiresAt } = await runningPackage(owner);
    const stranger = await mainAccount(t, { cashFen: 500_00 });
    const sibling = await subAccount(t, owner, 500_00);
    for (const who of [stranger, sibling]) {
      expect(await outcomeOf(previewRenewal(t.ctx, who.caller, { uuid, unit: "day", count: 1 }))).toBe(
        "INSTANCE_NOT_FOUND",
      );
      expect(
        await outcomeOf(
          renewInstance(t.ctx, who.caller, { uuid, unit: "day", count: 1, operationKey: opKey("renew") }),
        ),
      ).toBe("INSTANCE_NOT_FOUND");
    }
    expect(await renewalsOf(uuid)).toBe(0);
    expect((await rowOf(uuid)).packageExpiresAt).toEqual(expiresAt);
  });
});
