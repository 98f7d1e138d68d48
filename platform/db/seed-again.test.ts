/**
 * The seed runs on every start (prepare.ts) and must find its rows: on a seeded database it adds nothing and changes
 * nothing, in any table. Every test file's platform also seeds its copy of the run's seeded template (decision 123),
 * but only here is it checked that nothing changed, on PGlite and on PostgreSQL.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../modules/finance/rows";
import { seedDatabase } from "./seed";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

/** Each table of the schema with its row count and a digest of its rows in a fixed order. */
async function tableDigests(): Promise<Record<string, string>> {
  const tables = await rowsOf<{ name: string }>(
    t.db,
    sql`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await rowsOf<{ n: number; digest: string | null }>(
      t.db,
      sql`SELECT count(*)::int AS n, md5(string_agg(r::text, '|' ORDER BY r::text)) AS digest
          FROM ${sql.identifier(name)} r`,
    );
    digests[name] = `${row!.n}:${row!.digest ?? "-"}`;
  }
  return digests;
}

describe("the seed on a seeded database", () => {
  it("adds no row and changes none, in any table", async () => {
    const before = await tableDigests();
    expect(Number(before.users?.split(":")[0])).toBeGreaterThan(0);
    await seedDatabase(t.platform.database, { demo: true });
    expect(await tableDigests()).toEqual(before);
  });
});
