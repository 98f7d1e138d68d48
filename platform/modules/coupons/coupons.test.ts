/**
 * Coupons (issue 10 §4): what a user may see and claim, claims under a rush,
 * expiry, and recharge vouchers credited once through the ledger. Runs on
 * PGlite and on PostgreSQL (scripts/with-postgres.sh), where the concurrent
 * claims and uses really race.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, afterAll, describe, expect, it } from "vitest";
import { ledgerEntries, users } from "../../db/schema";
import { userCoupons } from "../../db/wallet-schema";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { openCouponGroup, remainOf } from "../../../tests/support/coupon-fixtures";
import { DAY, startTestPlatform, uniquePhone, type TestPlatform } from "../../../tests/support/platform";
import type { Caller } from "../context";
import { ledgerSums } from "../wallet/ledger";
import { claimCoupon } from "./claim";
import type { CouponGroupInput } from "./create-group";
import { visibleGroups } from "./groups";
import { useMoneyCoupon } from "./use-money-coupon";
import { findUserCoupon, listUserCoupons } from "./user-coupons";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

/** After every test, every account's balances equal the sums of its ledger entries (not only at close). */
afterEach(async () => expect(await t.unbalancedAccounts()).toEqual([]));

const callerOf = (userId: number, subAccountId: number | null = null): Caller => ({
  sessionId: 0,
  userId,
  subAccountId,
  origin: { ip: null },
});

/** Accounts inserted directly (no SMS): fast enough for a thousand. */
async function makeUsers(n: number, verifiedAs: "student" | "enterprise" | null = null): Promise<number[]> {
  const rows = await t.db
    .insert(users)
    .values(
      Array.from({ length: n }, () => ({ phone: uniquePhone(), passwordHash: "-", nickname: "coupon", verifiedAs })),
    )
    .returning({ id: users.id });
  const ids = rows.map((r) => r.id);
  return ids;
}

function group(overrides: Partial<CouponGroupInput> = {}) {
  return openCouponGroup(t, overrides);
}

const outcome = (promise: Promise<unknown>) => outcomeOf(promise);

const tally = (outcomes: string[]) =>
  outcomes.reduce<Record<string, number>>((acc, o) => ({ ...acc, [o]: (acc[o] ?? 0) + 1 }), {});

describe("claiming under a rush", () => {
  it("1,000 users claim a group of 100 at once: exactly 100 get one, RemainNum ends at 0, nobody holds two", async () => {
    const g = await group({ totalNum: 100 });
    const ids = await makeUsers(1_000);
    const started = performance.now();
    const outcomes = await Promise.all(ids.map((id) => outcome(claimCoupon(t.ctx, callerOf(id), { groupId: g.id }))));
    const ms = performance.now() - started;
    console.info(`[coupon rush, ${t.kind}] 1000 claims of 100 coupons answered in ${ms.toFixed(0)} ms`);
    expect(tally(outcomes)).toEqual({ ok: 100, COUPON_SOLD_OUT: 900 });
    expect(await remainOf(t, g.id)).toBe(0);
    const holders = await t.db
      .select({ userId: userCoupons.userId, n: count() })
      .from(userCoupons)
      .where(eq(userCoupons.groupId, g.id))
      .groupBy(userCoupons.userId);
    expect(holders).toHaveLength(100);
    expect(holders.every((h) => Number(h.n) === 1)).toBe(true);
  });

  it("one user claiming the same group 20 times at once gets one coupon, and only one is taken from the group", async () => {
    const g = await group({ totalNum: 50 });
    const [id] = await makeUsers(1);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => outcome(claimCoupon(t.ctx, callerOf(id!), { groupId: g.id }))),
    );
    expect(tally(outcomes)).toEqual({ ok: 1, COUPON_ALREADY_CLAIMED: 19 });
    expect(await remainOf(t, g.id)).toBe(49);
    const [held] = await t.db
      .select({ n: count() })
      .from(userCoupons)
      .where(and(eq(userCoupons.groupId, g.id), eq(userCoupons.userId, id!)));
    expect(Number(held!.n)).toBe(1);
  });

  it("a second claim is 已领取 and a sold-out group 已抢光, with the catalogue's reasons", async () => {
    const g = await group({ totalNum: 1 });
    const [a, b] = await makeUsers(2);
    await claimCoupon(t.ctx, callerOf(a!), { groupId: g.id });
    await expect(claimCoupon(t.ctx, callerOf(a!), { groupId: g.id })).rejects.toMatchObject({
      key: "COUPON_ALREADY_CLAIMED",
    });
    await expect(claimCoupon(t.ctx, callerOf(b!), { groupId: g.id })).rejects.toMatchObject({ key: "COUPON_SOLD_OUT" });
    expect(await remainOf(t, g.id)).toBe(0);
  });
});

