import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, type SQL } from "drizzle-orm";
import { couponGroups, userCoupons } from "../../db/wallet-schema";
import { couponState, type CouponState } from "../../rules/coupons";
import type { Caller } from "../context";
import type { Page, PageRequest } from "../page";
import { toCouponGroup, type CouponGroup } from "./groups";
import { mainAccountOnly, type CouponCtx } from "./main-account";

/** A coupon the caller holds. */
export interface UserCoupon {
  id: number;
  group: CouponGroup;
  claimedAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  state: CouponState;
}

export function toUserCoupon(row: typeof userCoupons.$inferSelect, group: CouponGroup, now: Date): UserCoupon {
  return {
    id: row.id,
    group,
    claimedAt: row.claimedAt,
    expiresAt: row.expiresAt,
    usedAt: row.usedAt,
    state: couponState({ used: row.usedAt !== null, expiresAtMs: row.expiresAt.getTime() }, now.getTime()),
  };
}

function stateCondition(state: CouponState, now: Date): SQL {
  if (state === "used") return isNotNull(userCoupons.usedAt);
  if (state === "expired") return and(isNull(userCoupons.usedAt), lte(userCoupons.expiresAt, now))!;
  return and(isNull(userCoupons.usedAt), gt(userCoupons.expiresAt, now))!;
}

/** Usable ones by soonest expiry; used ones by latest use; expired ones by latest expiry. */
function stateOrder(state: CouponState) {
  if (state === "used") return [desc(userCoupons.usedAt), desc(userCoupons.id)];
  if (state === "expired") return [desc(userCoupons.expiresAt), desc(userCoupons.id)];
  return [asc(userCoupons.expiresAt), asc(userCoupons.id)];
}

/** `/get_user_assigned_coupon`: one page of the caller's coupons in one state. */
export async function listUserCoupons(
  ctx: CouponCtx,
  caller: Caller,
  input: PageRequest & { state: CouponState },
): Promise<Page<UserCoupon>> {
  mainAccountOnly(caller);
  const now = ctx.now();
  const where = and(eq(userCoupons.userId, caller.userId), stateCondition(input.state, now));
  const rows = await ctx.db
    .select({ coupon: userCoupons, group: couponGroups })
    .from(userCoupons)
    .innerJoin(couponGroups, eq(couponGroups.id, userCoupons.groupId))
    .where(where)
    .orderBy(...stateOrder(input.state))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const [total] = await ctx.db.select({ n: count() }).from(userCoupons).where(where);
  return {
    items: rows.map((r) => toUserCoupon(r.coupon, toCouponGroup(r.group), now)),
    total: Number(total?.n ?? 0),
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** One of the caller's coupons, or null when it is not the caller's (or does not exist). */
export async function findUserCoupon(ctx: CouponCtx, caller: Caller, couponId: number): Promise<UserCoupon | null> {
  mainAccountOnly(caller);
  const [row] = await ctx.db
    .select({ coupon: userCoupons, group: couponGroups })
    .from(userCoupons)
    .innerJoin(couponGroups, eq(couponGroups.id, userCoupons.groupId))
    .where(and(eq(userCoupons.id, couponId), eq(userCoupons.userId, caller.userId)));
  return row ? toUserCoupon(row.coupon, toCouponGroup(row.group), ctx.now()) : null;
}
