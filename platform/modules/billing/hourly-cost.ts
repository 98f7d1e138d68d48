/**
 * What one hour of a user's running hourly instances costs, in SQL: the sum of
 * usageChargeFen(3600 s) over them (without GPU: its own rate, decision 086), per user. The arrears stop and the
 * low-balance notice compare the wallets with it.
 */
import { sql, type SQL } from "drizzle-orm";
import { billedUsageAmountSql } from "./sql-money";

/** A subquery: (user_id, hour_fen) for every user with a running hourly instance. */
export const hourlyCostByUser: SQL = sql`(
  select i.user_id, sum(${billedUsageAmountSql(sql`3600`, "i")}) as hour_fen
  from instances i
  where i.billing_mode = 'hour' and i.state = 'running'
  group by i.user_id
)`;

/** A timestamptz as Asia/Shanghai wall time (UTC+8 all year; PGlite ships no time zone data). */
export function shanghaiTimeSql(at: SQL): SQL {
  return sql`to_char((${at} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD HH24:MI')`;
}
