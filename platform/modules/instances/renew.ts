/**
 * `/renew_kvm_v2` (issue 36 §1, decision 079): extends a package by days or
 * months, turns an hourly instance into a package from now on (its usage
 * settled up to now first), or renews an expired package still in retention
 * (it takes its GPUs back on its host, HOST_GPU_BUSY when the host lacks
 * them, and can be started again). One transaction under the paying
 * account's row lock, then the instance's row lock: the same operation key
 * answers the first renewal and moves nothing; the price is `quoteRenewal`'s,
 * paid by `spendFromLockedAccount` (vouchers, cash, credit; a purchase order
 * of kind "renewal" referring to `instance:<uuid>`, so the instance's charges
 * and the expense detail explain it), its coupon marked used once.
 */
import { recordInstanceEvent, renewEventText } from "./events";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { instances } from "../../db/market-schema";
import { inTransaction } from "../../db/tx";
import { settleUsage } from "../billing/settle";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { spendFromLockedAccount } from "../wallet/spend";
import type { RentalOrderDetail } from "./create";
import { payingWallets, planRentalPayment } from "./payment";
import type { PriceBreakdown } from "./price";
import { markCouponUsed } from "./rental-coupons";
import { quoteRenewal, renewableInstance, type RenewalChoice, type RenewalQuote } from "./renew-quote";
import { earlierInstanceOrder } from "./earlier-order";
import { ownedBy } from "./scope";
import { retakeSlots } from "./slots";
import { instanceById, type Instance } from "./view";

export interface RenewInput extends RenewalChoice {
  /** The form's key (8–64 of A–Z a–z 0–9 _ -): submitting it again answers the first renewal. */
  operationKey: string;
}

/** What a renewal's purchase order keeps in `detail` (the rental's shape, so one explanation reads both). */
export interface RenewalOrderDetail extends RentalOrderDetail {
  /** The billing mode before: "hour" when an hourly instance became a package. */
  fromMode: string;
}

export interface RenewedInstance {
  instance: Instance;
  orderNo: string;
  price: PriceBreakdown;
  periodStart: Date;
  periodEnd: Date;
  paidVoucherFen: number;
  paidCashFen: number;
  /** The operation key was used before: the first renewal's answer, nothing moved. */
  replayed: boolean;
}

/** What the renew form shows: the price, the term, how it would be paid and the coupons. */
export interface RenewalPreview extends RenewalQuote {
  payVoucherFen: number;
  payCashFen: number;
  affordable: boolean;
  shortfallFen: number;
}

const OPERATION_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** The purchase's operation key (the ledger's and the order number's): the renew form's key, prefixed. */
export const renewalOperationKey = (operationKey: string): string => `renewal:${operationKey}`;

/** `/instance/preview_renewal`: the renewal's price and term as `renewInstance` would charge them now. */
export async function previewRenewal(
  ctx: Pick<Ctx, "db" | "now">,
  caller: Caller,
  choice: RenewalChoice,
): Promise<RenewalPreview> {
  const now = ctx.now();
  const paying = await payingWallets(ctx.db, caller, false);
  const instance = await renewableInstance(ctx.db, caller, choice.uuid, now);
  const quote = await quoteRenewal(ctx.db, caller, instance, paying.renting, choice, now);
  const plan = planRentalPayment(paying, quote.price.amountFen);
  return {
    ...quote,
    payVoucherFen: plan.ok ? plan.voucherFen : 0,
    payCashFen: plan.ok ? plan.cashFen : 0,
    affordable: plan.ok,
    shortfallFen: plan.ok ? 0 : plan.shortfallFen,
  };
}

async function replay(
  db: Db,
  caller: Caller,
  uuid: string,
  orderKey: string,
  now: Date,
): Promise<RenewedInstance | null> {
  const order = await earlierInstanceOrder(db, caller, { orderKey, uuid, kind: "renewal" });
  if (!order) return null;
  const detail = order.detail as RenewalOrderDetail;
  const [row] = await db
    .select({ id: instances.id })
    .from(instances)
    .where(and(eq(instances.uuid, uuid), ownedBy(caller)));
  if (!row) return fail("INSTANCE_NOT_FOUND");
  return {
    instance: await instanceById(db, row.id, now),
    orderNo: order.orderNo,
    price: detail.price,
    periodStart: new Date(detail.periodStart),
    periodEnd: new Date(detail.periodEnd),
    paidVoucherFen: order.paidVoucherFen,
    paidCashFen: order.paidCashFen,
    replayed: true,
  };
}

