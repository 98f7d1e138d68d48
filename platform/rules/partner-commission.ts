/**
 * The sales-partner commission rules (issue 39 §2, docs/decisions/115). Pure: the settlement job and the income
 * page use the same functions.
 *
 * - A referred account counts for REFERRAL_ACTIVE_MONTHS after its registration; only its cash spending counts
 *   (ledger cash `purchase`, minus cash `refund`), never vouchers, coupons or credit.
 * - A month's rate is the tier of that month's net referred cash spending (all the partner's referred accounts).
 * - A month's commission = floor(max(0, net + carry) × rate); when refunds exceed spending, the shortfall is carried
 *   into the next months (clawed back from later commission), so commission never goes below zero.
 * - A month settles HOLDING_DAYS after it ends (Beijing time), so refunds in the holding period claw back first.
 */
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Months after registration during which a referred account's spending earns commission. */
export const REFERRAL_ACTIVE_MONTHS = 12;
/** Days after a first touch within which a registration binds to the partner. */
export const FIRST_TOUCH_DAYS = 30;
/** Days after a month's end before its commission settles. */
export const HOLDING_DAYS = 15;

export interface CommissionTier {
  /** The lowest net monthly spending (fen) of this tier. */
  fromFen: number;
  /** Rate in basis points (1/10000). */
  rateBp: number;
  label: string;
}

/** Three tiers by the month's net referred cash spending: below ¥10,000 5%, from ¥10,000 8%, from ¥50,000 10%. */
export const COMMISSION_TIERS: readonly CommissionTier[] = [
  { fromFen: 0, rateBp: 500, label: "青铜" },
  { fromFen: 1_000_000, rateBp: 800, label: "白银" },
  { fromFen: 5_000_000, rateBp: 1000, label: "黄金" },
];

/** The tier of a month with this net spending (fen); a negative month is in the first tier. */
export function tierOf(netSpendFen: number): CommissionTier {
  let tier = COMMISSION_TIERS[0]!;
  for (const t of COMMISSION_TIERS) if (netSpendFen >= t.fromFen) tier = t;
  return tier;
}

/** Commission on a base at a rate, rounded down to the fen (never more than the rate gives). */
export const commissionOn = (baseFen: number, rateBp: number): number =>
  baseFen <= 0 ? 0 : Math.floor((baseFen * rateBp) / 10_000);

export interface MonthSpend {
  /** Cash purchases of referred accounts in the month, fen (≥ 0). */
  spendFen: number;
  /** Cash refunds of referred accounts in the month, fen (≥ 0). */
  refundFen: number;
}

export interface MonthCommission {
  netFen: number;
  rateBp: number;
  commissionFen: number;
  /** What is still to claw back after this month (≤ 0). */
  carryFen: number;
}

/** One month settled after the months before it left `carryFen` (≤ 0) to claw back. */
export function settleMonth(month: MonthSpend, carryFen: number): MonthCommission {
  const netFen = month.spendFen - month.refundFen;
  const { rateBp } = tierOf(netFen);
  const base = netFen + carryFen;
  return base > 0
    ? { netFen, rateBp, commissionFen: commissionOn(base, rateBp), carryFen: 0 }
    : { netFen, rateBp, commissionFen: 0, carryFen: base };
}

/** Months settled in order from no carry: each month's commission and the carry after it. */
export function settleMonths(months: MonthSpend[], carryFen = 0): MonthCommission[] {
  const out: MonthCommission[] = [];
  for (const m of months) {
    const settled = settleMonth(m, carryFen);
    out.push(settled);
    carryFen = settled.carryFen;
  }
  return out;
}

/** "2026-11": the Beijing calendar month of an instant. */
export function monthOf(at: Date): string {
  const d = new Date(at.getTime() + BEIJING_OFFSET_MS);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** The month after "2026-12": "2027-01". */
export function nextMonth(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
}

/** The first instant of a Beijing month. */
export function monthStart(month: string): Date {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1) - BEIJING_OFFSET_MS);
}

/** When a month's commission may settle: HOLDING_DAYS after its end. */
export const settlesAt = (month: string): Date =>
  new Date(monthStart(nextMonth(month)).getTime() + HOLDING_DAYS * DAY_MS);

/** The last month that may settle at `now` (its holding period has passed). */
export function lastSettleableMonth(now: Date): string {
  const shifted = new Date(now.getTime() - HOLDING_DAYS * DAY_MS);
  const current = monthOf(shifted);
  // `shifted` lies in month X: X−1 ended at least HOLDING_DAYS before now; X has not.
  const [y, m] = current.split("-").map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
}

/** When a referred account stops earning commission: REFERRAL_ACTIVE_MONTHS after its registration. */
export function activeUntil(registeredAt: Date): Date {
  const d = new Date(registeredAt);
  d.setUTCMonth(d.getUTCMonth() + REFERRAL_ACTIVE_MONTHS);
  return d;
}

/** Whether a first touch at `touchedAt` still binds a registration at `now`. */
export const touchBinds = (touchedAt: Date, now: Date): boolean =>
  now.getTime() - touchedAt.getTime() <= FIRST_TOUCH_DAYS * DAY_MS && now.getTime() >= touchedAt.getTime();

/** "138****1234": a phone as partners see their referred accounts. */
export const maskPhone = (phone: string): string =>
  phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : "****";
