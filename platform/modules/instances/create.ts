import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { num } from "../finance/rows";
import type { Db } from "../../db/client";
import { preparedRowsOf } from "../../db/prepared";
import { purchaseOrders } from "../../db/wallet-schema";
import { inTransaction } from "../../db/tx";
import { isPackageMode } from "../../rules/rental-price";
import { imagePullDelayMs } from "../images/host-cache";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { refuseWhenBudgetCannotPay, subAccountRules } from "../sub-accounts/budget";
import { spendFromLockedAccount } from "../wallet/spend";
import type { RentalChoice } from "./choice";
import { createEventText, instanceEventsFrom } from "./events";
import { payingWallets, planRentalPayment, refuseShortfall } from "./payment";
import { prepareRental } from "./prepare";
import { hourlyBreakdown, type PriceBreakdown } from "./price";
import { SOLD_OUT, throughOfferGate } from "./offer-gate";
import { markCouponUsed } from "./rental-coupons";
import { takeSlots } from "./slots";
import { refuseOverUnverifiedCap } from "./unverified-cap";
import { instanceById, type Instance } from "./view";

export interface CreateInstanceInput extends RentalChoice {
  /** The form's key (8–64 of A–Z a–z 0–9 _ -): submitting it again answers the first rental. */
  operationKey: string;
  /** 1–30 characters; default "<GPU name> 实例". */
  name?: string;
}

/** A rental's answer. */
export interface CreatedInstance {
  instance: Instance;
  /** The package's purchase order; null for hourly. */
  orderNo: string | null;
  price: PriceBreakdown;
  paidVoucherFen: number;
  paidCashFen: number;
  /** The operation key was used before: the first rental's instance, nothing moved. */
  replayed: boolean;
}

/** What a package's purchase order keeps in `detail`. */
export interface RentalOrderDetail {
  price: PriceBreakdown;
  periodStart: string;
  periodEnd: string;
}

const OPERATION_KEY = /^[A-Za-z0-9_-]{8,64}$/;
const MAX_NAME = 30;

/** "i-" and 10 random hex digits. */
export const newInstanceUuid = (): string => `i-${randomBytes(5).toString("hex")}`;

/** The purchase's operation key (the ledger's and the order number's): the rental form's key, prefixed. */
export const rentalOperationKey = (operationKey: string): string => `rental:${operationKey}`;

function checkInput(input: CreateInstanceInput): string | null {
  if (!OPERATION_KEY.test(input.operationKey))
    fail("BAD_REQUEST", "operation_key", "操作标识格式不正确，请刷新页面后重试");
  if (input.name === undefined) return null;
  const name = input.name.trim();
  if (name.length === 0) return null;
  if ([...name].length > MAX_NAME) fail("BAD_REQUEST", "name", `实例名称最多${MAX_NAME}个字符`);
  return name;
}

/** The package order of an instance (its rental), or null. */
export async function rentalOrderOf(db: Db, instance: { userId: number; uuid: string }) {
  const [order] = await db
    .select()
    .from(purchaseOrders)
    .where(
      and(
        eq(purchaseOrders.userId, instance.userId),
        eq(purchaseOrders.refersTo, `instance:${instance.uuid}`),
        eq(purchaseOrders.kind, "rental"),
      ),
    );
  return order ?? null;
}

async function replay(db: Db, instanceId: number, now: Date): Promise<CreatedInstance> {
  const instance = await instanceById(db, instanceId, now);
  if (instance.billingMode === "hour")
    return {
      instance,
      orderNo: null,
      price: hourlyBreakdown(instance),
      paidVoucherFen: 0,
      paidCashFen: 0,
      replayed: true,
    };
  const order = await rentalOrderOf(db, instance);
  return {
    instance,
    orderNo: order?.orderNo ?? null,
    price: (order?.detail as RentalOrderDetail).price,
    paidVoucherFen: order?.paidVoucherFen ?? 0,
    paidCashFen: order?.paidCashFen ?? 0,
    replayed: true,
  };
}

/** What the sold-out check needs of a rental. */
interface SoldOutQuestion {
  userId: number;
  operationKey: string;
  gpuCount: number;
}

/**
 * Whether each rental of one offer can be refused INSTANCE_SOLD_OUT at once, in one statement without a
 * transaction: its key was not used before (else the first rental is answered), the offer exists, a host of it
 * could hold the GPUs, and no online host has them free now. The statement reads the instances and the hosts as
 * of one moment, so a rental that took the last slot with a key is seen with it. In a rush most rentals end here.
 * Operation keys are checked first (no comma), so the lists travel as comma-joined text.
 */
