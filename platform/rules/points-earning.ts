/**
 * Earning points by cash spending (issue 39 §3, docs/decisions/116): 1 point per whole yuan of cash spent, counted
 * over the account's running total, so the fractions carry over from charge to charge (100 charges of ¥0.53 earn
 * 53 points). A refund of spending takes back points the same way over the running total of refunds.
 */
export const FEN_PER_POINT = 100;

/** Points a running total of `beforeFen` → `afterFen` earns (or claws back): whole yuan crossed. */
export function pointsCrossed(beforeFen: number, afterFen: number): number {
  if (!Number.isSafeInteger(beforeFen) || !Number.isSafeInteger(afterFen) || beforeFen < 0 || afterFen < beforeFen) {
    throw new RangeError("running totals must be non-negative integers that only grow");
  }
  return Math.floor(afterFen / FEN_PER_POINT) - Math.floor(beforeFen / FEN_PER_POINT);
}

/** Points for completing real-name verification (personal, student or enterprise), once per account. */
export const VERIFICATION_EVENT_POINTS = 200;
export const VERIFICATION_EVENT_KEY = "event:verification";
