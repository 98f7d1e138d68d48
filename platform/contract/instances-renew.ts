/**
 * Renewing an instance on the wire (issue 36 §1, decision 079): the renew
 * form's preview and `/renew_kvm_v2`, which the spec names without fields.
 * A renewal extends a package by hours, days or months from its expiry, turns an
 * hourly instance into a package from now, or renews an expired package still
 * kept (it takes its GPUs back: HOST_GPU_BUSY when its host lacks them).
 * Amounts are yuan strings with two decimals; times ISO 8601. Only the
 * caller's own instances (a main account: also its sub-accounts'); anyone
 * else's is INSTANCE_NOT_FOUND.
 */
import type { MainApiCall } from "./calls";
import type { CouponChoiceWire, InstanceWire, PriceBreakdownWire } from "./instances";

/** The package a renewal buys: hours (包时), days or months (decision 085). */
export type RenewUnitWire = "hour_package" | "day" | "month";

/** What the renew form posts for its preview. */
export type RenewChoiceFields = {
  instance_uuid: string;
  unit: RenewUnitWire;
  /** Hours 1–23, days 1–29 or months 1–12. */
  count: number;
  /** The coupon to use (a package coupon); "0" for none; absent: the best applicable one. */
  coupon_id?: number;
};

/** `/renew_kvm_v2`: the choice and the form's key (8–64 of A–Z a–z 0–9 _ -); the same key renews once. */
export type RenewFields = RenewChoiceFields & { operation_key: string };

/** `/instance/preview_renewal`: what the renewal would charge now and the term it buys. */
export type RenewalPreviewWire = {
  Price: PriceBreakdownWire;
  /** The term bought: from the package's expiry, or from now (an hourly instance, an expired package). */
  PeriodStart: string;
  PeriodEnd: string;
  FromNow: boolean;
  PayVoucher: string;
  PayCash: string;
  Affordable: boolean;
  Shortfall: string;
  /** All the caller's usable coupons with their verdict on this renewal; the applicable ones first, best first. */
  Coupons: CouponChoiceWire[];
  BestCouponId: number | null;
};

export type RenewalWire = {
  Instance: InstanceWire;
  OrderNo: string;
  Price: PriceBreakdownWire;
  PeriodStart: string;
  PeriodEnd: string;
  PaidVoucher: string;
  PaidCash: string;
  /** True when this operation_key was used before: the first renewal is answered, nothing moved. */
  Replayed: boolean;
};

export type RenewCalls = {
  "/instance/preview_renewal": MainApiCall<RenewChoiceFields, RenewalPreviewWire, "required">;
  "/renew_kvm_v2": MainApiCall<RenewFields, RenewalWire, "required">;
};
