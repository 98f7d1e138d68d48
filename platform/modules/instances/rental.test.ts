/**
 * Renting (issue 12 §3, decision 043): the preview is what is charged; a
 * package is paid up front (vouchers, cash, credit) with its coupon used once;
 * an hourly rental charges nothing now but needs its first hour; insufficient
 * funds or no free slot move nothing; one operation key makes one instance,
 * even submitted 20 times at once. On PostgreSQL the concurrent calls race.
 * After every test each account's balances equal the sums of its ledger entries.
 */
import { and, count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { subAccounts, users } from "../../db/schema";
import { hosts, instances } from "../../db/market-schema";
import { purchaseOrders, userCoupons } from "../../db/wallet-schema";
import { quotePackage, hourlyRateFen } from "../../rules/rental-price";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { openCouponGroup } from "../../../tests/support/coupon-fixtures";
import {
  daily,
  hourly,
  imageIdOf,
  mainAccount,
  opKey,
  rentalFields,
  subAccount,
  testOffer,
} from "../../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { claimCoupon } from "../coupons/claim";
import { DomainError } from "../errors";
import { ledgerSums, postToLedger } from "../wallet/ledger";
import { createInstance } from "./create";
import { pickCoupons, previewRental } from "./preview";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());
afterEach(async () => expect(await t.unbalancedAccounts()).toEqual([]));

const wallets = async (userId: number) =>
  (
    await t.db
      .select({ cash: users.moneyFen, voucher: users.powerMoneyFen, credit: users.creditQuotaFen })
      .from(users)
      .where(eq(users.id, userId))
  )[0]!;
const freeOn = async (hostId: number) =>
  (await t.db.select({ free: hosts.gpuFree }).from(hosts).where(eq(hosts.id, hostId)))[0]!.free;
const instancesOf = async (userId: number) =>
  Number((await t.db.select({ n: count() }).from(instances).where(eq(instances.userId, userId)))[0]!.n);
const ordersOf = async (userId: number) =>
  Number((await t.db.select({ n: count() }).from(purchaseOrders).where(eq(purchaseOrders.userId, userId)))[0]!.n);

