import { parse, protocol, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";

/** Statements kept prepared per database; past this, new statements run unnamed (still in one trip). */
export const MAX_PREPARED_STATEMENTS = 256;

const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Top-level PGlite queries in one trip through the wire protocol, with the
 * statement prepared once (docs/decisions/012-pglite-one-trip-queries.md).
 *
 * PGlite's own `query()` sends Parse, Describe, Bind, Describe, Execute and
 * Sync as six separate calls into WebAssembly, and it plans the statement
 * again every time. Drizzle hands it parameters that are already strings,
 * numbers, booleans, dates or null. Those have one text form whatever the
 * column type, so the messages can go as one batch. The server infers
 * parameter types exactly as on PGlite's own path, which also sends none.
 * Statements are also kept as named prepared statements (as pgx and Npgsql
 * do), up to MAX_PREPARED_STATEMENTS per database, so the next call only binds
 * and executes.
 *
 * The locking follows PGlite's `query()`: wait for any open transaction, then
 * hold the query lock. The results go through PGlite's own parser. Queries
 * with any other kind of parameter, a blob or explicit parameter types take
 * PGlite's normal path. So do queries inside transactions, which run on the
 * transaction's own handle.
 */
export function sendQueriesInOneTrip(client: PGlite): void {
  const standardQuery = client.query.bind(client);
  const internals = client as unknown as PGliteInternals;
  const prepared = new Map<string, string>();

  client.query = async function query<T>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    const values = params === undefined ? [] : textValues(params);
    if (values === null || options?.blob || options?.paramTypes) return standardQuery<T>(text, params, options);
    await internals._checkReady();
    return internals._runExclusiveTransaction(() =>
      internals._runExclusiveQuery(async () => {
        let name = prepared.get(text);
        const parseFirst = name === undefined;
        if (parseFirst)
          name = PREPARABLE.test(text) && prepared.size < MAX_PREPARED_STATEMENTS ? `gc_${prepared.size + 1}` : "";
        const batch = concat([
          ...(parseFirst ? [protocol.serialize.parse({ name, text })] : []),
          protocol.serialize.bind({ statement: name, values }),
          protocol.serialize.describe({ type: "P" }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]);
        // The whole batch runs, Sync included, so the session is idle again even after an error.
        const messages = await client.execProtocolStream(batch, { syncToFs: false, throwOnError: false });
        if (parseFirst && name && messages.some((m) => m.name === "parseComplete")) prepared.set(text, name);
        const error = messages.find((m) => m.name === "error");
        if (error) throw error;
        await client.syncToFs();
        return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
      }),
    );
  };
}

interface PGliteInternals {
  _checkReady(): Promise<void>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
}

/** Each parameter's text form, or null when one has no single text form (arrays, objects, bytes). */
export function textValues(params: unknown[]): (string | null)[] | null {
  const values: (string | null)[] = [];
  for (const param of params) {
    if (param === null || param === undefined) values.push(null);
    else if (typeof param === "string") values.push(param);
    else if (typeof param === "number" || typeof param === "bigint" || typeof param === "boolean")
      values.push(String(param));
    else if (param instanceof Date) values.push(param.toISOString());
    else return null;
  }
  return values;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}
