import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "./client";

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

/** Applies pending SQL migrations; on PostgreSQL under an advisory lock, so replicas may start together. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migrate(database.db as any, { migrationsFolder: migrationsDir() });
    return;
  }
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  await database.withExclusiveLock(MIGRATION_LOCK, (db) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    migrate(db as any, { migrationsFolder: migrationsDir() }),
  );
}
