import path from "node:path";
import type { Database } from "./client";

/** Where drizzle-kit writes the SQL migrations; resolved from the working directory (the project root). */
export const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR ?? "platform/db/migrations");

const MIGRATION_LOCK = 727_001;

/** Applies pending SQL migrations; on PostgreSQL under an advisory lock, so replicas may start together. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migrate(database.db as any, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  await database.withExclusiveLock(MIGRATION_LOCK, (db) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    migrate(db as any, { migrationsFolder: MIGRATIONS_DIR }),
  );
}
