import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "./client";
import { users } from "./schema";
import { couponGroups, userCoupons } from "./wallet-schema";
import type { Caller } from "../modules/context";
import { claimCoupon } from "../modules/coupons/claim";
import { createCouponGroup, type CouponGroupInput } from "../modules/coupons/create-group";
import { useMoneyCoupon } from "../modules/coupons/use-money-coupon";

const DAY = 86_400_000;

/** The demo coupon groups (issue 10 §4): each type, for everyone, for students, for enterprises, one nearly gone. */
const DEMO_GROUPS: Omit<CouponGroupInput, "beginAt" | "endAt">[] = [
  { name: "新用户充值券 10 元", type: 0, amountFen: 10_00, useTimeLimitDays: 30, totalNum: 100_000 },
  { name: "全场九折券", type: 1, discountBp: 9_000, useTimeLimitDays: 7, totalNum: 50_000 },
  { name: "满 100 减 10 元", type: 2, amountFen: 10_00, moneyLimitFen: 100_00, useTimeLimitDays: 15, totalNum: 50_000 },
  {
    name: "学生专享八折券",
    type: 1,
    discountBp: 8_000,
    targetUserVerifyType: 1,
    useTimeLimitDays: 30,
    totalNum: 10_000,
  },
  {
    name: "企业满 1000 减 150 元",
    type: 2,
    amountFen: 150_00,
    moneyLimitFen: 1_000_00,
    targetUserVerifyType: 2,
    totalNum: 10_000,
  },
  {
    name: "RTX 4090 包月立减 50 元（限量）",
    type: 2,
    amountFen: 50_00,
    moneyLimitFen: 300_00,
    targetGoods: ["RTX 4090"],
    targetUseMode: 1,
    useTimeLimitDays: 30,
    totalNum: 3,
  },
];

/**
 * Demo coupons, idempotent (runs under the seed's advisory lock): the groups
 * above, created once by name; and for the demo account a claimed, unused
 * discount coupon and a recharge voucher used through the real use function,
 * so its ledger entry exists.
 */
export async function seedCoupons(db: Db, demoPhone: string): Promise<void> {
  const ctx = { db, now: () => new Date() };
  const now = ctx.now().getTime();
  const existing = await db
    .select({ id: couponGroups.id, name: couponGroups.name })
    .from(couponGroups)
    .where(
      inArray(
        couponGroups.name,
        DEMO_GROUPS.map((g) => g.name),
      ),
    );
  const idByName = new Map(existing.map((g) => [g.name, g.id]));
  for (const group of DEMO_GROUPS) {
    if (idByName.has(group.name)) continue;
    const made = await createCouponGroup(ctx, {
      ...group,
      beginAt: new Date(now - DAY),
      endAt: new Date(now + 365 * DAY),
    });
    idByName.set(made.name, made.id);
  }

  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.phone, demoPhone)).limit(1);
  if (!demo) return;
  const caller: Caller = { sessionId: 0, userId: demo.id, subAccountId: null, origin: { ip: null } };
  const held = async (groupId: number) =>
    (
      await db
        .select({ id: userCoupons.id, usedAt: userCoupons.usedAt })
        .from(userCoupons)
        .where(and(eq(userCoupons.userId, demo.id), eq(userCoupons.groupId, groupId)))
    )[0];

  const discountGroup = idByName.get("全场九折券")!;
  if (!(await held(discountGroup))) await claimCoupon(ctx, caller, { groupId: discountGroup });

  const voucherGroup = idByName.get("新用户充值券 10 元")!;
  const voucher = (await held(voucherGroup)) ?? (await claimCoupon(ctx, caller, { groupId: voucherGroup }));
  const used = await db
    .select({ id: userCoupons.id })
    .from(userCoupons)
    .where(and(eq(userCoupons.id, voucher.id), isNotNull(userCoupons.usedAt)));
  if (used.length === 0) await useMoneyCoupon(ctx, caller, { couponId: voucher.id });
}
