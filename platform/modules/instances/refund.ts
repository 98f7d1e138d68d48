/**
 * Stop with refund (issue 36 §1, decision 080): a package ended early gives
 * back its unused whole days (platform/rules/package-refund.ts) to the wallets
 * that paid, and the instance is released (what survives: the "release" row
 * of platform/rules/instance-survival.ts). One transaction under the main
 * account's row lock; one refund per instance ever (instance_refunds' unique
 * index), so a second request, concurrent or later, answers the first.
 */
import { recordInstanceEvent, refundEventText } from "./events";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { instances } from "../../db/market-schema";
import { instanceRefunds } from "../../db/refund-schema";
import { instanceDowngrades } from "../../db/downgrade-schema";
import { purchaseOrders } from "../../db/wallet-schema";
import { inTransaction } from "../../db/tx";
import { planPackageRefund, refundExplanation, type PackageRefund, type PaidPeriod } from "../../rules/package-refund";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { giveBackSubAccountSpending } from "../sub-accounts/budget";
import { lockAccountBalances, postNewToLockedAccount, refundMovements } from "../wallet/ledger";
import { ownedBy } from "./scope";
import { instanceById, type Instance } from "./view";

type InstanceRow = typeof instances.$inferSelect;

/** What the confirm page shows: the exact refund if confirmed now, and how it is computed. */
export interface StopRefundPreview {
  instance: Instance;
  refund: PackageRefund;
  explanation: string;
}

/** What ending the package did (or, `replayed`, had done). */
export interface StoppedWithRefund {
  instance: Instance;
  unusedDays: number;
  voucherFen: number;
  cashFen: number;
  explanation: string;
  replayed: boolean;
}

/** The ledger's operation key of an instance's refund: one per instance. */
export const refundOperationKey = (uuid: string): string => `refund:${uuid}`;

const int = (v: unknown): number | null => (typeof v === "number" && Number.isSafeInteger(v) ? v : null);

/**
 * A package order's paid period, from what the rental (create.ts RentalOrderDetail) or a renewal keeps in its
 * detail: `periodStart`, `periodEnd` and the price (`price` or `quote`: afterDiscountsFen, couponSavingFen).
 * Orders without a period (none today) are not periods of the package and refund nothing.
 */
function paidPeriodOf(order: typeof purchaseOrders.$inferSelect): PaidPeriod | null {
  const d = (order.detail ?? {}) as Record<string, unknown>;
  const q = (d.price ?? d.quote ?? {}) as Record<string, unknown>;
  const after = int(q.afterDiscountsFen);
  const saving = int(q.couponSavingFen) ?? 0;
  if (typeof d.periodStart !== "string" || typeof d.periodEnd !== "string" || after === null) return null;
  const periodStart = new Date(d.periodStart);
  const periodEnd = new Date(d.periodEnd);
  if (Number.isNaN(periodStart.getTime()) || Number.isNaN(periodEnd.getTime())) return null;
  return {
    orderNo: order.orderNo,
    periodStart,
    periodEnd,
    afterDiscountsFen: after,
    couponSavingFen: saving,
    amountFen: order.amountFen,
    paidVoucherFen: order.paidVoucherFen,
    paidCashFen: order.paidCashFen,
  };
}

/** A downgrade's refund as a negative paid period [its time, the expiry then): what it gave back, per wallet. */
export function downgradePeriodOf(d: typeof instanceDowngrades.$inferSelect): PaidPeriod {
  const totalFen = d.voucherFen + d.cashFen;
  return {
    orderNo: `D${d.id}`,
    periodStart: d.periodStart,
    periodEnd: d.periodEnd,
    afterDiscountsFen: -totalFen,
    couponSavingFen: 0,
    amountFen: -totalFen,
    paidVoucherFen: -d.voucherFen,
    paidCashFen: -d.cashFen,
  };
}

/**
 * The instance's paid periods, oldest first, each with the sub-account that paid: its package orders (the rental,
 * renewals, upgrades) and, as negative periods, the refunds of its downgrades (decision 095; no sub-account: what
 * they gave back was never counted against a limit).
 */
export async function instancePaidPeriods(db: Db, row: Pick<InstanceRow, "id" | "userId" | "uuid">) {
  const orders = await db
    .select()
    .from(purchaseOrders)
    .where(
      and(
        eq(purchaseOrders.userId, row.userId),
        eq(purchaseOrders.refersTo, `instance:${row.uuid}`),
        eq(purchaseOrders.status, "paid"),
      ),
    )
    .orderBy(asc(purchaseOrders.id));
  const downgrades = await db
    .select()
    .from(instanceDowngrades)
    .where(and(eq(instanceDowngrades.instanceId, row.id), eq(instanceDowngrades.userId, row.userId)))
    .orderBy(asc(instanceDowngrades.id));
  return [
    ...orders.flatMap((o) => {
      const period = paidPeriodOf(o);
      return period ? [{ period, subAccountId: o.subAccountId }] : [];
    }),
    ...downgrades.map((d) => ({ period: downgradePeriodOf(d), subAccountId: d.subAccountId })),
  ];
}

/** Refuses what cannot be ended with a refund: an hourly instance, a transitional state, an expired package. */
function checkRefundable(row: InstanceRow, now: Date): void {
  if (row.billingMode === "hour") fail("INSTANCE_STATE", undefined, "按量计费实例没有预付套餐，无需退款，可直接释放");
  if (row.state !== "running" && row.state !== "stopped") fail("INSTANCE_STATE");
  if (!row.packageExpiresAt || row.packageExpiresAt <= now)
    fail("INSTANCE_STATE", undefined, "套餐已到期，没有可退还的时长");
}

