import type { CouponGroupWire, CouponStatusWire, UsedMoneyCouponWire, UserCouponWire } from "../../contract/coupons";
import type { CouponGroup, VisibleGroup } from "../../modules/coupons/groups";
import type { UsedMoneyCoupon } from "../../modules/coupons/use-money-coupon";
import type { UserCoupon } from "../../modules/coupons/user-coupons";
import type { CouponState } from "../../rules/coupons";
import { fenToYuan } from "../../rules/money";
import { BP } from "../../rules/price";

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export const COUPON_STATUS: Record<CouponState, CouponStatusWire> = { usable: 0, used: 1, expired: 2 };
export const COUPON_STATE: Record<CouponStatusWire, CouponState> = { 0: "usable", 1: "used", 2: "expired" };

export function toCouponGroupWire(group: CouponGroup, assigned: boolean): CouponGroupWire {
  return {
    GroupId: group.id,
    Name: group.name,
    Type: group.type,
    Amount: fenToYuan(group.amountFen),
    Discount: group.discountBp / BP,
    MoneyLimit: fenToYuan(group.moneyLimitFen),
    UseTimeLimit: group.useTimeLimitDays,
    TargetGoods: group.targetGoods,
    TargetImage: group.targetImage,
    TargetUseMode: group.targetUseMode,
    TargetUserVerifyType: group.targetUserVerifyType,
    BeginTime: seconds(group.beginAt),
    EndTime: seconds(group.endAt),
    RemainNum: group.remainNum,
    IsAssigned: assigned,
  };
}

export const toVisibleGroupWire = (group: VisibleGroup): CouponGroupWire => toCouponGroupWire(group, group.assigned);

export function toUserCouponWire(coupon: UserCoupon): UserCouponWire {
  return {
    CouponId: coupon.id,
    IsUsed: coupon.usedAt !== null,
    Status: COUPON_STATUS[coupon.state],
    CreateTime: seconds(coupon.claimedAt),
    ExpireTime: seconds(coupon.expiresAt),
    UseTime: coupon.usedAt ? seconds(coupon.usedAt) : null,
    CouponGroup: toCouponGroupWire(coupon.group, true),
  };
}

export const toUsedMoneyCouponWire = (used: UsedMoneyCoupon): UsedMoneyCouponWire => ({
  CouponId: used.couponId,
  Amount: fenToYuan(used.amountFen),
  Money: fenToYuan(used.cashAfterFen),
});
