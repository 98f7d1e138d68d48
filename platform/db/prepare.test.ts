import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../modules/accounts/passwords";
import { prepareDatabase } from "./prepare";
import { DEMO } from "./seed";
import { DEMO_STAFF } from "./seed-staff";
import { staffAccounts } from "./staff-schema";
import { users } from "./schema";
import { buildTemplate } from "./template";

/** Issue 33 §5: a first start says what it does, and copies the build's empty database when there is one. */
describe("prepareDatabase on disk", () => {
  let root: string;
  let template: string;
  let migrations: number;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), "gpu-cloud-prepare-"));
    template = path.join(root, "template");
    migrations = await buildTemplate(template);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  async function prepare(dataDir: string, templateDir: string | null) {
    const lines: string[] = [];
    const database = await prepareDatabase({
      dataDir,
      seedDemo: true,
      template: templateDir,
      log: (line) => lines.push(line),
    });
    return { database, lines };
  }

  it("builds a template with every migration and no seed data", () => {
    expect(migrations).toBeGreaterThan(10);
    expect(existsSync(path.join(template, "PG_VERSION"))).toBe(true);
    expect(existsSync(`${template}.partial`)).toBe(false);
  });

  it("copies the template on a first start, seeds it, and logs each step with its duration", async () => {
    const dataDir = path.join(root, "from-template");
    const { database, lines } = await prepare(dataDir, template);
    try {
      expect(lines).toEqual([
        expect.stringMatching(/^\[platform\] database: first start, copying the build's empty database to .*pglite$/),
        expect.stringMatching(/^\[platform\] database: copied and opened in \d+\.\d s$/),
        `[platform] migrations: all ${migrations} already applied (checked in ${secondsOf(lines[2]!)} s)`,
        expect.stringMatching(/^\[platform\] seed data: catalogue and demo data in \d+\.\d s$/),
        expect.stringMatching(/^\[platform\] database ready in \d+\.\d s$/),
      ]);
      const [demo] = await database.db.select().from(users).where(eq(users.phone, DEMO.phone));
      expect(await verifyPassword(demo!.passwordHash, DEMO.password)).toBe(true);
      // Hashed at start, each with its own salt: the two staff logins share a password, not a hash.
      const staff = await database.db.select().from(staffAccounts);
      expect(staff).toHaveLength(DEMO_STAFF.length);
      expect(new Set(staff.map((s) => s.passwordHash)).size).toBe(DEMO_STAFF.length);
      expect(await verifyPassword(staff[0]!.passwordHash, DEMO_STAFF[0].password)).toBe(true);
    } finally {
      await database.close();
    }
    const again = await prepare(dataDir, template);
    await again.database.close();
    expect(again.lines[0]).toMatch(/^\[platform\] database: opened PGlite in .*pglite in \d+\.\d s$/);
    expect(again.lines[1]).toMatch(new RegExp(`^\\[platform\\] migrations: all ${migrations} already applied`));
  });

  it("creates the database and applies every migration when there is no template", async () => {
    const { database, lines } = await prepare(path.join(root, "without-template"), null);
    await database.close();
    expect(lines[0]).toMatch(/^\[platform\] database: first start, creating a new PGlite database in .*pglite$/);
    expect(lines[1]).toMatch(/^\[platform\] database: created in \d+\.\d s$/);
    expect(lines[2]).toMatch(new RegExp(`^\\[platform\\] migrations: applied ${migrations} of ${migrations} in `));
  });
});

function secondsOf(line: string): string {
  return /(\d+\.\d) s\)$/.exec(line)?.[1] ?? "?";
}
