import { and, asc, eq, gt, lte, or, type SQL } from "drizzle-orm";
import { users } from "../../db/schema";
import { couponGroups, userCoupons } from "../../db/wallet-schema";
import type { Db } from "../../db/client";
import type { CouponType, TargetUserVerifyType, VerifiedAs } from "../../rules/coupons";
import type { Caller } from "../context";
import { fail } from "../errors";
import { mainAccountOnly, type CouponCtx } from "./main-account";

/** A coupon group (spec §3), as modules see it: fen, basis points, dates. */
export interface CouponGroup {
  id: number;
  name: string;
  type: CouponType;
  amountFen: number;
  discountBp: number;
  moneyLimitFen: number;
  useTimeLimitDays: number;
  targetGoods: string[];
  targetImage: string[];
  targetUseMode: 0 | 1;
  targetUserVerifyType: TargetUserVerifyType;
  beginAt: Date;
  endAt: Date;
  totalNum: number;
  remainNum: number;
}

/** A group as the caller sees it in the coupon centre: with whether the caller already holds one. */
export interface VisibleGroup extends CouponGroup {
  assigned: boolean;
}

export function toCouponGroup(row: typeof couponGroups.$inferSelect): CouponGroup {
  return {
    id: row.id,
    name: row.name,
    type: row.type as CouponType,
    amountFen: row.amountFen,
    discountBp: row.discountBp,
    moneyLimitFen: row.moneyLimitFen,
    useTimeLimitDays: row.useTimeLimitDays,
    targetGoods: row.targetGoods,
    targetImage: row.targetImage,
    targetUseMode: row.targetUseMode as 0 | 1,
    targetUserVerifyType: row.targetUserVerifyType as TargetUserVerifyType,
    beginAt: row.beginAt,
    endAt: row.endAt,
    totalNum: row.totalNum,
    remainNum: row.remainNum,
  };
}

/** What identity verification proved about the account (users.verified_as). */
export async function verifiedAsOf(db: Db, userId: number): Promise<VerifiedAs> {
  const [row] = await db.select({ verifiedAs: users.verifiedAs }).from(users).where(eq(users.id, userId));
  if (!row) return fail("NOT_FOUND");
  return row.verifiedAs;
}

/**
 * The groups an account verified as `verifiedAs` may see and claim at `now`:
 * in the coupon centre (not a points-store or raffle group), inside the group's window (BeginTime ≤ now < EndTime)
 * and aimed at everyone
 * or at what the account is verified as (TargetUserVerifyType).
 */
export function visibleTo(verifiedAs: VerifiedAs, now: Date): SQL {
  const audience = [eq(couponGroups.targetUserVerifyType, 0)];
  if (verifiedAs === "student") audience.push(eq(couponGroups.targetUserVerifyType, 1));
  if (verifiedAs === "enterprise") audience.push(eq(couponGroups.targetUserVerifyType, 2));
  return and(
    eq(couponGroups.inCouponCentre, true),
    lte(couponGroups.beginAt, now),
    gt(couponGroups.endAt, now),
    or(...audience),
  )!;
}

/** At most this many groups are listed; a coupon centre is a short list. */
const MAX_VISIBLE = 200;

/** `/get_all_user_visible_coupon_group`: the groups the caller may see, sold-out ones included, soonest end first. */
export async function visibleGroups(ctx: CouponCtx, caller: Caller): Promise<VisibleGroup[]> {
  mainAccountOnly(caller);
  const now = ctx.now();
  const verifiedAs = await verifiedAsOf(ctx.db, caller.userId);
  const rows = await ctx.db
    .select({
      group: couponGroups,
      heldId: userCoupons.id,
    })
    .from(couponGroups)
    .leftJoin(userCoupons, and(eq(userCoupons.groupId, couponGroups.id), eq(userCoupons.userId, caller.userId)))
    .where(visibleTo(verifiedAs, now))
    .orderBy(asc(couponGroups.endAt), asc(couponGroups.id))
    .limit(MAX_VISIBLE);
  return rows.map((r) => ({ ...toCouponGroup(r.group), assigned: r.heldId !== null }));
}
