import { and, eq, sql } from "drizzle-orm";
import { createCouponGroup } from "../modules/coupons/create-group";
import type { Db } from "./client";
import { raffleEvents, rafflePrizes } from "./raffle-schema";
import { couponGroups } from "./wallet-schema";

/** The spec's window: the promo link goes live 2025-10-29 10:00 (Beijing); the event runs to the end of November. */
export const SPEC_RAFFLE_WINDOW = {
  from: new Date("2025-10-29T10:00:00+08:00"),
  until: new Date("2025-12-01T00:00:00+08:00"),
};

/** The demo's window: 30 days from the installation's first start, so a new user can try the raffle. */
export const DEMO_RAFFLE_DAYS = 30;

/** The prizes of a fresh installation (weights out of 10,000; the rest is 谢谢参与). */
export const RAFFLE_PRIZES = [
  { name: "100 元算力券", kind: "voucher", amount: 100_00, stock: 20, weight: 100, sortOrder: 1 },
  { name: "20 元算力券", kind: "voucher", amount: 20_00, stock: 200, weight: 900, sortOrder: 2 },
  { name: "5 元算力券", kind: "voucher", amount: 5_00, stock: 2000, weight: 2500, sortOrder: 3 },
  { name: "500 积分", kind: "points", amount: 500, stock: 1000, weight: 1500, sortOrder: 4 },
  { name: "100 积分", kind: "points", amount: 100, stock: 5000, weight: 2500, sortOrder: 5 },
] as const;

/**
 * Idempotent: the anniversary raffle's event row and prizes, once (operators change them afterwards with
 * `npm run ops -- raffle window` and `raffle prize`). The demo opens the window at first start for 30 days.
 */
export async function seedRaffle(db: Db, demo: boolean): Promise<void> {
  const window = demo
    ? { startsAt: sql`now()`, endsAt: sql`now() + make_interval(days => ${DEMO_RAFFLE_DAYS})` }
    : { startsAt: SPEC_RAFFLE_WINDOW.from, endsAt: SPEC_RAFFLE_WINDOW.until };
  const [event] = await db
    .insert(raffleEvents)
    .values({ code: "202510", name: "周年庆抽奖", spendStepFen: 100_00, ...window })
    .onConflictDoNothing()
    .returning({ id: raffleEvents.id });
  if (!event) return;
  await db.insert(rafflePrizes).values(RAFFLE_PRIZES.map((p) => ({ ...p, eventId: event.id })));
}

/** The demo's coupon prize: a recharge coupon of a group given only by the raffle (out of the coupon centre). */
export const DEMO_RAFFLE_COUPON = {
  group: "周年庆抽奖充值券 8 元",
  prize: "8 元充值券",
  amountFen: 8_00,
  stock: 500,
  weight: 500,
} as const;

/**
 * Idempotent, demo only (after the coupon groups): the raffle's coupon prize and its group, once by name, so the
 * demo shows each kind of prize (voucher, points, coupon). Its weight keeps the total under 10,000.
 */
export async function seedDemoRaffleCouponPrize(db: Db): Promise<void> {
  const [event] = await db.select({ id: raffleEvents.id }).from(raffleEvents).where(eq(raffleEvents.code, "202510"));
  if (!event) return;
  const [prize] = await db
    .select({ id: rafflePrizes.id })
    .from(rafflePrizes)
    .where(and(eq(rafflePrizes.eventId, event.id), eq(rafflePrizes.name, DEMO_RAFFLE_COUPON.prize)));
  if (prize) return;
  const now = Date.now();
  const [existing] = await db
    .select({ id: couponGroups.id })
    .from(couponGroups)
    .where(eq(couponGroups.name, DEMO_RAFFLE_COUPON.group));
  const group =
    existing ??
    (await createCouponGroup(
      { db, now: () => new Date(now) },
      {
        name: DEMO_RAFFLE_COUPON.group,
        type: 0,
        amountFen: DEMO_RAFFLE_COUPON.amountFen,
        useTimeLimitDays: 30,
        inCouponCentre: false,
        beginAt: new Date(now - 86_400_000),
        endAt: new Date(now + 3 * 365 * 86_400_000),
        totalNum: 1_000_000,
      },
    ));
  await db.insert(rafflePrizes).values({
    eventId: event.id,
    name: DEMO_RAFFLE_COUPON.prize,
    kind: "coupon",
    amount: DEMO_RAFFLE_COUPON.amountFen,
    stock: DEMO_RAFFLE_COUPON.stock,
    weight: DEMO_RAFFLE_COUPON.weight,
    couponGroupId: group.id,
    sortOrder: RAFFLE_PRIZES.length + 1,
  });
}