describe("what a user may see and claim", () => {
  it("only groups inside their window and for the user's verification, with IsAssigned", async () => {
    const now = t.clock.now().getTime();
    const forAll = await group({ name: "全员券" });
    const forStudents = await group({ name: "学生券", targetUserVerifyType: 1 });
    const forEnterprises = await group({ name: "企业券", targetUserVerifyType: 2 });
    const notYet = await group({ name: "未开始", beginAt: new Date(now + DAY), endAt: new Date(now + 2 * DAY) });
    const over = await group({ name: "已结束", beginAt: new Date(now - 2 * DAY), endAt: new Date(now - DAY) });
    const [plain] = await makeUsers(1);
    const [student] = await makeUsers(1, "student");
    const [enterprise] = await makeUsers(1, "enterprise");
    await claimCoupon(t.ctx, callerOf(student!), { groupId: forAll.id });

    const idsSeenBy = async (id: number) => (await visibleGroups(t.ctx, callerOf(id))).map((g) => g.id);
    const mine = [forAll.id, forStudents.id, forEnterprises.id, notYet.id, over.id];
    expect((await idsSeenBy(plain!)).filter((id) => mine.includes(id))).toEqual([forAll.id]);
    expect((await idsSeenBy(student!)).filter((id) => mine.includes(id)).sort()).toEqual(
      [forAll.id, forStudents.id].sort(),
    );
    expect((await idsSeenBy(enterprise!)).filter((id) => mine.includes(id)).sort()).toEqual(
      [forAll.id, forEnterprises.id].sort(),
    );
    const seenByStudent = await visibleGroups(t.ctx, callerOf(student!));
    expect(seenByStudent.find((g) => g.id === forAll.id)?.assigned).toBe(true);
    expect(seenByStudent.find((g) => g.id === forStudents.id)?.assigned).toBe(false);

    // What is not visible cannot be claimed: not found, and nothing is taken.
    for (const g of [forStudents, notYet, over])
      await expect(claimCoupon(t.ctx, callerOf(plain!), { groupId: g.id })).rejects.toMatchObject({ key: "NOT_FOUND" });
    await expect(claimCoupon(t.ctx, callerOf(plain!), { groupId: 9_999_999 })).rejects.toMatchObject({
      key: "NOT_FOUND",
    });
    expect(await remainOf(t, forStudents.id)).toBe(100);
    await claimCoupon(t.ctx, callerOf(student!), { groupId: forStudents.id });
  });

  it("expires UseTimeLimit days after the claim, or at the group's end when 0, never after the group's end", async () => {
    const now = t.clock.now();
    const [id] = await makeUsers(1);
    const threeDays = await group({ useTimeLimitDays: 3 });
    const untilEnd = await group({ useTimeLimitDays: 0 });
    const longerThanGroup = await group({ useTimeLimitDays: 90 });
    const expiry = async (groupId: number) =>
      (await claimCoupon(t.ctx, callerOf(id!), { groupId })).expiresAt.getTime();
    expect(await expiry(threeDays.id)).toBe(now.getTime() + 3 * DAY);
    expect(await expiry(untilEnd.id)).toBe(untilEnd.endAt.getTime());
    expect(await expiry(longerThanGroup.id)).toBe(longerThanGroup.endAt.getTime());
  });

  it("a sub-account cannot see, claim, list or use its main account's coupons", async () => {
    const [main] = await makeUsers(1);
    const g = await group();
    const coupon = await claimCoupon(t.ctx, callerOf(main!), { groupId: g.id });
    const sub = callerOf(main!, 12345);
    const refusals = await Promise.all([
      outcome(visibleGroups(t.ctx, sub)),
      outcome(claimCoupon(t.ctx, sub, { groupId: g.id })),
      outcome(listUserCoupons(t.ctx, sub, { page: 1, pageSize: 50, state: "usable" })),
      outcome(findUserCoupon(t.ctx, sub, coupon.id)),
      outcome(useMoneyCoupon(t.ctx, sub, { couponId: coupon.id })),
    ]);
    expect(refusals).toEqual(Array(5).fill("PERMISSION_DENIED"));
    expect(await remainOf(t, g.id)).toBe(99);
    expect((await findUserCoupon(t.ctx, callerOf(main!), coupon.id))?.usedAt).toBeNull();
  });
});

