import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { migrationsDir } from "./migrate";

const PROJECT_MIGRATIONS = fileURLToPath(new URL("./migrations", import.meta.url));

describe("migrationsDir", () => {
  it("uses the working directory's platform/db/migrations (the project root)", () => {
    const root = path.resolve(PROJECT_MIGRATIONS, "../../..");
    expect(migrationsDir({}, root)).toBe(PROJECT_MIGRATIONS);
  });

  it("finds the project's migrations when the server is started from another directory", () => {
    const dir = migrationsDir({}, tmpdir());
    expect(dir).toBe(PROJECT_MIGRATIONS);
    expect(existsSync(path.join(dir, "meta/_journal.json"))).toBe(true);
  });

  it("honours MIGRATIONS_DIR, relative to the working directory", () => {
    expect(migrationsDir({ MIGRATIONS_DIR: "db/sql" }, "/srv/app")).toBe("/srv/app/db/sql");
  });
});
