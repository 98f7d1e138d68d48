import type { Db } from "../../db/client";
import type { CouponOrder } from "../../rules/coupons";
import { isPackageMode, PACKAGE_LIMITS, packageHours } from "../../rules/rental-price";
import { packageLengthError } from "../../rules/billing-mode-text";
import { DURATION_DISCOUNT_BP } from "../../rules/price";
import type { Caller } from "../context";
import { fail } from "../errors";
import type { RentalChoice } from "./choice";
import { cudaSupports, findRentalImage, type RentalImage } from "./image";
import { LIST_PRICE_ACCOUNT, rentingAccount, type RentingAccount } from "./membership";
import { findRentalOffer, largestHostGpus, mostFreeGpus, type OfferHost, type RentalOffer } from "./offer";
import { hourlyBreakdown, packageBreakdown, type PriceBreakdown } from "./price";
import { judgeCoupons, usableCoupons, type CouponChoice, type RentalCoupon } from "./rental-coupons";

/** Spec: at most 8 GPUs on one instance. */
export const MAX_GPUS = 8;

/** A checked rental choice with its price: what the preview shows and the rental charges. */
export interface PreparedRental {
  choice: RentalChoice;
  offer: RentalOffer;
  image: RentalImage;
  account: RentingAccount;
  /** The offer's online hosts whose CUDA runs the image, fewest free GPUs first. */
  compatibleHosts: OfferHost[];
  coupons: { all: CouponChoice[]; valid: CouponChoice[]; best: RentalCoupon | null };
  /** The coupon the price uses (the chosen one, or the best when none was named). */
  coupon: RentalCoupon | null;
  price: PriceBreakdown;
}

function checkDuration(choice: RentalChoice): number {
  if (!isPackageMode(choice.billingMode)) return 0;
  const { min, max } = PACKAGE_LIMITS[choice.billingMode];
  const d = choice.duration;
  if (d === null || !Number.isInteger(d) || d < min || d > max)
    fail("BAD_REQUEST", "duration", packageLengthError(choice.billingMode, "rental"));
  return d!;
}

/**
 * Checks a rental choice (the offer exists, GPU count, duration, image and
 * its CUDA against the hosts, the named coupon) and prices it with the one
 * price function. Refuses with OFFER_NOT_FOUND, IMAGE_INCOMPATIBLE,
 * COUPON_NOT_APPLICABLE or a field error, and (`refuseSoldOut`, the rental
 * itself) INSTANCE_SOLD_OUT when no host of the offer has the GPUs free.
 * `account`: the renting account's terms when the caller read them already (the rental, under its lock);
 * `listCoupons: false`: the caller wants the price only, not every coupon's verdict.
 * A visitor (`caller` null) gets the list price: no membership discount, no coupons, official images only.
 */
export async function prepareRental(
  db: Db,
  caller: Caller | null,
  choice: RentalChoice,
  now: Date,
  options: { refuseSoldOut?: boolean; account?: RentingAccount; listCoupons?: boolean } = {},
): Promise<PreparedRental> {
  const offer = await findRentalOffer(db, {
    machineType: choice.machineType,
    regionCode: choice.regionCode,
    gpuModelCode: choice.gpuModelCode,
  });
  const most = Math.min(MAX_GPUS, largestHostGpus(offer));
  if (!Number.isInteger(choice.gpuCount) || choice.gpuCount < 1 || choice.gpuCount > most)
    fail("BAD_REQUEST", "gpu_count", `GPU数量必须在1到${most}之间`);
  // A rental refuses at once when no host has the GPUs free (in a rush, most requests end here, cheaply).
  if (options.refuseSoldOut && mostFreeGpus(offer) < choice.gpuCount) fail("INSTANCE_SOLD_OUT");
  const units = checkDuration(choice);
  const image = await findRentalImage(db, caller, choice.imageId);
  const compatibleHosts = offer.hosts.filter((h) => h.online && cudaSupports(h.cudaVersion, image.cudaVersion));
  if (compatibleHosts.length === 0) fail("IMAGE_INCOMPATIBLE", "image_id");
  const account = options.account ?? (caller ? await rentingAccount(db, caller) : LIST_PRICE_ACCOUNT);

  const mode = choice.billingMode;
  const isPackage = isPackageMode(mode);
  const order: CouponOrder = {
    goods: offer.gpuModel.code,
    image: image.code,
    isPackage,
    verifiedAs: account.verifiedAs,
    atMs: now.getTime(),
    price: {
      unitPriceFen: offer.unitPriceFen,
      quantity: choice.gpuCount * (isPackage ? packageHours(mode, units) : 1),
      durationDiscountBp: DURATION_DISCOUNT_BP[mode],
      vipDiscountBp: account.vipDiscountBp,
    },
  };
  // With no coupon chosen (coupon_id 0) and no list wanted (the rental), the price needs no coupon read.
  const coupons =
    caller === null || (choice.couponId === 0 && options.listCoupons === false)
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

  const price = isPackage
    ? packageBreakdown({
        mode,
        units,
        gpuCount: choice.gpuCount,
        unitPriceFen: offer.unitPriceFen,
        vipDiscountBp: account.vipDiscountBp,
        coupon: coupon ? { id: coupon.id, terms: coupon } : null,
      })
    : hourlyBreakdown({
        gpuCount: choice.gpuCount,
        unitPriceFen: offer.unitPriceFen,
        vipDiscountBp: account.vipDiscountBp,
      });
  return { choice, offer, image, account, compatibleHosts, coupons, coupon, price };
}
