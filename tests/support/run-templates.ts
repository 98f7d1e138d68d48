/**
 * The run's migrated databases that the platform project's global setup made (database-template.global.ts,
 * decision 120), as a test file's platform needs them: the PGlite dump read once per worker. Outside that project
 * (the app project) there are none, and outside vitest (the login flood, scripts) vitest is not even imported:
 * importing it outside its runner throws. A file's database is then made and migrated as before.
 */
import { readFile } from "node:fs/promises";

export interface RunTemplates {
  pglite: Blob | null;
  postgres: string | null;
}

let pgliteImage: Promise<Blob> | undefined;

async function provided(key: "pgliteTemplateFile" | "postgresTemplate"): Promise<string | null> {
  if (!process.env.VITEST) return null;
  const { inject } = await import("vitest");
  return (inject(key) as string | null | undefined) ?? null;
}

export async function runTemplates(): Promise<RunTemplates> {
  const file = await provided("pgliteTemplateFile");
  if (file) pgliteImage ??= readFile(file).then((bytes) => new Blob([bytes]));
  return { pglite: file ? await pgliteImage! : null, postgres: await provided("postgresTemplate") };
}
