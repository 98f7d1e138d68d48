import type { Ctx } from "../modules/context";
import { notifyLowBalance, stopForArrears } from "../modules/billing/arrears";
import { settleUsage, type SettleResult } from "../modules/billing/settle";

const HOUR_MS = 60 * 60_000;

/** The hour boundary at or before `at` (hours are whole in UTC and in Asia/Shanghai alike). */
export function hourBoundary(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
}

export interface BillingRun {
  settled: SettleResult;
  stoppedForArrears: number[];
  lowBalanceNotified: number[];
}

/**
 * The billing job (every minute, decision 046): settles every running hourly
 * instance up to the last hour boundary (a no-op until the next hour once
 * done; the due rows are claimed FOR UPDATE SKIP LOCKED and each period is
 * unique, so two processes never charge one twice), then stops the instances
 * of users who cannot pay the next hour, then sends low-balance notices.
 */
export async function runBilling(ctx: Ctx): Promise<BillingRun> {
  const now = ctx.now();
  const settled = await settleUsage(ctx.db, {
    upTo: hourBoundary(now),
    now,
    partitions: ctx.site.settlementPartitions,
  });
  const arrears = await stopForArrears(ctx);
  const lowBalanceNotified = await notifyLowBalance(ctx);
  return { settled, stoppedForArrears: arrears.stopped, lowBalanceNotified };
}
