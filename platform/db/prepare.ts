import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { openDatabase, pgliteDirectory, type Database } from "./client";
import { migrateDatabase } from "./migrate";
import { seedDatabase } from "./seed";
import { demoPasswordHashes } from "./seed-passwords";
import { bundledTemplate, copyTemplate } from "./template";

export interface PrepareOptions {
  databaseUrl?: string;
  dataDir: string;
  seedDemo: boolean;
  /** Where the start-up lines go (one per step, with its duration). */
  log: (line: string) => void;
  /** The build's empty migrated database to copy on a first start (template.ts); default: the bundled one. */
  template?: string | null;
  /** For an in-memory PGlite: the dump it starts from (client.ts `memoryImage`). */
  memoryImage?: Blob;
}

/**
 * Opens the database (on a first start: copies the build's empty database, or creates one), applies
 * pending migrations and seeds it, logging each step with its duration (issue 33 §5, decision 066).
 * On a first start the demo passwords are hashed meanwhile on libuv's threads, so their argon2 time
 * overlaps the database work instead of following it.
 */
export async function prepareDatabase(options: PrepareOptions): Promise<Database> {
  const started = performance.now();
  const { log } = options;
  const directory = options.databaseUrl ? null : pgliteDirectory(options.dataDir);
  const onDisk = directory !== null && directory !== "memory://" ? directory : null;
  const firstStart = onDisk !== null && !existsSync(path.join(onDisk, "PG_VERSION"));
  const hashes = demoPasswordHashes();
  if (firstStart && options.seedDemo) hashes.start();

  let step = performance.now();
  let opened = directory === null ? "connected to PostgreSQL" : `opened PGlite in ${directory}`;
  if (onDisk && firstStart) {
    const template = options.template === undefined ? bundledTemplate() : options.template;
    if (template) {
      log(`[platform] database: first start, copying the build's empty database to ${onDisk}`);
      mkdirSync(path.dirname(onDisk), { recursive: true });
      copyTemplate(template, onDisk);
      opened = "copied and opened";
    } else {
      log(`[platform] database: first start, creating a new PGlite database in ${onDisk}`);
      opened = "created";
    }
  }
  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    memoryImage: options.memoryImage,
  });
  log(`[platform] database: ${opened} in ${seconds(step)}`);

  step = performance.now();
  const migrations = await migrateDatabase(database);
  log(
    migrations.applied > 0
      ? `[platform] migrations: applied ${migrations.applied} of ${migrations.total} in ${seconds(step)}`
      : `[platform] migrations: all ${migrations.total} already applied (checked in ${seconds(step)})`,
  );

  step = performance.now();
  await seedDatabase(database, { demo: options.seedDemo, hashes });
  log(`[platform] seed data: ${options.seedDemo ? "catalogue and demo data" : "catalogue"} in ${seconds(step)}`);
  log(`[platform] database ready in ${seconds(started)}`);
  return database;
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}