async function ownRow(db: Db, caller: Caller, uuid: string): Promise<InstanceRow> {
  const [row] = await db
    .select()
    .from(instances)
    .where(and(eq(instances.uuid, uuid), ownedBy(caller)));
  return row ?? fail("INSTANCE_NOT_FOUND");
}

async function planFor(db: Db, row: InstanceRow, now: Date) {
  const orders = await instancePaidPeriods(db, row);
  const periods = orders.map((o) => o.period);
  const refund = planPackageRefund(periods, row.packageExpiresAt!, now);
  return { orders, refund, explanation: refundExplanation(refund, periods) };
}

/** `/instance/get_stop_refund_preview`: the refund if the package were ended now; changes nothing. */
export async function previewStopRefund(ctx: Ctx, caller: Caller, input: { uuid: string }): Promise<StopRefundPreview> {
  const now = ctx.now();
  const row = await ownRow(ctx.db, caller, input.uuid);
  checkRefundable(row, now);
  const { refund, explanation } = await planFor(ctx.db, row, now);
  return { instance: await instanceById(ctx.db, row.id, now), refund, explanation };
}

/**
 * `/instance/stop_instance_with_refund`: after typing the instance's name
 * (INSTANCE_NAME_MISMATCH on `confirm_name`), and, when the page sends the
 * refund it showed (`expectedRefundFen`), only if it is still that figure
 * (REFUND_CHANGED otherwise: a day ended in between). Posts one ledger entry
 * per wallet that gets money back (kind refund, referring to the instance, the
 * explanation as its note), lowers a sub-account's used amount by what its
 * orders get back, and moves the instance to releasing.
 */
export async function stopInstanceWithRefund(
  ctx: Ctx,
  caller: Caller,
  input: { uuid: string; confirmName: string; expectedRefundFen?: number },
): Promise<StoppedWithRefund> {
  return inTransaction(ctx.db, async (tx) => {
    const balances = await lockAccountBalances(tx, caller.userId);
    const now = ctx.now();
    const row = await ownRow(tx, caller, input.uuid);
    const [earlier] = await tx.select().from(instanceRefunds).where(eq(instanceRefunds.instanceId, row.id));
    if (earlier)
      return {
        instance: await instanceById(tx, row.id, now),
        unusedDays: earlier.unusedDays,
        voucherFen: earlier.voucherFen,
        cashFen: earlier.cashFen,
        explanation: earlier.explanation,
        replayed: true,
      };
    if (input.confirmName.trim() !== row.name) fail("INSTANCE_NAME_MISMATCH", "confirm_name");
    checkRefundable(row, now);
    const { orders, refund, explanation } = await planFor(tx, row, now);
    if (input.expectedRefundFen !== undefined && input.expectedRefundFen !== refund.totalFen) fail("REFUND_CHANGED");

    const movements = refundMovements(refund);
    if (movements.length > 0)
      await postNewToLockedAccount(
        tx,
        now,
        {
          userId: row.userId,
          operationKey: refundOperationKey(row.uuid),
          refersTo: `instance:${row.uuid}`,
          movements,
          note: explanation,
        },
        balances,
      );
    await giveBackSubAccountUse(tx, now, orders, refund);

    const [moved] = await tx
      .update(instances)
      .set({
        state: "releasing",
        stateChangedAt: now,
        transitionAt: new Date(now.getTime() + ctx.providers.compute.transitionDelayMs("releasing")),
        releaseAt: null,
        packageExpiresAt: refund.unusedDays > 0 ? refund.refundFrom : row.packageExpiresAt,
        costFen: sql`greatest(0, ${instances.costFen} - ${refund.totalFen})`,
      })
      .where(and(eq(instances.id, row.id), inArray(instances.state, ["running", "stopped"])))
      .returning({ id: instances.id });
    if (!moved) fail("INSTANCE_STATE");

    await recordInstanceEvent(tx, {
      instanceId: row.id,
      userId: row.userId,
      kind: "refund",
      actor: "user",
      text: refundEventText(refund.unusedDays, refund.voucherFen, refund.cashFen),
      amountFen: refund.totalFen,
      at: now,
    });
    await tx.insert(instanceRefunds).values({
      userId: row.userId,
      subAccountId: caller.subAccountId,
      instanceId: row.id,
      unusedDays: refund.unusedDays,
      voucherFen: refund.voucherFen,
      cashFen: refund.cashFen,
      detail: refund as unknown as Record<string, unknown>,
      explanation,
      createdAt: now,
    });
    return {
      instance: await instanceById(tx, row.id, now),
      unusedDays: refund.unusedDays,
      voucherFen: refund.voucherFen,
      cashFen: refund.cashFen,
      explanation,
      replayed: false,
    };
  });
}

/**
 * A sub-account's orders counted against its limit (decision 033): what they get back no longer counts. A
 * downgrade's negative line is what its refund already gave back to that sub-account (decision 095): netted.
 */
async function giveBackSubAccountUse(
  tx: Db,
  now: Date,
  orders: { period: PaidPeriod; subAccountId: number | null }[],
  refund: PackageRefund,
): Promise<void> {
  const bySub = new Map<number, number>();
  for (const line of refund.lines) {
    const sub = orders.find((o) => o.period.orderNo === line.orderNo)?.subAccountId;
    if (sub != null) bySub.set(sub, (bySub.get(sub) ?? 0) + line.refundFen);
  }
  for (const [subId, net] of bySub) {
    await giveBackSubAccountSpending(tx, now, subId, Math.min(net, refund.totalFen));
  }
}
