import type {
  CouponCalls,
  CouponGroupWire,
  CouponStatusWire,
  UsedMoneyCouponWire,
  UserCouponWire,
} from "../../platform/contract/coupons";
import type { PageWire } from "../../platform/contract/page";
import { callApiOrThrow } from "./transport.server";

export type { CouponGroupWire, CouponStatusWire, UsedMoneyCouponWire, UserCouponWire };
export type CouponGroup = CouponGroupWire;
export type UserCoupon = UserCouponWire;
export type CouponPage = PageWire<UserCouponWire>;

/** One coupons call, its fields and reply typed by the contract (platform/contract/coupons.ts). */
function call<P extends keyof CouponCalls>(path: P, input: CouponCalls[P]["input"], session: string) {
  return callApiOrThrow<CouponCalls[P]["data"]>(path, input, { session });
}

/** The spec's page size for a user's coupons (spec §7). */
export const COUPON_PAGE_SIZE = 50;

/** The groups the caller may see and claim (`/get_all_user_visible_coupon_group`). */
export function getVisibleCouponGroups(session: string) {
  return call("/get_all_user_visible_coupon_group", {}, session);
}

/** Claims one coupon of a group (`/assign_to_user`). */
export function claimCoupon(session: string, groupId: number) {
  return call("/assign_to_user", { group_id: groupId }, session);
}

/** One page of the caller's coupons in one state: 0 usable, 1 used, 2 expired. */
export function getUserCoupons(session: string, status: CouponStatusWire, page = 1) {
  return call("/get_user_assigned_coupon", { page, page_size: COUPON_PAGE_SIZE, status }, session);
}

/** One of the caller's coupons; not found when it is someone else's. */
export function getUserCoupon(session: string, couponId: number) {
  return call("/get_user_coupon", { coupon_id: couponId }, session);
}

/** Uses a recharge voucher: its amount goes to Money (`/use_money_coupon`). */
export function useMoneyCoupon(session: string, couponId: number) {
  return call("/use_money_coupon", { coupon_id: couponId }, session);
}
