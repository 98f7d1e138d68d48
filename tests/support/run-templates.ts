/**
 * The run's migrated databases that the platform project's global setup made (database-template.global.ts,
 * decision 120), as a test file's platform needs them: the PGlite dump read once per worker. Outside that project
 * (the app project, a script) there are none, and a file's database is made and migrated as before.
 */
import { readFile } from "node:fs/promises";
import { inject } from "vitest";

export interface RunTemplates {
  pglite: Blob | null;
  postgres: string | null;
}

let pgliteImage: Promise<Blob> | undefined;

function provided<K extends "pgliteTemplateFile" | "postgresTemplate">(key: K): string | null {
  try {
    return (inject(key) as string | null | undefined) ?? null;
  } catch {
    return null; // not inside a vitest worker
  }
}

export async function runTemplates(): Promise<RunTemplates> {
  const file = provided("pgliteTemplateFile");
  if (file) pgliteImage ??= readFile(file).then((bytes) => new Blob([bytes]));
  return { pglite: file ? await pgliteImage! : null, postgres: provided("postgresTemplate") };
}