function soldOutCheck(db: Db, input: CreateInstanceInput) {
  return async (questions: SoldOutQuestion[]): Promise<boolean[]> => {
    const rows = await preparedRowsOf<{ earlier: unknown; hosts: unknown; most_total: unknown; most_free: unknown }>(
      db,
      sql`with offer_hosts as (
            select count(h.id) as hosts,
              coalesce(max(h.gpu_total), 0) as most_total,
              coalesce(max(h.gpu_free) filter (where h.online), 0) as most_free
            from hosts h
            join regions r on r.id = h.region_id
            join gpu_models m on m.id = h.gpu_model_id
            where h.machine_type = ${input.machineType} and r.code = ${input.regionCode}
              and m.code = ${input.gpuModelCode}
          )
          select exists (
              select 1 from instances i where i.user_id = k.user_id and i.operation_key = k.operation_key
            ) as earlier,
            o.hosts, o.most_total, o.most_free
          from unnest(
              string_to_array(${questions.map((q) => Math.trunc(q.userId)).join(",")}::text, ',')::bigint[],
              string_to_array(${questions.map((q) => q.operationKey).join(",")}::text, ',')
            ) with ordinality as k(user_id, operation_key, ord)
          cross join offer_hosts o
          order by k.ord`,
    );
    return questions.map((q, i) => {
      const row = rows[i];
      if (!row || row.earlier === true || row.earlier === "t") return false;
      return num(row.hosts) > 0 && q.gpuCount <= num(row.most_total) && num(row.most_free) < q.gpuCount;
    });
  };
}

/**
 * `/instance/create_instance` (decision 043). Through the offer's gate (at most a few rentals of one offer at
 * once, each first asking whether it is sold out now, decision 045), then in one transaction under the
 * main account's row lock: the same operation key answers the first rental
 * (nothing moves); the choice is checked and priced; an hourly rental needs
 * the wallet to pay its first hour; slots are taken on one host (none:
 * INSTANCE_SOLD_OUT); a package is paid by `spendFromLockedAccount` and its coupon
 * marked used; the instance is inserted, creating. Any refusal rolls all of
 * it back: no slot taken, nothing charged.
 */
export async function createInstance(ctx: Ctx, caller: Caller, input: CreateInstanceInput): Promise<CreatedInstance> {
  const givenName = checkInput(input);
  const offerKey = `${input.machineType}:${input.regionCode}:${input.gpuModelCode}`;
  const question = { userId: caller.userId, operationKey: input.operationKey, gpuCount: input.gpuCount };
  const outcome = await throughOfferGate(ctx.db, offerKey, question, soldOutCheck(ctx.db, input), () =>
    rentInTransaction(ctx, caller, input, givenName),
  );
  if (outcome === SOLD_OUT) return fail("INSTANCE_SOLD_OUT");
  if ("replayed" in outcome) return outcome;
  return {
    instance: await instanceById(ctx.db, outcome.instanceId, outcome.now),
    orderNo: outcome.order?.orderNo ?? null,
    price: outcome.price,
    paidVoucherFen: outcome.order?.paidVoucherFen ?? 0,
    paidCashFen: outcome.order?.paidCashFen ?? 0,
    replayed: false,
  };
}

