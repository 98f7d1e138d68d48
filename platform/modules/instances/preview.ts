import type { Caller, Ctx, Visitor } from "../context";
import type { RentalChoice } from "./choice";
import { mostFreeGpus } from "./offer";
import { payingWallets, planRentalPayment } from "./payment";
import { prepareRental, type PreparedRental } from "./prepare";
import type { PriceBreakdown } from "./price";
import type { CouponChoice } from "./rental-coupons";

/** `/instance/preview_rental`: the price the form shows (by the function that charges) and whether it can be paid. */
export interface RentalPreview {
  price: PriceBreakdown;
  payVoucherFen: number;
  payCashFen: number;
  affordable: boolean;
  shortfallFen: number;
  /** The most GPUs one compatible host of the offer has free now. */
  freeGpus: number;
}

export async function previewRental(
  ctx: Pick<Ctx, "db" | "now">,
  caller: Caller,
  choice: RentalChoice,
): Promise<RentalPreview> {
  const paying = await payingWallets(ctx.db, caller, false);
  const prepared = await prepareRental(ctx.db, caller, choice, ctx.now(), { account: paying.renting });
  const plan = planRentalPayment(paying, prepared.price.amountFen);
  return {
    price: prepared.price,
    payVoucherFen: plan.ok ? plan.voucherFen : 0,
    payCashFen: plan.ok ? plan.cashFen : 0,
    affordable: plan.ok,
    shortfallFen: plan.ok ? 0 : plan.shortfallFen,
    freeGpus: mostFreeGpus({ hosts: prepared.compatibleHosts }),
  };
}

/** `/instance/preview_list_price`: what a visitor sees on the rental form (the spec lists /createInstance as public). */
export interface ListPricePreview {
  price: PriceBreakdown;
  freeGpus: number;
}

/**
 * The list price of a choice, by the same function that charges, for someone
 * not signed in: no membership discount, no coupon, no wallet. The coupon a
 * choice names is ignored (a visitor has none).
 */
export async function previewListPrice(
  ctx: Pick<Ctx, "db" | "now">,
  _visitor: Visitor,
  choice: RentalChoice,
): Promise<ListPricePreview> {
  const prepared = await prepareRental(ctx.db, null, { ...choice, couponId: 0 }, ctx.now(), { listCoupons: false });
  return { price: prepared.price, freeGpus: mostFreeGpus({ hosts: prepared.compatibleHosts }) };
}

/** `/pick_valid_and_all_coupon`: every usable coupon's verdict on this rental, the applicable ones best first. */
export interface CouponPick {
  valid: CouponChoice[];
  all: CouponChoice[];
  bestCouponId: number | null;
}

export async function pickCoupons(
  ctx: Pick<Ctx, "db" | "now">,
  caller: Caller,
  choice: RentalChoice,
): Promise<CouponPick> {
  // The pick judges every coupon itself: a named coupon that does not apply is shown, not refused.
  const prepared: PreparedRental = await prepareRental(ctx.db, caller, { ...choice, couponId: 0 }, ctx.now());
  return {
    valid: prepared.coupons.valid,
    all: prepared.coupons.all,
    bestCouponId: prepared.coupons.best?.id ?? null,
  };
}
