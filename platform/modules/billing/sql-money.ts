/**
 * Money expressions of the billing engine's SQL, kept beside the pure rules
 * they mirror (platform/rules/rental-price.ts): tests hold them together.
 */
import { sql, type SQL } from "drizzle-orm";

/** 3600 s × 10000 × 10000: the denominator of usageChargeFen. */
const USAGE_DENOMINATOR = "360000000000";

/**
 * usageChargeFen in SQL over an instance row aliased by `row` (gpu_count,
 * unit_price_fen, duration_discount_bp, vip_discount_bp): exact in numeric,
 * rounded half-up once ((2·num + den) div (2·den)).
 */
export function usageAmountSql(seconds: SQL, row = "d"): SQL {
  const r = sql.raw(row);
  return sql`div(2 * (${seconds})::numeric * ${r}.gpu_count * ${r}.unit_price_fen * ${r}.duration_discount_bp
      * ${r}.vip_discount_bp + ${sql.raw(USAGE_DENOMINATOR)}, 2 * ${sql.raw(USAGE_DENOMINATOR)}::numeric)::bigint`;
}

/** Fen as yuan with two decimals, e.g. 194 → "1.94". */
export function yuanSql(fen: SQL): SQL {
  return sql`to_char((${fen})::numeric / 100, 'FM999999999990.00')`;
}

/** Basis points as a multiplier, e.g. 9800 → "0.98", 9850 → "0.985". */
export function discountSql(bp: SQL): SQL {
  return sql`regexp_replace(to_char((${bp})::numeric / 10000, 'FM0.0000'), '0{1,2}$', '')`;
}