/** The rental's transaction (see createInstance): the first rental's answer for a used key, else the new instance's id. */
async function rentInTransaction(ctx: Ctx, caller: Caller, input: CreateInstanceInput, givenName: string | null) {
  const now = ctx.now();
  // The fleet's answer is obtained before the transaction: no provider is called inside one (decision 058).
  const secrets = ctx.providers.compute.provision();
  const fleetPullMs = ctx.providers.compute.imagePullMs();
  return inTransaction(ctx.db, async (tx) => {
    const paying = await payingWallets(tx, caller, true);
    // A sub-account whose main account turned renting off rents nothing new (its running instances stay).
    if (caller.subAccountId !== null && !(await subAccountRules(tx, caller.subAccountId)).mayRent)
      fail("SUB_ACCOUNT_MAY_NOT_RENT");
    // The statements of this transaction are SQL templates, not the builder (decision 050).
    const [earlier] = await preparedRowsOf<{ id: unknown; sub_account_id: unknown }>(
      tx,
      sql`select id, sub_account_id from instances
          where user_id = ${caller.userId} and operation_key = ${input.operationKey}`,
    );
    if (earlier) {
      const earlierSub = earlier.sub_account_id === null ? null : num(earlier.sub_account_id);
      if (earlierSub !== caller.subAccountId) fail("OPERATION_CONFLICT");
      return replay(tx, num(earlier.id), now);
    }

    const prepared = await prepareRental(tx, caller, input, now, {
      refuseSoldOut: true,
      account: paying.renting,
      listCoupons: false,
    });
    // After the choice's own checks (a GPU count over the host is that, not the cap).
    await refuseOverUnverifiedCap(tx, {
      userId: caller.userId,
      verifiedAs: paying.renting.verifiedAs,
      requested: input.gpuCount,
      limit: ctx.site.verification.unverifiedGpuLimit,
    });
    const { price, offer } = prepared;
    const isPackage = isPackageMode(price.billingMode);
    if (!isPackage) {
      const plan = planRentalPayment(paying, price.amountFen);
      if (!plan.ok) refuseShortfall(plan);
      if (caller.subAccountId !== null) await refuseWhenBudgetCannotPay(tx, now, caller.subAccountId, price.amountFen);
    }

    // Slots first, before any money moves: a rental that finds none is refused having done little.
    const hostId = await takeSlots(
      tx,
      prepared.compatibleHosts.map((h) => h.id),
      input.gpuCount,
    );
    const uuid = newInstanceUuid();
    const refersTo = `instance:${uuid}`;
    const packageExpiresAt = isPackage ? new Date(now.getTime() + price.hours * 3_600_000) : null;

    let order: { orderNo: string; paidVoucherFen: number; paidCashFen: number } | null = null;
    if (isPackage) {
      const detail: RentalOrderDetail = {
        price,
        periodStart: now.toISOString(),
        periodEnd: packageExpiresAt!.toISOString(),
      };
      // Under the lock payingWallets took, with what it read: no savepoint, no second read (decision 050).
      order = await spendFromLockedAccount(tx, now, caller, paying.balances, {
        operationKey: rentalOperationKey(input.operationKey),
        kind: "rental",
        refersTo,
        priceFen: price.amountFen,
        detail: detail as unknown as Record<string, unknown>,
        allowVouchers: true,
        allowCredit: true,
      });
      if (prepared.coupon) await markCouponUsed(tx, caller, prepared.coupon.id, refersTo, now);
    }

    // A user's image the host lacks is pulled first (decision 088); the official ones are on every host.
    const pullMs = await imagePullDelayMs(tx, {
      hostId,
      imageId: prepared.image.id,
      custom: prepared.image.custom,
      now,
      pullMs: fleetPullMs,
    });
    const transitionAt = new Date(now.getTime() + pullMs + ctx.providers.compute.transitionDelayMs("creating"));
    const iso = (d: Date | null) => (d === null ? null : d.toISOString());
    const [inserted] = await preparedRowsOf<{ id: unknown }>(
      tx,
      sql`with inserted as (insert into instances
            (uuid, name, user_id, sub_account_id, host_id, machine_type, gpu_model_id, gpu_count, image_id,
             data_disk_gb, billing_mode, package_units, unit_price_fen, duration_discount_bp, vip_discount_bp, state,
             gpu_held, transition_at, state_changed_at, package_expires_at, cost_fen, ssh_port, ssh_password,
             jupyter_token, operation_key, created_at)
          values (${uuid}, ${givenName ?? `${offer.gpuModel.name} 实例`}, ${caller.userId}, ${caller.subAccountId},
            ${hostId}, ${offer.machineType}, ${offer.gpuModel.id}, ${input.gpuCount}, ${prepared.image.id},
            ${offer.gpuModel.dataDiskGbPerGpu * input.gpuCount}, ${price.billingMode}, ${isPackage ? price.duration : 0},
            ${price.unitPriceFen}, ${price.durationDiscountBp}, ${price.vipDiscountBp}, 'creating', true,
            ${iso(transitionAt)}::timestamptz, ${iso(now)}::timestamptz, ${iso(packageExpiresAt)}::timestamptz,
            ${isPackage ? price.amountFen : 0}, ${secrets.sshPort}, ${secrets.sshPassword}, ${secrets.jupyterToken},
            ${input.operationKey}, ${iso(now)}::timestamptz)
          returning id, user_id),
          logged as (${instanceEventsFrom("inserted", {
            kind: "create",
            actor: "user",
            text: sql`${createEventText(offer.gpuModel.name, input.gpuCount, price.billingMode, price.duration)}::text`,
            at: sql`${iso(now)}::timestamptz`,
          })})
          select id from inserted`,
    );
    return { instanceId: num(inserted!.id), order, price, now };
  });
}
