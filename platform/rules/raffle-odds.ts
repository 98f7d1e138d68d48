/**
 * The raffle's odds (issue 39 §4, docs/decisions/119): each prize has a weight out of 10,000; what the prizes
 * leave of the 10,000 is the no-prize band. A draw takes one random integer in [0, 10000) (crypto.randomInt on the
 * platform, an injected source in tests) and falls on the prize whose band holds it, bands in the table's order.
 */
export const ODDS_SCALE = 10_000;

export interface OddsRow {
  prizeId: number;
  weight: number;
}

/** Whether a table is drawable: whole weights from 0 to 10,000 that add up to at most 10,000. */
export function oddsTableValid(rows: readonly OddsRow[]): boolean {
  let sum = 0;
  for (const row of rows) {
    if (!Number.isInteger(row.weight) || row.weight < 0 || row.weight > ODDS_SCALE) return false;
    sum += row.weight;
  }
  return sum <= ODDS_SCALE;
}

/** The no-prize band's width. */
export const noPrizeWeight = (rows: readonly Pick<OddsRow, "weight">[]): number =>
  ODDS_SCALE - rows.reduce((sum, row) => sum + row.weight, 0);

/** The prize the random value falls on, or null for the no-prize band. */
export function prizeFor(rows: readonly OddsRow[], random: number): number | null {
  if (!Number.isInteger(random) || random < 0 || random >= ODDS_SCALE) throw new RangeError("random out of range");
  let upper = 0;
  for (const row of rows) {
    upper += row.weight;
    if (random < upper) return row.prizeId;
  }
  return null;
}

/** A weight as the percentage the page shows ("2.5%"). */
export function weightAsPercent(weight: number): string {
  const text = ((weight * 100) / ODDS_SCALE).toFixed(2).replace(/\.?0+$/, "");
  return `${text}%`;
}

/** How many draws net cash spending earns: one per full step, never below zero. */
export function drawsFromSpending(netSpentFen: number, stepFen: number): number {
  if (stepFen <= 0) throw new RangeError("step must be positive");
  return netSpentFen <= 0 ? 0 : Math.floor(netSpentFen / stepFen);
}

/** A phone as the winners' list shows it: 138****1234. */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : "****";
}
