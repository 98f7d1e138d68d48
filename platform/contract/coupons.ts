/**
 * The coupons area of the main API on the wire (spec §3, §7; issue 10 §4):
 * the groups a user may claim, claiming one, the user's coupons, and using a
 * recharge voucher. Names are the spec's; amounts are yuan strings ("12.34"),
 * BeginTime, EndTime and the other times are epoch seconds. Do not rename.
 */
import type { MainApiCall, NoFields } from "./calls";
import type { PageFields, PageWire } from "./page";

/** Spec §3: 0 recharge voucher (充值券), 1 discount coupon (折扣券), 2 threshold reduction (满减券). */
export type CouponTypeWire = 0 | 1 | 2;

/** A coupon group (spec §3). Empty target lists mean "any". */
export type CouponGroupWire = {
  GroupId: number;
  /** The group's name as the operator wrote it. */
  Name: string;
  Type: CouponTypeWire;
  /** Type 0: credited to Money; Type 2: taken off the order. Yuan. */
  Amount: string;
  /** Type 1: the price multiplier, a fraction (0.85); 1 for the other types. */
  Discount: number;
  /** The order must be at least this (yuan); "0.00": no threshold. */
  MoneyLimit: string;
  /** Days a claimed coupon stays usable; 0: until EndTime. */
  UseTimeLimit: number;
  TargetGoods: string[];
  TargetImage: string[];
  /** 0 any rental, 1 package rentals only. */
  TargetUseMode: 0 | 1;
  /** 0 everyone, 1 verified students, 2 verified enterprises. */
  TargetUserVerifyType: 0 | 1 | 2;
  /** Epoch seconds. */
  BeginTime: number;
  /** Epoch seconds. */
  EndTime: number;
  RemainNum: number;
  /** Whether the caller already holds a coupon of this group. */
  IsAssigned: boolean;
};

/** A coupon's state, as `/get_user_assigned_coupon` filters it: 0 usable, 1 used, 2 expired. */
export type CouponStatusWire = 0 | 1 | 2;

/** A coupon the caller holds (spec §3). Times are epoch seconds. */
export type UserCouponWire = {
  CouponId: number;
  IsUsed: boolean;
  Status: CouponStatusWire;
  /** When it was claimed. */
  CreateTime: number;
  /** When it stops being usable: UseTimeLimit days after the claim, never after the group's EndTime. */
  ExpireTime: number;
  UseTime: number | null;
  CouponGroup: CouponGroupWire;
};

export type AssignToUserFields = { group_id: number };
export type AssignedCouponFields = PageFields & { status?: CouponStatusWire };
export type UseMoneyCouponFields = { coupon_id: number };
export type UserCouponFields = { coupon_id: number };

/** What a used recharge voucher did: the amount credited and the cash balance after it. */
export type UsedMoneyCouponWire = { CouponId: number; Amount: string; Money: string };

/** Every coupons call of the main API, by path under /api. Sub-accounts are refused (decision 031). */
export type CouponCalls = {
  "/get_all_user_visible_coupon_group": MainApiCall<NoFields, CouponGroupWire[], "required">;
  "/assign_to_user": MainApiCall<AssignToUserFields, UserCouponWire, "required">;
  /** page_size defaults to 50 and is at most 50 (spec §7). */
  "/get_user_assigned_coupon": MainApiCall<AssignedCouponFields, PageWire<UserCouponWire>, "required">;
  "/use_money_coupon": MainApiCall<UseMoneyCouponFields, UsedMoneyCouponWire, "required">;
  /** Not in the spec: one of the caller's coupons, for the confirm page of a recharge voucher. */
  "/get_user_coupon": MainApiCall<UserCouponFields, UserCouponWire, "required">;
};
