/**
 * Start without GPU (无卡模式, issue 36 §1, decision 086): a stopped hourly
 * instance runs with no GPU at the site's small hourly price, to copy data
 * off when its host has no free GPU. Pure: the pages say the same limits and
 * price the billing engine's SQL charges (sql-money.ts `billedUsageAmountSql`).
 */
import { usageChargeFen } from "./rental-price";

/** What an instance gets without GPU (the sandbox fleet's container limits). */
export const NO_GPU_LIMITS = { cpuCores: 1, memoryGb: 2 } as const;

/** The limits in a sentence, for the confirmation and the instance page. */
export const NO_GPU_LIMITS_TEXT = `不占用 GPU，CPU 限 ${NO_GPU_LIMITS.cpuCores} 核、内存限 ${NO_GPU_LIMITS.memoryGb} GB，仅适合拷贝数据、查看文件`;

/**
 * What `seconds` without GPU cost at `rateFen` per hour: seconds × rate / 3600,
 * rounded half-up once to the fen; no duration or membership discount.
 */
export function noGpuChargeFen(seconds: number, rateFen: number): number {
  return usageChargeFen({
    seconds,
    gpuCount: 1,
    unitPriceFen: rateFen,
    vipDiscountBp: 10_000,
    durationDiscountBp: 10_000,
  }).amountFen;
}
