/**
 * Stop with refund (issue 36 §1, decision 080) on the simulated fleet with the
 * test's clock: the preview's figure is what is paid back, vouchers to
 * vouchers and cash to cash, one ledger entry per wallet referring to the
 * instance; the instance is released and its GPUs freed; the coupon is never
 * paid back; two requests (concurrent on PostgreSQL) refund once; a bad name,
 * a stale figure, an hourly instance and someone else's instance change nothing.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, subAccounts, users } from "../../db/schema";
import { hosts, instances } from "../../db/market-schema";
import { instanceRefunds } from "../../db/refund-schema";
import { instanceEvents } from "../../db/timeline-schema";
import { purchaseOrders } from "../../db/wallet-schema";
import { subAccountMonthSpending } from "../../db/sub-account-budget-schema";
import { beijingMonth } from "../../rules/sub-account-budget";
import { openCouponGroup } from "../../../tests/support/coupon-fixtures";
import { outcomeOf } from "../../../tests/support/domain-outcome";
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
import { claimCoupon } from "../coupons/claim";
import { createInstance } from "./create";
import { previewStopRefund, stopInstanceWithRefund } from "./refund";
import { advanceTransitions } from "./transitions";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-05-01T00:00:00Z") });
});
afterAll(() => t.close());
afterEach(async () => expect(await t.unbalancedAccounts()).toEqual([]));

const walletsOf = async (userId: number) =>
  (
    await t.db.select({ cash: users.moneyFen, voucher: users.powerMoneyFen }).from(users).where(eq(users.id, userId))
  )[0]!;
const rowOf = async (uuid: string) => (await t.db.select().from(instances).where(eq(instances.uuid, uuid)))[0]!;
const freeOn = async (hostId: number) =>
  (await t.db.select({ free: hosts.gpuFree }).from(hosts).where(eq(hosts.id, hostId)))[0]!.free;
const refundEntries = (userId: number, uuid: string) =>
  t.db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        eq(ledgerEntries.kind, "refund"),
        eq(ledgerEntries.refersTo, `instance:${uuid}`),
      ),
    );

/** A running package of `days` days for `renter`, rented with `couponId` if given. */
async function runningPackage(renter: TestAccount, days: number, couponId?: number) {
  const offer = await testOffer(t, { hosts: [8] });
  const created = await createInstance(t.ctx, renter.caller, {
    ...daily(offer, days, couponId === undefined ? { couponId: 0 } : { couponId }),
    operationKey: opKey(),
  });
  t.clock.advance(5_000);
  await advanceTransitions(t.ctx);
  return { offer, created, uuid: created.instance.uuid };
}

