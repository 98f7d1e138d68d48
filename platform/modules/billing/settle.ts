/**
 * Settling hourly usage (decision 043): for each given running hourly
 * instance, the seconds since `billed_until` up to `upTo` are charged by
 * `usageChargeFen` — vouchers first, then cash (into credit, never below
 * −quota) — in one `instance_settlements` row per instance and period start
 * (unique), and `billed_until` moves to `upTo`. Runs inside the caller's
 * transaction (stop and release call it with their state change).
 *
 * A straightforward per-instance version; the billing engine's set-based one
 * keeps this signature.
 */
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { subAccounts, users } from "../../db/schema";
import { instanceSettlements, instances } from "../../db/market-schema";
import { inTransaction } from "../../db/tx";
import { usageChargeFen } from "../../rules/rental-price";
import { postToLedger, type Movement } from "../wallet/ledger";

export interface SettledUsage {
  instanceId: number;
  periodStart: Date;
  periodEnd: Date;
  seconds: number;
  amountFen: number;
  paidVoucherFen: number;
  paidCashFen: number;
}

/** The ledger's operation key of one settlement: one per instance and period start. */
export const settlementKey = (instanceId: number, periodStart: Date) => `settle:${instanceId}:${periodStart.getTime()}`;

export async function settleUsage(db: Db, input: { upTo: Date; instanceIds: number[] }): Promise<SettledUsage[]> {
  if (input.instanceIds.length === 0) return [];
  const upTo = input.upTo;
  return inTransaction(db, async (tx) => {
    const due = await tx
      .select()
      .from(instances)
      .where(
        and(
          inArray(instances.id, input.instanceIds),
          eq(instances.billingMode, "hour"),
          eq(instances.state, "running"),
          lt(instances.billedUntil, upTo),
        ),
      )
      .orderBy(instances.id)
      .for("update");
    const settled: SettledUsage[] = [];
    for (const instance of due) {
      const periodStart = instance.billedUntil!;
      const seconds = Math.floor((upTo.getTime() - periodStart.getTime()) / 1000);
      if (seconds <= 0) continue;
      const periodEnd = new Date(periodStart.getTime() + seconds * 1000);
      const charge = usageChargeFen({
        seconds,
        gpuCount: instance.gpuCount,
        unitPriceFen: instance.unitPriceFen,
        vipDiscountBp: instance.vipDiscountBp,
        durationDiscountBp: instance.durationDiscountBp,
      });

      const [wallets] = await tx
        .select({ cash: users.moneyFen, voucher: users.powerMoneyFen, quota: users.creditQuotaFen })
        .from(users)
        .where(eq(users.id, instance.userId))
        .for("update");
      // Vouchers first (a sub-account's usage too: it is the main account's instance), then cash down to −quota.
      const voucherFen = instance.subAccountId === null ? Math.min(Math.max(0, wallets!.voucher), charge.amountFen) : 0;
      const cashRoom = Math.max(0, wallets!.cash + wallets!.quota);
      const cashFen = Math.min(charge.amountFen - voucherFen, cashRoom);
      // What the wallet could not pay is not charged (the billing job stops instances for arrears before this).
      const amountFen = voucherFen + cashFen;

      const [row] = await tx
        .insert(instanceSettlements)
        .values({
          instanceId: instance.id,
          userId: instance.userId,
          periodStart,
          periodEnd,
          seconds,
          amountFen,
          paidVoucherFen: voucherFen,
          paidCashFen: cashFen,
          detail: { ...charge, computedFen: charge.amountFen, unpaidFen: charge.amountFen - amountFen },
          createdAt: upTo,
        })
        .onConflictDoNothing()
        .returning({ id: instanceSettlements.id });
      if (!row) continue;

      const movements: Movement[] = [];
      if (voucherFen > 0) movements.push({ wallet: "voucher", kind: "purchase", amountFen: -voucherFen });
      if (cashFen > 0) movements.push({ wallet: "cash", kind: "purchase", amountFen: -cashFen });
      if (movements.length > 0)
        await postToLedger(
          { db: tx, now: () => upTo },
          {
            userId: instance.userId,
            operationKey: settlementKey(instance.id, periodStart),
            refersTo: `instance:${instance.uuid}`,
            movements,
            note: "按量计费结算",
          },
        );
      if (instance.subAccountId !== null && cashFen > 0)
        await tx
          .update(subAccounts)
          .set({ moneyUsedFen: sql`${subAccounts.moneyUsedFen} + ${cashFen}` })
          .where(eq(subAccounts.id, instance.subAccountId));
      await tx
        .update(instances)
        .set({ billedUntil: periodEnd, costFen: sql`${instances.costFen} + ${amountFen}` })
        .where(eq(instances.id, instance.id));
      settled.push({
        instanceId: instance.id,
        periodStart,
        periodEnd,
        seconds,
        amountFen,
        paidVoucherFen: voucherFen,
        paidCashFen: cashFen,
      });
    }
    return settled;
  });
}
