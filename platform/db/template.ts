import { cpSync, existsSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "./client";
import { migrateDatabase } from "./migrate";

/**
 * A fresh PGlite database made once by `npm run build` (initdb and every migration, no seed data:
 * no accounts, no password hashes, no secrets), beside the bundle that uses it. The first start
 * copies it instead of running PGlite's initdb and the migrations in WebAssembly, the bulk of the
 * first start (decision 066). Seeds still run at start, with fresh salts.
 */
export const TEMPLATE_DIR_NAME = "pglite-template";

/** The build's template beside this module's bundle (build/), or null (run from source, or not built). */
export function bundledTemplate(moduleUrl: string = import.meta.url): string | null {
  const dir = fileURLToPath(new URL(`./${TEMPLATE_DIR_NAME}`, moduleUrl));
  return existsSync(path.join(dir, "PG_VERSION")) ? dir : null;
}

/**
 * Copies `template` to `directory`, which must not exist: into a sibling first, renamed at the end, so
 * an interrupted copy never leaves a half database that a later start would take for a real one.
 */
export function copyTemplate(template: string, directory: string): void {
  const partial = `${directory}.partial`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(template, partial, { recursive: true });
  renameSync(partial, directory);
}

/** `npm run build`: writes the template to `outDir` (replacing an older one); returns the migrations in it. */
export async function buildTemplate(outDir: string): Promise<number> {
  const work = `${outDir}.partial`;
  rmSync(work, { recursive: true, force: true });
  try {
    // openDatabase puts PGlite's files in <dataDir>/pglite.
    const database = await openDatabase({ dataDir: work });
    let migrations: number;
    try {
      migrations = (await migrateDatabase(database)).total;
    } finally {
      await database.close();
    }
    rmSync(outDir, { recursive: true, force: true });
    renameSync(path.join(work, "pglite"), outDir);
    return migrations;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
