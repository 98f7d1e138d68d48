/**
 * The points rules (issue 39 §3): what a point is worth in the store is the catalogue's business; here is when
 * points earned at one moment expire. Points expire at the end of the year after the one they were earned in,
 * Beijing time: earned on 2026-03-01 or on 2026-12-31, gone after 2027-12-31 23:59:59 (+08:00).
 */
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The first instant at which points earned at `earnedAt` no longer count (2028-01-01 00:00 +08:00 for 2026). */
export function pointsExpireAt(earnedAt: Date): Date {
  const beijingYear = new Date(earnedAt.getTime() + BEIJING_OFFSET_MS).getUTCFullYear();
  return new Date(Date.UTC(beijingYear + 2, 0, 1) - BEIJING_OFFSET_MS);
}

/** The largest number of points one entry may move (an integer column; a prize or a year of spending fits). */
export const MAX_POINTS_PER_ENTRY = 100_000_000;