describe("a package rental", () => {
  it("charges the preview's price, vouchers first, and holds the slots", async () => {
    const offer = await testOffer(t, { hosts: [8] });
    const renter = await mainAccount(t, { cashFen: 500_00, voucherFen: 10_00 });
    const choice = daily(offer, 2, { gpuCount: 2 });
    const preview = await previewRental(t.ctx, renter.caller, choice);
    const expected = quotePackage({ mode: "day", units: 2, gpuCount: 2, unitPriceFen: 198, vipDiscountBp: 10_000 });
    expect(preview.price.amountFen).toBe(expected.payFen);
    expect(preview).toMatchObject({ affordable: true, payVoucherFen: 10_00, payCashFen: expected.payFen - 10_00 });

    const created = await createInstance(t.ctx, renter.caller, { ...choice, operationKey: opKey() });
    expect(created.price).toEqual(preview.price);
    expect(created).toMatchObject({ paidVoucherFen: 10_00, paidCashFen: expected.payFen - 10_00, replayed: false });
    expect(created.instance).toMatchObject({
      state: "creating",
      name: "RTX 4090 实例",
      gpuCount: 2,
      costFen: expected.payFen,
      dataDiskGb: 100,
    });
    expect(created.instance.uuid).toMatch(/^i-[0-9a-f]{10}$/);
    expect(created.instance.packageExpiresAt!.getTime() - created.instance.createdAt.getTime()).toBe(48 * 3_600_000);
    expect(await freeOn(offer.hostIds[0]!)).toBe(6);
    expect(await wallets(renter.userId)).toMatchObject({ voucher: 0, cash: 500_00 - (expected.payFen - 10_00) });
    const sums = await ledgerSums(t.ctx, renter.userId);
    expect(sums.cash).toBe(500_00 - (expected.payFen - 10_00));
  });

  it("refuses 可用余额少于套餐价格! with the shortfall and takes nothing", async () => {
    const offer = await testOffer(t, { hosts: [8] });
    const renter = await mainAccount(t, { cashFen: 10_00 });
    const choice = daily(offer, 1);
    const price = quotePackage({ mode: "day", units: 1, gpuCount: 1, unitPriceFen: 198, vipDiscountBp: 10_000 }).payFen;
    const preview = await previewRental(t.ctx, renter.caller, choice);
    expect(preview).toMatchObject({ affordable: false, shortfallFen: price - 10_00 });

    const reply = await t.post("/instance/create_instance", {
      session: renter.token,
      ...rentalFields(choice),
      operation_key: opKey(),
    });
    expect(reply.body).toMatchObject({ status: 1, reason: "可用余额少于套餐价格!", key: "BALANCE_BELOW_PRICE" });
    expect(reply.body.data.shortfall).toBe(((price - 10_00) / 100).toFixed(2));
    expect(await freeOn(offer.hostIds[0]!)).toBe(8);
    expect(await instancesOf(renter.userId)).toBe(0);
    expect(await wallets(renter.userId)).toMatchObject({ cash: 10_00 });
  });

  it("gives the same answer to one operation key submitted 20 times at once: one instance, one charge", async () => {
    const offer = await testOffer(t, { hosts: [8] });
    const renter = await mainAccount(t, { cashFen: 1_000_00 });
    const operationKey = opKey("same");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => createInstance(t.ctx, renter.caller, { ...daily(offer, 1), operationKey })),
    );
    expect(new Set(answers.map((a) => a.instance.uuid)).size).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.orderNo)).size).toBe(1);
    expect(await instancesOf(renter.userId)).toBe(1);
    expect(await ordersOf(renter.userId)).toBe(1);
    expect(await freeOn(offer.hostIds[0]!)).toBe(7);
    const price = answers[0]!.price.amountFen;
    expect(await wallets(renter.userId)).toMatchObject({ cash: 1_000_00 - price });
  });

  it("charges one account's concurrent rentals from balances read under its lock, deposits racing them", async () => {
    const offer = await testOffer(t, { hosts: [8, 8] });
    const price = quotePackage({ mode: "day", units: 1, gpuCount: 1, unitPriceFen: 198, vipDiscountBp: 10_000 }).payFen;
    // Cash for exactly 3 of 8 rentals, and up to 4 more as the 4 deposits of one rental's price each land.
    const renter = await mainAccount(t, { cashFen: 3 * price });
    const rentals = Array.from({ length: 8 }, () =>
      outcomeOf(createInstance(t.ctx, renter.caller, { ...daily(offer, 1), operationKey: opKey() })),
    );
    const topUps = Array.from({ length: 4 }, (_, i) =>
      postToLedger(t.ctx, {
        userId: renter.userId,
        operationKey: `test:deposit:${opKey()}:${i}`,
        refersTo: "test",
        // An adjustment, not a top-up: a top-up would raise the membership tier and the price with it.
        movements: [{ wallet: "cash", kind: "adjustment", amountFen: price }],
      }),
    );
    const outcomes = await Promise.all(rentals);
    await Promise.all(topUps);
    const rented = outcomes.filter((o) => o === "ok").length;
    expect(rented).toBeGreaterThanOrEqual(3);
    expect(outcomes.filter((o) => o !== "ok").every((o) => o === "BALANCE_BELOW_PRICE")).toBe(true);
    expect(await instancesOf(renter.userId)).toBe(rented);
    expect(await ordersOf(renter.userId)).toBe(rented);
    // Every charge and every deposit is in the balance: none was written over by another's stale read.
    expect(await wallets(renter.userId)).toMatchObject({ cash: (3 + 4 - rented) * price });
    expect((await freeOn(offer.hostIds[0]!)) + (await freeOn(offer.hostIds[1]!))).toBe(16 - rented);
  });

  it("answers a resubmitted key with its rental even once the offer is sold out", async () => {
    const offer = await testOffer(t, { hosts: [1] });
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const operationKey = opKey("last");
    const first = await createInstance(t.ctx, renter.caller, { ...daily(offer, 1), operationKey });
    expect(await freeOn(offer.hostIds[0]!)).toBe(0);
    const again = await createInstance(t.ctx, renter.caller, { ...daily(offer, 1), operationKey });
    expect(again).toMatchObject({ replayed: true, orderNo: first.orderNo, instance: { uuid: first.instance.uuid } });
    expect(await outcomeOf(createInstance(t.ctx, renter.caller, { ...daily(offer, 1), operationKey: opKey() }))).toBe(
      "INSTANCE_SOLD_OUT",
    );
    expect(await ordersOf(renter.userId)).toBe(1);
  });

  it("uses a coupon once: of two concurrent rentals with it, one uses it and the other is refused", async () => {
    const offer = await testOffer(t, { hosts: [8] });
    const renter = await mainAccount(t, { cashFen: 1_000_00 });
    const group = await openCouponGroup(t, { type: 2, amountFen: 5_00, targetUseMode: 1 });
    const { id: couponId } = await claimCoupon(t.ctx, renter.caller, { groupId: group.id });

    const picked = await pickCoupons(t.ctx, renter.caller, daily(offer, 1));
    expect(picked.bestCouponId).toBe(couponId);
    expect(picked.valid.map((c) => c.coupon.id)).toEqual([couponId]);
    const hourlyPick = await pickCoupons(t.ctx, renter.caller, hourly(offer));
    expect(hourlyPick).toMatchObject({ valid: [], bestCouponId: null });
    expect(hourlyPick.all.find((c) => c.coupon.id === couponId)?.reason).toBe("按量计费不可使用优惠券");

    const outcomes = await Promise.all(
      [1, 2].map(() =>
        outcomeOf(createInstance(t.ctx, renter.caller, { ...daily(offer, 1, { couponId }), operationKey: opKey() })),
      ),
    );
    expect(outcomes.sort()).toEqual(["COUPON_NOT_APPLICABLE", "ok"]);
    const [coupon] = await t.db.select().from(userCoupons).where(eq(userCoupons.id, couponId));
    const [rented] = await t.db.select().from(instances).where(eq(instances.userId, renter.userId));
    expect(coupon!.usedFor).toBe(`instance:${rented!.uuid}`);
    const full = quotePackage({ mode: "day", units: 1, gpuCount: 1, unitPriceFen: 198, vipDiscountBp: 10_000 }).payFen;
    expect(rented!.costFen).toBe(full - 5_00);
    expect(await freeOn(offer.hostIds[0]!)).toBe(7);
    expect(await wallets(renter.userId)).toMatchObject({ cash: 1_000_00 - (full - 5_00) });
  });

  it("applies the membership discount of the main account, also to its sub-account, within the sub-account's limit", async () => {
    const offer = await testOffer(t, { hosts: [8] });
    const main = await mainAccount(t, { accumulatedFen: 1_500_00, cashFen: 1_000_00 });
    const sub = await subAccount(t, main, 50_00);
    const preview = await previewRental(t.ctx, sub.caller, daily(offer, 1));
    expect(preview.price.vipDiscountBp).toBe(9_700);
    const price = preview.price.amountFen;
    expect(price).toBeGreaterThan(40_00);

    const created = await createInstance(t.ctx, sub.caller, { ...daily(offer, 1), operationKey: opKey() });
    expect(created.instance.subAccountId).toBe(sub.subAccountId);
    const [row] = await t.db.select().from(subAccounts).where(eq(subAccounts.id, sub.subAccountId!));
    expect(row!.moneyUsedFen).toBe(price);
    // The limit left is below a second day: refused with the sub-account's limit, nothing taken.
    const error = await createInstance(t.ctx, sub.caller, { ...daily(offer, 1), operationKey: opKey() }).catch(
      (e: DomainError) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).key).toBe("SUB_ACCOUNT_LIMIT_REACHED");
    expect(await freeOn(offer.hostIds[0]!)).toBe(7);
  });
});

