/**
 * When a renewal's time runs (issue 36 §1, decision 079): a package still
 * paid for is extended from its expiry, so no paid hour is lost; an hourly
 * instance turned into a package, and a package already expired (stopped in
 * retention, or not yet stopped by the expiry job), start a new term now.
 * Pure: the renew form's preview and the renewal itself use it.
 */
import type { BillingMode } from "./rental-price";

export interface RenewalTerm {
  periodStart: Date;
  periodEnd: Date;
  /** True when the term starts now (hourly turned into a package, or an expired package). */
  fromNow: boolean;
}

const HOUR_MS = 3_600_000;

/** Only a running or stopped instance is renewed: not one in a transition, nor a released one. */
export const RENEWABLE_STATES: readonly string[] = ["running", "stopped"];

export function renewalTerm(input: {
  billingMode: BillingMode;
  packageExpiresAt: Date | null;
  now: Date;
  hours: number;
}): RenewalTerm {
  if (!Number.isInteger(input.hours) || input.hours < 1) throw new RangeError(`a renewal of ${input.hours} hours`);
  const paidUntil = input.billingMode === "hour" ? null : input.packageExpiresAt;
  const fromNow = paidUntil === null || paidUntil.getTime() <= input.now.getTime();
  const periodStart = fromNow ? input.now : paidUntil;
  return { periodStart, periodEnd: new Date(periodStart.getTime() + input.hours * HOUR_MS), fromNow };
}
