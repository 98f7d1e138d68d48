import { eq, inArray } from "drizzle-orm";
import type { Db } from "./client";
import { storeItems } from "./points-store-schema";
import { users } from "./schema";
import { couponGroups } from "./wallet-schema";
import { createCouponGroup } from "../modules/coupons/create-group";
import { awardPoints } from "../modules/points/ledger";
import { addStoreItem, type StoreItemInput } from "../modules/points-store/manage";

const DAY = 86_400_000;
/** The coupon group the store's coupon item gives (a recharge coupon: used at once from 我的优惠券). */
export const STORE_COUPON_GROUP = "积分兑换 5 元充值券";

const ITEMS: Omit<StoreItemInput, "couponGroupId">[] = [
  {
    kind: "coupon",
    name: "5 元充值券",
    description: "兑换后放入“我的优惠券”，使用后 5 元直接计入账户余额",
    pointsPrice: 500,
    stock: 1_000,
    perUserLimit: 1,
    sortOrder: 1,
  },
  {
    kind: "voucher",
    name: "10 元算力券",
    description: "兑换后立即计入算力券余额，可用于租用实例",
    pointsPrice: 800,
    stock: 500,
    perUserLimit: 5,
    voucherFen: 10_00,
    sortOrder: 2,
  },
  {
    kind: "goods",
    name: "定制马克杯",
    description: "实物商品，兑换时填写收货地址，7 个工作日内发货",
    pointsPrice: 3_000,
    stock: 100,
    perUserLimit: 2,
    sortOrder: 3,
  },
  {
    kind: "goods",
    name: "定制 T 恤",
    description: "实物商品，兑换时填写收货地址，7 个工作日内发货",
    pointsPrice: 5_000,
    stock: 50,
    perUserLimit: 1,
    sortOrder: 4,
  },
];

/**
 * The demo points store (issue 39 §3), idempotent by name (runs under the seed's lock): its coupon group, the items,
 * and points for the demo account (one adjustment, keyed, so once).
 */
export async function seedPointsStore(db: Db, demoPhone: string): Promise<void> {
  const ctx = { db, now: () => new Date() };
  const now = Date.now();
  let [group] = await db
    .select({ id: couponGroups.id })
    .from(couponGroups)
    .where(eq(couponGroups.name, STORE_COUPON_GROUP));
  // Given only for points: out of the coupon centre (a database seeded before the flag gets it here too).
  if (group) await db.update(couponGroups).set({ inCouponCentre: false }).where(eq(couponGroups.id, group.id));
  group ??= await createCouponGroup(ctx, {
    inCouponCentre: false,
    name: STORE_COUPON_GROUP,
    type: 0,
    amountFen: 5_00,
    useTimeLimitDays: 30,
    beginAt: new Date(now - DAY),
    endAt: new Date(now + 3 * 365 * DAY),
    totalNum: 1_000_000,
  });
  const existing = await db
    .select({ name: storeItems.name })
    .from(storeItems)
    .where(
      inArray(
        storeItems.name,
        ITEMS.map((i) => i.name),
      ),
    );
  const have = new Set(existing.map((i) => i.name));
  for (const item of ITEMS) {
    if (have.has(item.name)) continue;
    await addStoreItem(ctx, { ...item, ...(item.kind === "coupon" ? { couponGroupId: group.id } : {}) });
  }
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.phone, demoPhone)).limit(1);
  if (demo) {
    await awardPoints(ctx, {
      userId: demo.id,
      kind: "adjustment",
      points: 6_000,
      operationKey: "seed:demo-points",
      refersTo: "seed:demo",
      note: "演示积分",
    });
  }
}