describe("stop with refund", () => {
  it("pays back the unused whole days, less the coupon, to vouchers and cash, and releases the instance", async () => {
    const renter = await mainAccount(t, { cashFen: 500_00, voucherFen: 50_00 });
    const group = await openCouponGroup(t, { type: 2, amountFen: 5_00, targetUseMode: 1 });
    const { id: couponId } = await claimCoupon(t.ctx, renter.caller, { groupId: group.id });
    const { offer, created, uuid } = await runningPackage(renter, 3, couponId);
    expect(created).toMatchObject({ paidVoucherFen: 50_00 });
    expect(created.price.couponSavingFen).toBe(5_00);
    const paid = created.price.amountFen;
    const before = await walletsOf(renter.userId);
    expect(await freeOn(offer.hostIds[0]!)).toBe(7);

    t.clock.advance(DAY + 2 * HOUR);
    const preview = await previewStopRefund(t.ctx, renter.caller, { uuid });
    // 3 days from rental + 5 s; 1 day 2 h 5 s used: 1 whole day of the 3 left, less the ¥5 coupon.
    const value = Math.round(created.price.afterDiscountsFen / 3);
    const refund = value - 5_00;
    expect(preview.refund).toMatchObject({ unusedDays: 1, totalFen: refund });
    const voucherBack = Math.floor((refund * 50_00) / paid);
    expect(preview.refund).toMatchObject({ voucherFen: voucherBack, cashFen: refund - voucherBack });
    expect(preview.explanation).toContain("退还未用整天 1 天");
    expect(preview.explanation).toContain("− 优惠券 ¥5.00");

    const done = await stopInstanceWithRefund(t.ctx, renter.caller, {
      uuid,
      confirmName: created.instance.name,
      expectedRefundFen: refund,
    });
    expect(done).toMatchObject({
      replayed: false,
      unusedDays: 1,
      voucherFen: voucherBack,
      cashFen: refund - voucherBack,
    });
    expect(done.instance.state).toBe("releasing");
    // The instance's log has the refund, with its figures, once.
    const { id: instanceId } = await rowOf(uuid);
    const logged = await t.db.select().from(instanceEvents).where(eq(instanceEvents.kind, "refund"));
    expect(logged.filter((e) => e.instanceId === instanceId)).toMatchObject([
      { actor: "user", amountFen: refund, text: expect.stringContaining("未用整天 1 天") },
    ]);
    const after = await walletsOf(renter.userId);
    expect(after.voucher - before.voucher).toBe(voucherBack);
    expect(after.cash - before.cash).toBe(refund - voucherBack);

    const entries = await refundEntries(renter.userId, uuid);
    expect(entries.map((e) => [e.wallet, e.amountFen]).sort()).toEqual(
      [
        ["cash", refund - voucherBack],
        ["voucher", voucherBack],
      ].sort(),
    );
    for (const e of entries) expect(e.note).toBe(preview.explanation);
    const row = await rowOf(uuid);
    expect(row.costFen).toBe(paid - refund);

    t.clock.advance(10_000);
    await advanceTransitions(t.ctx);
    expect((await rowOf(uuid)).state).toBe("released");
    expect(await freeOn(offer.hostIds[0]!)).toBe(8);
  });

  it("refunds once: concurrent requests and a later one answer the first refund", async () => {
    const renter = await mainAccount(t, { cashFen: 500_00 });
    const { created, uuid } = await runningPackage(renter, 5);
    t.clock.advance(HOUR);
    const ask = () => stopInstanceWithRefund(t.ctx, renter.caller, { uuid, confirmName: created.instance.name });
    const results = await Promise.all(Array.from({ length: 6 }, ask));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    const first = results.find((r) => !r.replayed)!;
    expect(first.cashFen).toBeGreaterThan(0);
    for (const r of results) expect(r.cashFen).toBe(first.cashFen);
    expect(await refundEntries(renter.userId, uuid)).toHaveLength(1);
    t.clock.advance(DAY);
    expect(await ask()).toMatchObject({ replayed: true, cashFen: first.cashFen });
    expect(await refundEntries(renter.userId, uuid)).toHaveLength(1);
    expect(await t.db.select().from(instanceRefunds).where(eq(instanceRefunds.userId, renter.userId))).toHaveLength(1);
    expect((await walletsOf(renter.userId)).cash).toBe(500_00 - created.price.amountFen + first.cashFen);
  });

  it("changes nothing on a wrong name, a stale figure, an hourly instance, or another account's instance", async () => {
    const renter = await mainAccount(t, { cashFen: 500_00 });
    const { created, uuid } = await runningPackage(renter, 2);
    const before = await walletsOf(renter.userId);
    const name = created.instance.name;
    expect(await outcomeOf(stopInstanceWithRefund(t.ctx, renter.caller, { uuid, confirmName: "wrong" }))).toBe(
      "INSTANCE_NAME_MISMATCH",
    );
    const { refund } = await previewStopRefund(t.ctx, renter.caller, { uuid });
    expect(
      await outcomeOf(
        stopInstanceWithRefund(t.ctx, renter.caller, {
          uuid,
          confirmName: name,
          expectedRefundFen: refund.totalFen + 1,
        }),
      ),
    ).toBe("REFUND_CHANGED");

    const stranger = await mainAccount(t, { cashFen: 10_00 });
    expect(await outcomeOf(previewStopRefund(t.ctx, stranger.caller, { uuid }))).toBe("INSTANCE_NOT_FOUND");
    expect(await outcomeOf(stopInstanceWithRefund(t.ctx, stranger.caller, { uuid, confirmName: name }))).toBe(
      "INSTANCE_NOT_FOUND",
    );
    const sub = await subAccount(t, renter, 100_00);
    expect(await outcomeOf(stopInstanceWithRefund(t.ctx, sub.caller, { uuid, confirmName: name }))).toBe(
      "INSTANCE_NOT_FOUND",
    );

    const offer = await testOffer(t, { hosts: [8] });
    const hourlyOne = await createInstance(t.ctx, renter.caller, { ...hourly(offer), operationKey: opKey() });
    t.clock.advance(5_000);
    await advanceTransitions(t.ctx);
    expect(await outcomeOf(previewStopRefund(t.ctx, renter.caller, { uuid: hourlyOne.instance.uuid }))).toBe(
      "INSTANCE_STATE",
    );

    expect(await walletsOf(renter.userId)).toEqual(before);
    expect((await rowOf(uuid)).state).toBe("running");
    expect(await refundEntries(renter.userId, uuid)).toHaveLength(0);

    // Once the package has expired there is nothing left to refund.
    t.clock.advance(3 * DAY);
    expect(await outcomeOf(previewStopRefund(t.ctx, renter.caller, { uuid }))).toBe("INSTANCE_STATE");
  });

  it("a sub-account's refund goes to the main account's cash and no longer counts against its limit or month", async () => {
    const main = await mainAccount(t, { cashFen: 500_00 });
    const sub = await subAccount(t, main, 300_00);
    const { created, uuid } = await runningPackage(sub, 4);
    const usedOf = async () =>
      (await t.db.select().from(subAccounts).where(eq(subAccounts.id, sub.subAccountId!)))[0]!.moneyUsedFen;
    const monthOf = async () =>
      (
        await t.db
          .select()
          .from(subAccountMonthSpending)
          .where(
            and(
              eq(subAccountMonthSpending.subAccountId, sub.subAccountId!),
              eq(subAccountMonthSpending.month, beijingMonth(t.clock.now())),
            ),
          )
      )[0]!.spentFen;
    expect(await usedOf()).toBe(created.price.amountFen);
    expect(await monthOf()).toBe(created.price.amountFen);
    t.clock.advance(HOUR);
    const done = await stopInstanceWithRefund(t.ctx, sub.caller, { uuid, confirmName: created.instance.name });
    expect(done.voucherFen).toBe(0);
    expect(done.cashFen).toBeGreaterThan(0);
    expect(await usedOf()).toBe(created.price.amountFen - done.cashFen);
    // Its month's spending (decision 107) gives the refund back too.
    expect(await monthOf()).toBe(created.price.amountFen - done.cashFen);
    const [order] = await t.db
      .select()
      .from(purchaseOrders)
      .where(eq(purchaseOrders.refersTo, `instance:${uuid}`));
    expect(order!.subAccountId).toBe(sub.subAccountId);
  });
});
