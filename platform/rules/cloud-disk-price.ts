/**
 * The cloud disk's price (issue 36 §1, decision 083): storage is sold by the
 * GB and the month (30 days), the same price in every region, with no duration
 * or membership discount and no coupon; vouchers pay first, as for rentals.
 * A purchase or renewal costs size × months × price; an expansion costs the
 * added GB for the rest of the term, prorated to the second and rounded
 * half-up to the fen once, at the end. Pure: the page's quote and the charge
 * use the same functions, with the same explanation text.
 */
import { formatMoney } from "./money";

/** ¥0.30 per GB and month. */
export const CLOUD_DISK_FEN_PER_GB_MONTH = 30;
/** A month of cloud disk is 30 days. */
export const CLOUD_DISK_MONTH_SECONDS = 30 * 86_400;
/** Sizes are whole GB in steps of 10, from 10 GB to 10 TB. */
export const CLOUD_DISK_MIN_GB = 10;
export const CLOUD_DISK_MAX_GB = 10_240;
export const CLOUD_DISK_STEP_GB = 10;
export const CLOUD_DISK_MAX_MONTHS = 12;
/** Days before expiry a warning is sent, once each. */
export const CLOUD_DISK_WARNING_DAYS = [7, 3, 1] as const;

/** The refusal of a size that is not a multiple of 10 GB within range, or null when it is fine. */
export function sizeProblem(sizeGb: number): string | null {
  if (!Number.isSafeInteger(sizeGb) || sizeGb < CLOUD_DISK_MIN_GB || sizeGb > CLOUD_DISK_MAX_GB)
    return `容量必须在 ${CLOUD_DISK_MIN_GB} 到 ${CLOUD_DISK_MAX_GB} GB 之间`;
  if (sizeGb % CLOUD_DISK_STEP_GB !== 0) return `容量必须是 ${CLOUD_DISK_STEP_GB} GB 的整数倍`;
  return null;
}

/** The refusal of a duration outside 1–12 months, or null. */
export function monthsProblem(months: number): string | null {
  if (!Number.isSafeInteger(months) || months < 1 || months > CLOUD_DISK_MAX_MONTHS)
    return `时长必须在 1 到 ${CLOUD_DISK_MAX_MONTHS} 个月之间`;
  return null;
}

/** A cloud disk charge: its amount and the formula that gave it. */
export interface CloudDiskQuote {
  amountFen: number;
  /** e.g. "100 GB × 3 个月 × ¥0.30/GB·月 = ¥90.00". */
  formula: string;
}

const unit = () => `${formatMoney(CLOUD_DISK_FEN_PER_GB_MONTH)}/GB·月`;

/** Buying `sizeGb` for `months`, or renewing a disk of that size by `months`. */
export function termQuote(sizeGb: number, months: number): CloudDiskQuote {
  const amountFen = sizeGb * months * CLOUD_DISK_FEN_PER_GB_MONTH;
  return { amountFen, formula: `${sizeGb} GB × ${months} 个月 × ${unit()} = ${formatMoney(amountFen)}` };
}

/** Whole seconds from `now` until `expiresAt` (a part second counts whole), never below 0. */
export function secondsLeft(now: Date, expiresAt: Date): number {
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));
}

/**
 * Adding `addGb` to a disk that expires at `expiresAt`: addGb × seconds left ×
 * price ÷ a month's seconds, rounded half-up once. Integer arithmetic: the
 * product stays far below 2^53 (10 240 GB × 12 months' seconds × 30 fen).
 */
export function expansionQuote(addGb: number, now: Date, expiresAt: Date): CloudDiskQuote {
  const seconds = secondsLeft(now, expiresAt);
  const numerator = addGb * seconds * CLOUD_DISK_FEN_PER_GB_MONTH;
  const amountFen = Math.floor((2 * numerator + CLOUD_DISK_MONTH_SECONDS) / (2 * CLOUD_DISK_MONTH_SECONDS));
  return {
    amountFen,
    formula:
      `扩容 ${addGb} GB × ${seconds} 秒 ÷ ${CLOUD_DISK_MONTH_SECONDS} 秒/月 × ${unit()}` +
      ` = ${formatMoney(amountFen)}`,
  };
}

/** The explanation a charge keeps: the formula and what each wallet paid. */
export function cloudDiskExplanation(quote: CloudDiskQuote, paidVoucherFen: number, paidCashFen: number): string {
  return `云盘：${quote.formula}；算力券 ${formatMoney(paidVoucherFen)}，余额 ${formatMoney(paidCashFen)}`;
}