describe("an hourly rental", () => {
  it("charges nothing now and is refused when the wallet cannot pay its first hour", async () => {
    const offer = await testOffer(t, { hosts: [8] });
    const rate = hourlyRateFen({ unitPriceFen: 198, gpuCount: 4, vipDiscountBp: 10_000 });
    const poor = await mainAccount(t, { cashFen: rate - 1 });
    const refused = await outcomeOf(
      createInstance(t.ctx, poor.caller, { ...hourly(offer, { gpuCount: 4 }), operationKey: opKey() }),
    );
    expect(refused).toBe("BALANCE_BELOW_PRICE");
    expect(await freeOn(offer.hostIds[0]!)).toBe(8);

    const renter = await mainAccount(t, { voucherFen: rate, cashFen: 1 });
    const created = await createInstance(t.ctx, renter.caller, {
      ...hourly(offer, { gpuCount: 4 }),
      operationKey: opKey(),
      name: "训练机",
    });
    expect(created).toMatchObject({ orderNo: null, paidVoucherFen: 0, paidCashFen: 0 });
    expect(created.instance).toMatchObject({ name: "训练机", hourlyPriceFen: rate, costFen: 0, billingMode: "hour" });
    expect(await wallets(renter.userId)).toMatchObject({ voucher: rate, cash: 1 });
    expect(await freeOn(offer.hostIds[0]!)).toBe(4);
  });

  it("refuses a coupon: 按量计费不可使用优惠券", async () => {
    const offer = await testOffer(t, { hosts: [8] });
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const group = await openCouponGroup(t, { type: 1, discountBp: 9_000 });
    const { id: couponId } = await claimCoupon(t.ctx, renter.caller, { groupId: group.id });
    const error = (await createInstance(t.ctx, renter.caller, {
      ...hourly(offer, { couponId }),
      operationKey: opKey(),
    }).catch((e: unknown) => e)) as DomainError;
    expect(error).toMatchObject({ key: "COUPON_NOT_APPLICABLE", field: "coupon_id", detail: "按量计费不可使用优惠券" });
  });
});

