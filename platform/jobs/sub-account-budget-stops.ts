import type { Ctx } from "../modules/context";
import { noticeHourlyBudgetThresholds, stopAtSubAccountLimit } from "../modules/sub-accounts/hourly-charges";
import { stopInstancesAtBudget } from "../modules/sub-accounts/stop-at-budget";

/**
 * Each minute, after the billing job's hourly charges (decision 107): sub-accounts whose limit cannot pay the next
 * hour have their hourly instances stopped; months the hours carried past 80 % or 100 % of the budget are told;
 * sub-accounts past their budget with "stop at budget" have their running instances stopped.
 */
export async function runSubAccountBudgetStops(ctx: Ctx) {
  const atLimit = await stopAtSubAccountLimit(ctx);
  const noticed = await noticeHourlyBudgetThresholds(ctx);
  const atBudget = await stopInstancesAtBudget(ctx);
  return { atLimit, noticed, atBudget };
}
