/**
 * Coupon groups whose coupons are only given (the points store's, the raffle's): not in the coupon centre, and not
 * claimable by id either — the points store's ¥5 recharge coupon was free for anyone in the coupon centre.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { couponGroups } from "../../db/wallet-schema";
import { STORE_COUPON_GROUP } from "../../db/seed-points-store";
import { outcomeOf } from "../../../tests/support/domain-outcome";
import { mainAccount } from "../../../tests/support/instances";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { claimCoupon } from "./claim";
import { createCouponGroup } from "./create-group";
import { visibleGroups } from "./groups";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

it("keeps the points store's group out of the coupon centre and refuses to claim it", async () => {
  const [store] = await t.db.select().from(couponGroups).where(eq(couponGroups.name, STORE_COUPON_GROUP));
  expect(store?.inCouponCentre).toBe(false);
  const renter = await mainAccount(t);
  const listed = await visibleGroups(t.ctx, renter.caller);
  expect(listed.length).toBeGreaterThan(0);
  expect(listed.map((g) => g.id)).not.toContain(store!.id);
  expect(await outcomeOf(claimCoupon(t.ctx, renter.caller, { groupId: store!.id }))).toBe("NOT_FOUND");
  const [after] = await t.db.select().from(couponGroups).where(eq(couponGroups.id, store!.id));
  expect(after!.remainNum).toBe(store!.remainNum);
});

it("lists and hands out a coupon-centre group made beside it", async () => {
  const now = t.clock.now().getTime();
  const threeYuan = (name: string, inCouponCentre: boolean) =>
    createCouponGroup(t.ctx, {
      name,
      type: 0,
      amountFen: 3_00,
      beginAt: new Date(now - 60_000),
      endAt: new Date(now + 86_400_000),
      totalNum: 5,
      inCouponCentre,
    });
  const group = await threeYuan("领券中心 3 元", true);
  const given = await threeYuan("抽奖 3 元", false);
  const renter = await mainAccount(t);
  const ids = (await visibleGroups(t.ctx, renter.caller)).map((g) => g.id);
  expect(ids).toContain(group.id);
  expect(ids).not.toContain(given.id);
  expect(await outcomeOf(claimCoupon(t.ctx, renter.caller, { groupId: group.id }))).toBe("ok");
  expect(await outcomeOf(claimCoupon(t.ctx, renter.caller, { groupId: given.id }))).toBe("NOT_FOUND");
});