describe("checks", () => {
  it("refuses an image the hosts' CUDA cannot run, a GPU count over the host, a bad duration, an unknown offer", async () => {
    const offer = await testOffer(t, { hosts: [8], cuda: "11.8" });
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const rent = (choice: Parameters<typeof createInstance>[2]) =>
      outcomeOf(createInstance(t.ctx, renter.caller, choice));
    expect(await rent({ ...hourly(offer), operationKey: opKey() })).toBe("IMAGE_INCOMPATIBLE");
    const old = await imageIdOf(t, "pytorch-2.1.2-cuda11.8");
    expect(await rent({ ...hourly(offer, { imageId: old, gpuCount: 9 }), operationKey: opKey() })).toBe("BAD_REQUEST");
    expect(await rent({ ...daily(offer, 30, { imageId: old }), operationKey: opKey() })).toBe("BAD_REQUEST");
    expect(await rent({ ...hourly(offer, { imageId: old, regionCode: "nowhere" }), operationKey: opKey() })).toBe(
      "OFFER_NOT_FOUND",
    );
    expect(await rent({ ...hourly(offer, { imageId: old }), operationKey: opKey() })).toBe("ok");
    expect(await instancesOf(renter.userId)).toBe(1);
  });

  it("answers field errors in Chinese on the wire, and INSTANCE_SOLD_OUT when no host fits", async () => {
    const offer = await testOffer(t, { hosts: [2, 3] });
    const renter = await mainAccount(t, { cashFen: 100_00 });
    const bad = await t.post("/instance/create_instance", {
      session: renter.token,
      ...rentalFields(hourly(offer)),
      gpu_count: "abc",
      operation_key: opKey(),
    });
    expect(bad.body).toMatchObject({ status: 1, key: "BAD_REQUEST" });
    expect(JSON.stringify(bad.body)).toContain("GPU数量必须是整数");
    const soldOut = await t.post("/instance/create_instance", {
      session: renter.token,
      ...rentalFields(hourly(offer, { gpuCount: 4 })),
      operation_key: opKey(),
    });
    expect(soldOut.body).toMatchObject({ status: 1, key: "INSTANCE_SOLD_OUT" });
    // Two GPUs go to the host with the fewest free that fits, keeping the other whole.
    const ok = await t.post("/instance/create_instance", {
      session: renter.token,
      ...rentalFields(hourly(offer, { gpuCount: 2 })),
      operation_key: opKey(),
    });
    expect(ok.body.status).toBe(0);
    expect(await freeOn(offer.hostIds[0]!)).toBe(0);
    expect(await freeOn(offer.hostIds[1]!)).toBe(3);
    const [row] = await t.db
      .select()
      .from(instances)
      .where(and(eq(instances.userId, renter.userId), eq(instances.hostId, offer.hostIds[0]!)));
    expect(row).toBeDefined();
  });
});
