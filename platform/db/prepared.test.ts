/**
 * preparedRowsOf (decision 056): a SQL template's rows, sent as a named prepared statement on PostgreSQL, named by
 * its text. Runs on PGlite (which ignores the name) and on PostgreSQL; what only PostgreSQL has (the named
 * statements, the plan setting) is checked in prepared.pg.test.ts.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../modules/finance/rows";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";
import { preparedRowsOf } from "./prepared";

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
});
