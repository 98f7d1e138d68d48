/**
 * A sub-account's monthly budget (issue 38 §3, docs/decisions/107): the month is the calendar month in
 * Asia/Shanghai (UTC+8 all year), and the main account is told once per month at 80 % and at 100 %.
 */
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/** "2026-11": the Beijing calendar month `at` falls in. */
export function beijingMonth(at: Date): string {
  const d = new Date(at.getTime() + BEIJING_OFFSET_MS);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** The spending (fen) from which the 80 % message goes out: 80 % of the budget, rounded up to a whole fen. */
export function budgetWarningFen(budgetFen: number): number {
  return Math.ceil((budgetFen * 4) / 5);
}

/** Which thresholds a month's spending has reached: none, the 80 % warning, or the whole budget. */
export function budgetThreshold(spentFen: number, budgetFen: number | null): "none" | "warning" | "reached" {
  if (budgetFen === null) return "none";
  if (spentFen >= budgetFen) return "reached";
  return spentFen >= budgetWarningFen(budgetFen) ? "warning" : "none";
}
