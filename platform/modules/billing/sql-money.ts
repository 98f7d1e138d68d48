/**
 * Money expressions of the billing engine's SQL, kept beside the pure rules
 * they mirror (platform/rules/rental-price.ts): tests hold them together.
 */
import { sql, type SQL } from "drizzle-orm";
import { MONTH_SECONDS } from "../../rules/data-disk-growth";

/** 3600 s × 10000 × 10000: the denominator of usageChargeFen. */
const USAGE_DENOMINATOR = "360000000000";

/**
 * usageChargeFen in SQL over an instance row aliased by `row` (gpu_count,
 * unit_price_fen, duration_discount_bp, vip_discount_bp): exact in numeric,
 * rounded half-up once ((2·num + den) div (2·den)).
 */
export function usageAmountSql(seconds: SQL, row = "d"): SQL {
  const r = sql.raw(row);
  // seconds × gpus × unit fits a bigint (a year of 8 GPUs at ¥10,000/h: 2.5e15); one numeric product after it.
  return sql`div(2 * ((${seconds})::bigint * ${r}.gpu_count * ${r}.unit_price_fen)::numeric
      * (${r}.duration_discount_bp::bigint * ${r}.vip_discount_bp) + ${sql.raw(USAGE_DENOMINATOR)},
      2 * ${sql.raw(USAGE_DENOMINATOR)}::numeric)::bigint`;
}

/**
 * What an instance row's (alias `row`) extra data disk costs for `seconds`: seconds × extra_disk_month_fen /
 * 2 592 000 s (30 days), rounded half-up once: platform/rules/data-disk-growth.ts `extraDiskChargeFen` (decision 093).
 */
export function extraDiskAmountSql(seconds: SQL, row = "i"): SQL {
  const r = sql.raw(row);
  return sql`div(2 * (${seconds})::bigint * ${r}.extra_disk_month_fen + ${sql.raw(String(MONTH_SECONDS))},
      ${sql.raw(String(2 * MONTH_SECONDS))})::bigint`;
}

/**
 * What an hourly instance row (alias `row`) costs for `seconds`: usageAmountSql,
 * or without GPU (no_gpu_rate_fen set, decision 086) seconds × that rate / 3600,
 * rounded half-up once: platform/rules/no-gpu.ts `noGpuChargeFen`; plus its extra
 * data disk (extraDiskAmountSql), rounded on its own.
 */
export function billedUsageAmountSql(seconds: SQL, row = "i"): SQL {
  const r = sql.raw(row);
  return sql`(case when ${r}.no_gpu_rate_fen is null then ${usageAmountSql(seconds, row)}
    else div(2 * (${seconds})::bigint * ${r}.no_gpu_rate_fen + 3600, 7200) end) + ${extraDiskAmountSql(seconds, row)}`;
}

/** Fen as yuan with two decimals, e.g. 194 → "1.94". */
export function yuanSql(fen: SQL): SQL {
  return sql`to_char((${fen})::numeric / 100, 'FM999999999990.00')`;
}
