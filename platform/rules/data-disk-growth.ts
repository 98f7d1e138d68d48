/**
 * Growing an instance's data disk (issue 36 §1, decision 093). Pure: the
 * options list, the confirmation and the charge all use it.
 *
 * - The rental includes `gpu_count × data_disk_gb_per_gpu` GB; what is added
 *   later is "extra" and costs a price per GB per 30-day month
 *   (DATA_DISK_GB_MONTH_PRICE_FEN, default 20 fen = ¥0.20/GB·月, about
 *   ¥0.0067/GB·天), with no duration or membership discount.
 * - A package pays for the added GB for the rest of its term, prorated to the
 *   second: remaining s × added GB × price / 2 592 000 s, rounded half-up to
 *   the fen once.
 * - An hourly instance pays nothing at the change; from then its hourly
 *   settlements add its extra GB for the seconds it runs (seconds × the extra
 *   GB's monthly price / 2 592 000 s, rounded half-up once per settlement),
 *   like its GPUs: nothing while it is stopped.
 * - It only grows (a file system is not shrunk under its data), by one of
 *   DISK_GROWTH_STEPS_GB, up to MAX_DATA_DISK_GB and what its host has left.
 */
import { formatMoney } from "./money";

/** ¥0.20 per GB per 30-day month unless DATA_DISK_GB_MONTH_PRICE_FEN says otherwise. */
export const DEFAULT_DATA_DISK_GB_MONTH_FEN = 20;
/** The largest data disk one instance can have. */
export const MAX_DATA_DISK_GB = 2048;
/** The growths the options list offers (any size the call accepts is a whole GB). */
export const DISK_GROWTH_STEPS_GB = [50, 100, 200, 500, 1000] as const;
/** A month of the price: 30 days, in seconds. */
export const MONTH_SECONDS = 30 * 24 * 3600;

export interface DiskGrowthQuote {
  /** disk_package: `chargeFen` now for the rest of the term; disk_hourly: nothing now, `toHourFen` more per hour run. */
  kind: "disk_package" | "disk_hourly";
  fromDataDiskGb: number;
  toDataDiskGb: number;
  addedGb: number;
  gbMonthFen: number;
  remainingSeconds: number;
  chargeFen: number;
  /** Hourly: what all the instance's extra GB add to an hour run, after the change (0 for packages). */
  toHourFen: number;
  explanation: string;
}

function roundHalfUp(num: bigint, den: bigint): number {
  return Number((2n * num + den) / (2n * den));
}

/** What `gb` extra GB cost for `seconds` at `gbMonthFen` per GB-month: rounded half-up once. */
export function extraDiskChargeFen(input: { seconds: number; gb: number; gbMonthFen: number }): number {
  for (const [name, value] of Object.entries(input))
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer`);
  return roundHalfUp(BigInt(input.seconds) * BigInt(input.gb) * BigInt(input.gbMonthFen), BigInt(MONTH_SECONDS));
}

/** What extra GB whose monthly price is `extraMonthFen` add to an hour an hourly instance runs. */
export const extraDiskHourFen = (extraMonthFen: number): number =>
  extraDiskChargeFen({ seconds: 3600, gb: 1, gbMonthFen: extraMonthFen });

/** The new sizes on offer now: each step that stays within MAX_DATA_DISK_GB and the host's `roomGb`. */
export function diskGrowthSizes(currentGb: number, roomGb: number): number[] {
  return DISK_GROWTH_STEPS_GB.filter((step) => step <= roomGb && currentGb + step <= MAX_DATA_DISK_GB).map(
    (step) => currentGb + step,
  );
}

/** Why `toGb` is not a size the disk can grow to from `currentGb`, or null. */
export function diskSizeError(currentGb: number, toGb: number): string | null {
  if (!Number.isSafeInteger(toGb) || toGb <= currentGb) return `数据盘只能扩容，新容量应大于当前的 ${currentGb}GB`;
  if (toGb > MAX_DATA_DISK_GB) return `数据盘最大 ${MAX_DATA_DISK_GB}GB`;
  return null;
}

/** A package's disk grown from `fromDataDiskGb` to `toDataDiskGb` for the `remainingSeconds` left of its term. */
export function quoteDiskGrowth(input: {
  fromDataDiskGb: number;
  toDataDiskGb: number;
  gbMonthFen: number;
  remainingSeconds: number;
}): DiskGrowthQuote {
  const addedGb = input.toDataDiskGb - input.fromDataDiskGb;
  if (!Number.isSafeInteger(addedGb) || addedGb <= 0) throw new RangeError("a disk growth adds GB");
  const chargeFen = extraDiskChargeFen({ seconds: input.remainingSeconds, gb: addedGb, gbMonthFen: input.gbMonthFen });
  return {
    kind: "disk_package",
    fromDataDiskGb: input.fromDataDiskGb,
    toDataDiskGb: input.toDataDiskGb,
    addedGb,
    gbMonthFen: input.gbMonthFen,
    remainingSeconds: input.remainingSeconds,
    chargeFen,
    toHourFen: 0,
    explanation:
      `数据盘扩容补差价：剩余 ${input.remainingSeconds} 秒 × 新增 ${addedGb}GB × ${formatMoney(input.gbMonthFen)}/GB·月` +
      `（30 天 = ${MONTH_SECONDS} 秒）= ${formatMoney(chargeFen)}`,
  };
}

/**
 * An hourly instance's disk grown from `fromDataDiskGb` to `toDataDiskGb`: nothing now; its extra GB (the
 * `extraGb` already added, whose monthly price is `extraMonthFen`, and the new ones) are billed with the hours it runs.
 */
export function quoteHourlyDiskGrowth(input: {
  fromDataDiskGb: number;
  toDataDiskGb: number;
  gbMonthFen: number;
  extraGb: number;
  extraMonthFen: number;
}): DiskGrowthQuote {
  const addedGb = input.toDataDiskGb - input.fromDataDiskGb;
  if (!Number.isSafeInteger(addedGb) || addedGb <= 0) throw new RangeError("a disk growth adds GB");
  const toMonthFen = input.extraMonthFen + addedGb * input.gbMonthFen;
  const toHourFen = extraDiskHourFen(toMonthFen);
  return {
    kind: "disk_hourly",
    fromDataDiskGb: input.fromDataDiskGb,
    toDataDiskGb: input.toDataDiskGb,
    addedGb,
    gbMonthFen: input.gbMonthFen,
    remainingSeconds: 0,
    chargeFen: 0,
    toHourFen,
    explanation:
      `按量计费：扩容时不收费；开机运行时扩容部分（共 ${input.extraGb + addedGb}GB）按 ${formatMoney(toMonthFen)}/月` +
      `（新增 ${addedGb}GB × ${formatMoney(input.gbMonthFen)}/GB·月）随 GPU 按秒结算，每小时 ${formatMoney(toHourFen)}`,
  };
}
