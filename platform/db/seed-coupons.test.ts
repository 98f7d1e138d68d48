import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ledgerEntries, users } from "./schema";
import { couponGroups, userCoupons } from "./wallet-schema";
import { DEMO } from "./seed";
import { seedCoupons } from "./seed-coupons";
import { ledgerSums } from "../modules/wallet/ledger";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

it("seeds each type of group and the demo account's coupons once, the used voucher through the ledger", async () => {
  await seedCoupons(t.db, DEMO.phone);
  // The coupon centre's groups (the points store's group is given only for points: given-only-groups.test.ts).
  const groups = (await t.db.select().from(couponGroups)).filter((g) => g.inCouponCentre);
  expect(groups.map((g) => g.type).sort()).toEqual([0, 1, 1, 2, 2, 2]);
  expect(groups.map((g) => g.targetUserVerifyType).sort()).toEqual([0, 0, 0, 0, 1, 2]);
  expect(groups.some((g) => g.remainNum >= 1 && g.remainNum <= 3)).toBe(true);

  const [demo] = await t.db.select().from(users).where(eq(users.phone, DEMO.phone));
  const held = await t.db.select().from(userCoupons).where(eq(userCoupons.userId, demo!.id));
  expect(held).toHaveLength(2);
  const used = held.filter((c) => c.usedAt !== null);
  expect(used).toHaveLength(1);
  const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, demo!.id));
  expect(entries.filter((e) => e.operationKey === `coupon:${used[0]!.id}`)).toMatchObject([
    { wallet: "cash", kind: "coupon", amountFen: 10_00 },
  ]);
  expect({ cash: demo!.moneyFen, voucher: demo!.powerMoneyFen, credit: demo!.creditQuotaFen }).toEqual(
    await ledgerSums(t.ctx, demo!.id),
  );
  const remain = await t.db
    .select({ remain: couponGroups.remainNum, total: couponGroups.totalNum })
    .from(couponGroups)
    .where(
      inArray(
        couponGroups.id,
        held.map((c) => c.groupId),
      ),
    );
  expect(remain.every((g) => g.remain === g.total - 1)).toBe(true);
});
