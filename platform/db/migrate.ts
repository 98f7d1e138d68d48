import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Database, Db } from "./client";
import { num, rowsOf } from "../modules/finance/rows";

/**
 * Where drizzle-kit writes the SQL migrations. MIGRATIONS_DIR when set; else
 * platform/db/migrations of the working directory, or, when the server was
 * started from elsewhere, the project this code belongs to: run from source it
 * sits beside this file, and bundled into build/ it sits one level up.
 */
export function migrationsDir(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): string {
  if (env.MIGRATIONS_DIR) return path.resolve(cwd, env.MIGRATIONS_DIR);
  const candidates = [
    path.resolve(cwd, "platform/db/migrations"),
    fileURLToPath(new URL("./migrations", import.meta.url)),
    fileURLToPath(new URL("../platform/db/migrations", import.meta.url)),
  ];
  return candidates.find((dir) => existsSync(path.join(dir, "meta/_journal.json"))) ?? candidates[0]!;
}

const MIGRATION_LOCK = 727_001;

export interface MigrationOutcome {
  /** Migrations this call applied. */
  applied: number;
  /** Migrations the project has (drizzle-kit's journal). */
  total: number;
}

/** Applies pending SQL migrations; on PostgreSQL under an advisory lock, so replicas may start together. */
export async function migrateDatabase(database: Database): Promise<MigrationOutcome> {
  const folder = migrationsDir();
  const before = await appliedMigrations(database.db);
  if (database.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migrate(database.db as any, { migrationsFolder: folder });
  } else {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await database.withExclusiveLock(MIGRATION_LOCK, (db) =>
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      migrate(db as any, { migrationsFolder: folder }),
    );
  }
  const after = await appliedMigrations(database.db);
  return { applied: after - before, total: journalEntries(folder) };
}

/** Rows in drizzle's own bookkeeping table; 0 before the first migration created it. */
async function appliedMigrations(db: Db): Promise<number> {
  // Two queries: a table named in the query must exist when it is parsed, whatever the branch.
  const [table] = await rowsOf<{ exists: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!table?.exists) return 0;
  const [row] = await rowsOf<{ n: unknown }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return num(row?.n ?? 0);
}

function journalEntries(folder: string): number {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}
