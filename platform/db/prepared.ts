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
