import type { SQL } from "drizzle-orm";
import type { Db } from "../../db/client";

/** A raw query's rows, on PGlite and node-postgres alike (both answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** bigint and numeric values arrive as numbers, strings or bigints depending on the driver. */
export const num = (value: unknown): number => Number(value);

/** Timestamps arrive as Dates or as text depending on the driver. */
export const date = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
