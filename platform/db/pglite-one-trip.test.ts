import { PGlite, types } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_PREPARED_STATEMENTS, sendQueriesInOneTrip, textValues } from "./pglite-one-trip";

let fast: PGlite;
let plain: PGlite;

const SETUP = `
  create table t (id serial primary key, name text unique, n bigint, ok boolean, at timestamptz, price numeric(12,2), meta jsonb);
  insert into t (name, n, ok, at, price, meta) values
    ('a', 9007199254740991, true, '2026-11-22T01:02:03Z', 12.34, '{"k":[1,2]}'),
    ('b', null, false, null, null, null);
`;

beforeAll(async () => {
  fast = new PGlite();
  plain = new PGlite();
  await Promise.all([fast.waitReady, plain.waitReady]);
  sendQueriesInOneTrip(fast);
  await fast.exec(SETUP);
  await plain.exec(SETUP);
});

afterAll(async () => {
  await Promise.all([fast.close(), plain.close()]);
});

describe("one-trip queries", () => {
  const cases: [string, unknown[]][] = [
    ["select * from t order by id", []],
    ["select * from t where name = $1", ["a"]],
    ["select id, n, ok from t where ok = $1 and id > $2", [true, 0]],
    ["select * from t where at < $1", [new Date("2030-01-01T00:00:00Z")]],
    ["select * from t where n is not distinct from $1", [null]],
    ["select count(*) as c, sum(price) as s from t", []],
  ];

  for (const [text, params] of cases) {
    it(`answers as PGlite's own query does: ${text}`, async () => {
      for (const rowMode of ["object", "array"] as const) {
        const a = await fast.query(text, params, { rowMode });
        const b = await plain.query(text, params, { rowMode });
        expect(a.rows).toEqual(b.rows);
        expect(a.fields).toEqual(b.fields);
      }
    });
  }

  it("answers as PGlite's own query does with the caller's parsers (as Drizzle passes them)", async () => {
    const parsers = { [types.TIMESTAMPTZ]: (v: string) => v, [types.INT8]: (v: string) => `n${v}` };
    for (const rowMode of ["object", "array"] as const) {
      for (let i = 0; i < 3; i++) {
        const a = await fast.query("select id, n, at, price from t order by id", [], { rowMode, parsers });
        const b = await plain.query("select id, n, at, price from t order by id", [], { rowMode, parsers });
        expect(a.rows).toEqual(b.rows);
        expect(a.fields).toEqual(b.fields);
      }
    }
  });

  it("asks Describe once per prepared statement, and still answers with the columns after", async () => {
    /** The frontend message types of each batch sent ("B" bind, "D" describe, "E" execute, "S" sync). */
    const batches: string[] = [];
    const spy = vi.spyOn(fast, "execProtocolStream").mockImplementation(async function (this: PGlite, bytes, options) {
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      let types = "";
      for (let at = 0; at < bytes.byteLength; at += 1 + view.getInt32(at + 1)) types += String.fromCharCode(bytes[at]!);
      batches.push(types);
      return PGlite.prototype.execProtocolStream.call(this, bytes, options);
    });
    try {
      const text = "select id, name from t where id = $1";
      for (let i = 0; i < 3; i++) {
        const { rows, fields } = await fast.query(text, [1]);
        expect(rows).toEqual([{ id: 1, name: "a" }]);
        expect(fields.map((f) => f.name)).toEqual(["id", "name"]);
      }
      const update = "update t set ok = $1 where id = $2";
      for (let i = 0; i < 3; i++) expect((await fast.query(update, [true, 1])).affectedRows).toBe(1);
    } finally {
      spy.mockRestore();
    }
    expect(batches).toEqual(["PBDES", "BES", "BES", "PBDES", "BES", "BES"]);
  });

  it("reports affected rows of writes", async () => {
    const updated = await fast.query("update t set ok = $1 where id > $2", [true, 0]);
    expect(updated.affectedRows).toBe(2);
    const inserted = await fast.query("insert into t (name) values ($1), ($2) returning id", ["c", "d"]);
    expect(inserted.affectedRows).toBe(2);
    expect(inserted.rows).toHaveLength(2);
  });

  it("prepares a statement once and reuses it", async () => {
    const text = "select name from t where id = $1";
    for (let i = 0; i < 5; i++) await fast.query(text, [1]);
    const { rows } = await plain.query("select 1"); // the plain database has no statements of ours
    expect(rows).toHaveLength(1);
    const statements = await fast.query<{ n: number }>(
      "select count(*)::int as n from pg_prepared_statements where statement = $1",
      [text],
    );
    expect(statements.rows[0]!.n).toBe(1);
  });

  it("throws the database error (with its code) and leaves the session usable", async () => {
    await expect(fast.query("insert into t (name) values ($1)", ["a"])).rejects.toMatchObject({ code: "23505" });
    await expect(fast.query("insert into t (name) values ($1)", ["a"])).rejects.toMatchObject({ code: "23505" });
    await expect(fast.query("selec 1")).rejects.toMatchObject({ code: "42601" });
    await expect(fast.query("selec 1")).rejects.toMatchObject({ code: "42601" });
    expect((await fast.query("select name from t where name = $1", ["a"])).rows).toEqual([{ name: "a" }]);
  });

  it("keeps working past the prepared-statement limit", async () => {
    for (let i = 0; i < MAX_PREPARED_STATEMENTS + 10; i++) {
      const { rows } = await fast.query<{ v: number }>(`select ${i}::int + $1::int as v`, [1]);
      expect(rows[0]!.v).toBe(i + 1);
    }
    const count = await fast.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements");
    expect(count.rows[0]!.n).toBeLessThanOrEqual(MAX_PREPARED_STATEMENTS);
  });

  it("waits for an open transaction, as PGlite's own query does", async () => {
    let inserted!: () => void;
    const insertedYet = new Promise<void>((r) => (inserted = r));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = fast.transaction(async (t) => {
      await t.query("insert into t (name) values ($1)", ["rolled-back"]);
      inserted();
      await held;
      throw new Error("roll back");
    });
    await insertedYet;
    // Sent while the transaction is open: run inside it, this would see the uncommitted row.
    const read = fast.query<{ n: number }>("select count(*)::int as n from t where name = $1", ["rolled-back"]);
    await new Promise((r) => setTimeout(r, 20));
    release();
    await expect(tx).rejects.toThrow("roll back");
    expect((await read).rows[0]!.n).toBe(0);
  });

  it("sends arrays and objects through PGlite's own path", async () => {
    const { rows } = await fast.query<{ v: number[] }>("select $1::int[] as v", [[1, 2, 3]]);
    expect(rows[0]!.v).toEqual([1, 2, 3]);
  });
});

describe("textValues", () => {
  it("gives strings, numbers, booleans and dates one text form, and refuses the rest", () => {
    expect(textValues(["x", 1, 2n, false, null, undefined, new Date("2026-01-02T03:04:05.000Z")])).toEqual([
      "x",
      "1",
      "2",
      "false",
      null,
      null,
      "2026-01-02T03:04:05.000Z",
    ]);
    expect(textValues([[1]])).toBeNull();
    expect(textValues([{ a: 1 }])).toBeNull();
    expect(textValues([new Uint8Array([1])])).toBeNull();
  });
});