describe("recharge vouchers", () => {
  it("10 concurrent uses of one voucher credit it once, as one ledger entry of kind coupon", async () => {
    const [id] = await makeUsers(1);
    const g = await group({ amountFen: 25_50 });
    const coupon = await claimCoupon(t.ctx, callerOf(id!), { groupId: g.id });
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => outcome(useMoneyCoupon(t.ctx, callerOf(id!), { couponId: coupon.id }))),
    );
    expect(tally(outcomes)).toEqual({ ok: 1, COUPON_USED: 9 });
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, id!));
    expect(entries).toMatchObject([
      { wallet: "cash", kind: "coupon", amountFen: 25_50, balanceAfterFen: 25_50, operationKey: `coupon:${coupon.id}` },
    ]);
    const [row] = await t.db.select().from(users).where(eq(users.id, id!));
    // A voucher is not a top-up: it does not count towards membership.
    expect({ cash: row!.moneyFen, accumulated: row!.accumulatedTopUpFen }).toEqual({ cash: 25_50, accumulated: 0 });
    expect((await listUserCoupons(t.ctx, callerOf(id!), { page: 1, pageSize: 50, state: "used" })).items).toMatchObject(
      [{ id: coupon.id, state: "used" }],
    );
  });

  it("a used, expired, foreign or order coupon is refused and nothing moves", async () => {
    const [owner, other] = await makeUsers(2);
    const voucher = await group({ amountFen: 5_00, useTimeLimitDays: 1 });
    const discount = await group({ type: 1, discountBp: 8_500 });
    const held = await claimCoupon(t.ctx, callerOf(owner!), { groupId: voucher.id });
    const orderCoupon = await claimCoupon(t.ctx, callerOf(owner!), { groupId: discount.id });

    await expect(useMoneyCoupon(t.ctx, callerOf(other!), { couponId: held.id })).rejects.toMatchObject({
      key: "NOT_FOUND",
    });
    await expect(useMoneyCoupon(t.ctx, callerOf(owner!), { couponId: orderCoupon.id })).rejects.toMatchObject({
      key: "COUPON_NOT_RECHARGE",
    });
    t.clock.advance(DAY + 1);
    try {
      await expect(useMoneyCoupon(t.ctx, callerOf(owner!), { couponId: held.id })).rejects.toMatchObject({
        key: "COUPON_EXPIRED",
      });
      expect(
        (await listUserCoupons(t.ctx, callerOf(owner!), { page: 1, pageSize: 50, state: "expired" })).items,
      ).toMatchObject([{ id: held.id, state: "expired" }]);
    } finally {
      t.clock.advance(-(DAY + 1));
    }
    const fresh = await group({ amountFen: 1_00 });
    const once = await claimCoupon(t.ctx, callerOf(owner!), { groupId: fresh.id });
    await useMoneyCoupon(t.ctx, callerOf(owner!), { couponId: once.id });
    await expect(useMoneyCoupon(t.ctx, callerOf(owner!), { couponId: once.id })).rejects.toMatchObject({
      key: "COUPON_USED",
    });
    const [sum] = await t.db
      .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountFen}), 0)`.mapWith(Number) })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, owner!));
    expect(sum!.total).toBe(1_00);
    expect((await ledgerSums(t.ctx, other!)).cash).toBe(0);
  });
});

describe("createCouponGroup", () => {
  it("refuses groups the table would refuse, with the field", async () => {
    await expect(group({ type: 1, discountBp: 10_000 })).rejects.toMatchObject({
      key: "BAD_REQUEST",
      field: "discount",
    });
    await expect(group({ amountFen: 0 })).rejects.toMatchObject({ field: "amount" });
    await expect(group({ totalNum: 0 })).rejects.toMatchObject({ field: "total" });
    const now = t.clock.now();
    await expect(group({ beginAt: now, endAt: now })).rejects.toMatchObject({ field: "end" });
    const made = await group({ type: 2, amountFen: 20_00, moneyLimitFen: 100_00, targetGoods: [" 4090 ", "4090", ""] });
    expect(made).toMatchObject({ remainNum: 100, totalNum: 100, targetGoods: ["4090"], discountBp: 10_000 });
  });
});
