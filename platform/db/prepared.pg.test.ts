/**
 * preparedRowsOf (decision 056) on PostgreSQL only (`npm run test:pg`): each SQL text is prepared once per connection
 * under a name that follows from the text, and the platform's connections use generic plans. prepared.test.ts checks
 * on both databases that it answers what rowsOf answers.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../modules/finance/rows";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";
import { preparedRowsOf } from "./prepared";
import { inTransaction } from "./tx";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
  if (t.kind !== "postgres") throw new Error("prepared.pg.test.ts runs on PostgreSQL only (DATABASE_URL)");
});
afterAll(() => t.close());

const echo = (n: number, upper: boolean) =>
  sql`select ${n}::int as n, ${upper ? sql`upper(${"x"})` : sql`lower(${"X"})`} as s`;

describe("preparedRowsOf on PostgreSQL", () => {
  it("prepares each text once per connection, under a name that follows from the text", async () => {
    const names = await inTransaction(t.ctx.db, async (tx) => {
      // One connection: the same text twice with other values, and the other branch of the template once.
      await preparedRowsOf(tx, echo(1, true));
      await preparedRowsOf(tx, echo(2, true));
      await preparedRowsOf(tx, echo(3, false));
      return rowsOf<{ name: string; statement: string }>(
        tx,
        sql`select name, statement from pg_prepared_statements where statement like '%::int as n,%'`,
      );
    });
    expect(names).toHaveLength(2);
    expect(new Set(names.map((r) => r.name)).size).toBe(2);
    for (const { name } of names) expect(name).toMatch(/^q[0-9a-f]{24}$/);
    expect(names.map((r) => r.statement).sort()).toEqual([
      expect.stringContaining("lower("),
      expect.stringContaining("upper("),
    ]);
  });

  it("the platform's connections plan prepared statements once (generic plans)", async () => {
    const [row] = await rowsOf<{ plan_cache_mode: string }>(t.ctx.db, sql`show plan_cache_mode`);
    expect(row?.plan_cache_mode).toBe("force_generic_plan");
  });
});
