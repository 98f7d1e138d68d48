/**
 * preparedRowsOf (decision 056): a SQL template's rows, sent as a named prepared statement on PostgreSQL, named by
 * its text. Runs on PGlite (which ignores the name) and on PostgreSQL.
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
});
afterAll(() => t.close());

const echo = (n: number, upper: boolean) =>
  sql`select ${n}::int as n, ${upper ? sql`upper(${"x"})` : sql`lower(${"X"})`} as s`;

describe("preparedRowsOf", () => {
  it("answers what rowsOf answers, with the values as parameters", async () => {
    for (const n of [1, 2, 3])
      for (const upper of [true, false])
        expect(await preparedRowsOf(t.ctx.db, echo(n, upper))).toEqual(await rowsOf(t.ctx.db, echo(n, upper)));
  });

  it("on PostgreSQL, prepares each text once per connection, under a name that follows from the text", async () => {
    if (t.kind !== "postgres") return;
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

  it("on PostgreSQL, the platform's connections plan prepared statements once (generic plans)", async () => {
    if (t.kind !== "postgres") return;
    const [row] = await rowsOf<{ plan_cache_mode: string }>(t.ctx.db, sql`show plan_cache_mode`);
    expect(row?.plan_cache_mode).toBe("force_generic_plan");
  });
});
