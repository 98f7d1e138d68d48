/**
 * A renewal's price and term (issue 36 §1, decision 079): the instance's own
 * unit price as rented, the duration discount of the unit (hour 1, day
 * 0.98, month 0.95) and the membership discount now, then a coupon that applies to
 * packages, by the one package price function (`packageBreakdown`); the term
 * by `renewalTerm`. The renew form's preview and the renewal share it.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { images, instances } from "../../db/market-schema";
import type { CouponOrder } from "../../rules/coupons";
import { DURATION_DISCOUNT_BP } from "../../rules/price";
import { PACKAGE_LIMITS, packageHours, type PackageMode } from "../../rules/rental-price";
import { packageLengthError } from "../../rules/billing-mode-text";
import { RENEWABLE_STATES, renewalTerm, type RenewalTerm } from "../../rules/renewal-term";
import type { Caller } from "../context";
import { fail } from "../errors";
import type { RentingAccount } from "./membership";
import { packageBreakdown, type PriceBreakdown } from "./price";
import { judgeCoupons, usableCoupons, type CouponChoice, type RentalCoupon } from "./rental-coupons";
import { ownedBy } from "./scope";
import { selectInstances, toInstance, type Instance } from "./view";

/** A renewal buys a package of hours (1–23), days or months (decision 085). */
export type RenewUnit = PackageMode;

/** What the renew form chooses. */
export interface RenewalChoice {
  uuid: string;
  unit: RenewUnit;
  /** Hours 1–23, days 1–29 or months 1–12. */
  count: number;
  /** The coupon to use; 0 for none; undefined for the best applicable one. */
  couponId?: number;
}

export interface RenewalQuote {
  instance: Instance;
  price: PriceBreakdown;
  term: RenewalTerm;
  coupons: { all: CouponChoice[]; valid: CouponChoice[]; best: RentalCoupon | null };
  coupon: RentalCoupon | null;
}

function checkCount(choice: RenewalChoice): number {
  const { min, max } = PACKAGE_LIMITS[choice.unit];
  if (!Number.isInteger(choice.count) || choice.count < min || choice.count > max)
    fail("BAD_REQUEST", "count", packageLengthError(choice.unit, "renewal"));
  return choice.count;
}

/** The caller's instance (anyone else's or a missing one: INSTANCE_NOT_FOUND). */
export async function renewableInstance(db: Db, caller: Caller, uuid: string, now: Date): Promise<Instance> {
  const [row] = await selectInstances(db, and(eq(instances.uuid, uuid), ownedBy(caller)));
  if (!row) return fail("INSTANCE_NOT_FOUND");
  return toInstance(row, now);
}

/**
 * Prices a renewal of `instance` for `account` (the paying account's terms), judging the caller's coupons:
 * a named coupon that does not apply is refused (COUPON_NOT_APPLICABLE on `coupon_id`).
 * `listCoupons: false` with no coupon named (0) reads no coupon.
 */
export async function quoteRenewal(
  db: Db,
  caller: Caller,
  instance: Instance,
  account: RentingAccount,
  choice: RenewalChoice,
  now: Date,
  options: { listCoupons?: boolean } = {},
): Promise<RenewalQuote> {
  const count = checkCount(choice);
  if (!RENEWABLE_STATES.includes(instance.state))
    fail("INSTANCE_STATE", undefined, "实例当前状态不能续费（仅运行中或已关机的实例可以续费）");
  // Without GPU it holds none: a package is bought for GPUs, so it is stopped first (decision 086).
  if (instance.noGpu) fail("INSTANCE_STATE", undefined, "无卡模式运行中，请先关机再续费");
  const hours = packageHours(choice.unit, count);
  const [image] = await db
    .select({ code: images.code })
    .from(images)
    .innerJoin(instances, eq(instances.imageId, images.id))
    .where(eq(instances.id, instance.id));
  const order: CouponOrder = {
    goods: instance.gpuModelCode,
    image: image?.code ?? "",
    isPackage: true,
    verifiedAs: account.verifiedAs,
    atMs: now.getTime(),
    price: {
      unitPriceFen: instance.unitPriceFen,
      quantity: instance.gpuCount * hours,
      durationDiscountBp: DURATION_DISCOUNT_BP[choice.unit],
      vipDiscountBp: account.vipDiscountBp,
    },
  };
  const coupons =
    choice.couponId === 0 && options.listCoupons === false
      ? { all: [], valid: [], best: null }
      : judgeCoupons(await usableCoupons(db, caller, now), order);
  let coupon: RentalCoupon | null = null;
  if (choice.couponId === undefined) coupon = coupons.best;
  else if (choice.couponId !== 0) {
    const judged = coupons.all.find((c) => c.coupon.id === choice.couponId);
    if (!judged) return fail("COUPON_NOT_APPLICABLE", "coupon_id", "优惠券不存在、已使用或已过期");
    if (!judged.applicable) return fail("COUPON_NOT_APPLICABLE", "coupon_id", judged.reason);
    coupon = judged.coupon;
  }
  const price = packageBreakdown({
    mode: choice.unit,
    units: count,
    gpuCount: instance.gpuCount,
    unitPriceFen: instance.unitPriceFen,
    vipDiscountBp: account.vipDiscountBp,
    coupon: coupon ? { id: coupon.id, terms: coupon } : null,
    extraDiskMonthFen: instance.extraDiskMonthFen,
  });
  const term = renewalTerm({
    billingMode: instance.billingMode,
    packageExpiresAt: instance.packageExpiresAt,
    now,
    hours,
  });
  return { instance, price, term, coupons, coupon };
}
