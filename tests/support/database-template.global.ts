/**
 * Vitest global setup of the platform project (decision 120): every migration is applied once per run, not once
 * per test file, and so is the demo seed (decision 123).
 *
 * - PGlite: a migrated in-memory database is dumped to a temporary file; each file's platform loads it
 *   (`memoryImage`) instead of running initdb and the migrations in WebAssembly.
 * - PostgreSQL (DATABASE_URL, scripts/with-postgres.sh): a migrated database `<name>_template` is made on the
 *   server; each file's database is created from it (postgres-database.ts).
 *
 * Each file's platform still runs the seed on start, as every start does: it finds its rows and adds none. The seed
 * reads the wall clock (never a test's clock), so its rows are what a file's own seed made, minutes earlier.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../platform/db/client";
import { migrateDatabase } from "../../platform/db/migrate";
import { seedDatabase } from "../../platform/db/seed";
import { createTemplateDatabase } from "./postgres-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite dump (a tar file) each file's in-memory database starts from. */
    pgliteTemplateFile: string | null;
    /** The migrated PostgreSQL database each file's database is created from. */
    postgresTemplate: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = await createTemplateDatabase(serverUrl, async (url) => {
      const database = await openDatabase({ databaseUrl: url, dataDir: "" });
      try {
        await migrateDatabase(database);
        await seedDatabase(database, { demo: true });
      } finally {
        await database.close();
      }
    });
    project.provide("postgresTemplate", template.name);
    project.provide("pgliteTemplateFile", null);
    return () => template.drop();
  }

  const directory = mkdtempSync(path.join(os.tmpdir(), "pglite-template-"));
  const file = path.join(directory, "migrated.tar");
  const database = await openDatabase({ dataDir: "memory://" });
  try {
    await migrateDatabase(database);
    await seedDatabase(database, { demo: true });
    // openDatabase's drizzle handle keeps its PGlite client as `$client`.
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide("pgliteTemplateFile", file);
  project.provide("postgresTemplate", null);
  return async () => rmSync(directory, { recursive: true, force: true });
}