export async function renewInstance(ctx: Ctx, caller: Caller, input: RenewInput): Promise<RenewedInstance> {
  if (!OPERATION_KEY.test(input.operationKey))
    fail("BAD_REQUEST", "operation_key", "操作标识格式不正确，请刷新页面后重试");
  const operationKey = renewalOperationKey(input.operationKey);
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const paying = await payingWallets(tx, caller, true);
    const earlier = await replay(tx, caller, input.uuid, operationKey, now);
    if (earlier) return earlier;

    // The instance's row lock after the account's (the order every action takes): the expiry and
    // transition jobs skip it meanwhile, so what is read here holds until the commit.
    const [locked] = await tx
      .select({ id: instances.id, gpuHeld: instances.gpuHeld, hostId: instances.hostId })
      .from(instances)
      .where(and(eq(instances.uuid, input.uuid), ownedBy(caller)))
      .for("update");
    if (!locked) return fail("INSTANCE_NOT_FOUND");
    let instance = await renewableInstance(tx, caller, input.uuid, now);
    let balances = paying.balances;
    if (instance.billingMode === "hour" && instance.state === "running") {
      // Its usage up to now is billed at the hourly rate before the package takes over.
      await settleUsage(tx, { upTo: now, instanceIds: [instance.id] });
      instance = await renewableInstance(tx, caller, input.uuid, now);
      balances = (await payingWallets(tx, caller, false)).balances;
    }
    const quote = await quoteRenewal(tx, caller, instance, paying.renting, input, now, { listCoupons: false });
    const { price, term } = quote;
    // An instance that gave its GPUs back (an hourly one stopped, a package expired) takes them again first.
    if (!locked.gpuHeld) await retakeSlots(tx, locked.hostId, instance.gpuCount);

    const refersTo = `instance:${instance.uuid}`;
    const detail: RenewalOrderDetail = {
      price,
      periodStart: term.periodStart.toISOString(),
      periodEnd: term.periodEnd.toISOString(),
      fromMode: instance.billingMode,
    };
    const order = await spendFromLockedAccount(tx, now, caller, balances, {
      operationKey,
      kind: "renewal",
      refersTo,
      priceFen: price.amountFen,
      detail: detail as unknown as Record<string, unknown>,
      allowVouchers: true,
      allowCredit: true,
    });
    if (quote.coupon) await markCouponUsed(tx, caller, quote.coupon.id, refersTo, now);

    const becomesPackage = instance.billingMode === "hour";
    const sameUnit = becomesPackage || instance.billingMode === input.unit;
    await tx
      .update(instances)
      .set({
        billingMode: becomesPackage ? input.unit : instance.billingMode,
        packageUnits: sql`${instances.packageUnits} + ${sameUnit ? input.count : 0}`,
        durationDiscountBp: becomesPackage ? price.durationDiscountBp : instance.durationDiscountBp,
        vipDiscountBp: becomesPackage ? price.vipDiscountBp : instance.vipDiscountBp,
        packageExpiresAt: term.periodEnd,
        costFen: sql`${instances.costFen} + ${price.amountFen}`,
        gpuHeld: true,
        noGpuRateFen: null, // a stopped hourly instance's last run may have been without GPU (decision 086)
        releaseAt: null,
      })
      .where(eq(instances.id, locked.id));
    await recordInstanceEvent(tx, {
      instanceId: locked.id,
      userId: caller.userId,
      kind: "renew",
      actor: "user",
      text: renewEventText({
        unit: input.unit,
        count: input.count,
        periodEnd: term.periodEnd,
        fromMode: instance.billingMode,
        retookGpus: !locked.gpuHeld,
        voucherFen: order.paidVoucherFen,
        cashFen: order.paidCashFen,
      }),
      amountFen: price.amountFen,
      at: now,
    });
    return {
      instance: await instanceById(tx, locked.id, now),
      orderNo: order.orderNo,
      price,
      periodStart: term.periodStart,
      periodEnd: term.periodEnd,
      paidVoucherFen: order.paidVoucherFen,
      paidCashFen: order.paidCashFen,
      replayed: false,
    };
  });
}
