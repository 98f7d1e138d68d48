import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/**
 * A statement built and prepared once per database handle, the first time it is
 * asked for: hot paths do not rebuild their SQL on every call, and on PostgreSQL
 * it is a named prepared statement, planned once per connection. `build` must
 * call `.prepare(name)` with a name unique to that statement.
 */
export function preparedOncePerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const statements = new WeakMap<Db, T>();
  return (db) => {
    let statement = statements.get(db);
    if (statement === undefined) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();
/** Statement names by SQL text: the same text always gets the same name, in every process. */
const namesByText = new Map<string, string>();
/** Past this many distinct texts the names are no longer kept (a template whose text varies is a mistake). */
const MAX_NAMED_TEXTS = 500;

function statementName(text: string): string {
  let name = namesByText.get(text);
  if (name === undefined) {
    name = `q${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
    if (namesByText.size < MAX_NAMED_TEXTS) namesByText.set(text, name);
  }
  return name;
}

/**
 * A SQL template's rows, sent as a named prepared statement (decision 056): PostgreSQL parses and plans it once per
 * connection, not on every call. For the statements every rental and every sold-out answer runs, whose planning
 * cost more than their execution. The name follows from the statement's text, so a template with a conditional
 * fragment is two statements, each with its own name; the values travel as parameters, as with `rowsOf`. PGlite
 * ignores the name and runs it as before. Only for templates whose text does not grow with the data (no
 * `sql.raw` of values, no list spread into `in (…)`).
 */
export async function preparedRowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const prepared = db._.session.prepareQuery(built, undefined, statementName(built.sql), false);
  const result = (await prepared.execute()) as unknown as { rows: T[] };
  return result.rows;
}
