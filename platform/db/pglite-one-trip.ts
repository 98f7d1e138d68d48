import { protocol, types, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";

type BackendMessage = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];

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
 * hold the query lock. The results are read as PGlite's own parser reads them
 * (`firstResult`), without its per-query copy of the parser table. Queries
 * with any other kind of parameter, a blob or explicit parameter types take
 * PGlite's normal path. So do queries inside transactions, which run on the
 * transaction's own handle.
 */
export function sendQueriesInOneTrip(client: PGlite): void {
  const standardQuery = client.query.bind(client);
  const internals = client as unknown as PGliteInternals;
  const prepared = new Map<string, string>();
  /** Each prepared statement's row description (or its "no data"), as Describe answered it the first time. */
  const described = new Map<string, BackendMessage>();

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
        // A prepared statement's result columns never change, so Describe is asked once per statement.
        const description = name ? described.get(name) : undefined;
        const batch = concat([
          ...(parseFirst ? [protocol.serialize.parse({ name, text })] : []),
          protocol.serialize.bind({ statement: name, values }),
          ...(description ? [] : [protocol.serialize.describe({ type: "P" })]),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]);
        // The whole batch runs, Sync included, so the session is idle again even after an error.
        const messages = await client.execProtocolStream(batch, { syncToFs: false, throwOnError: false });
        if (parseFirst && name && messages.some((m) => m.name === "parseComplete")) prepared.set(text, name);
        const error = messages.find((m) => m.name === "error");
        if (error) throw error;
        await client.syncToFs();
        if (!description) {
          const answer = messages.find((m) => m.name === "rowDescription" || m.name === "noData");
          if (name && answer && prepared.get(text) === name) described.set(name, answer);
        }
        return firstResult<T>(description ? [description, ...messages] : messages, client.parsers, options);
      }),
    );
  };
}

type Parsers = NonNullable<QueryOptions["parsers"]>;
type Field = { name: string; dataTypeID: number };

/**
 * The first statement's result, as PGlite's `parse.parseResults(...)[0]` gives
 * it: rows (arrays or objects, by `rowMode`), fields and affected rows. It
 * looks each column's parser up in the query's parsers, then the client's,
 * then PGlite's defaults. PGlite's own version first copies the client's
 * whole parser table into a new object on every query, which was a fifth of
 * a one-row query's time.
 */
function firstResult<T>(messages: BackendMessage[], clientParsers: Parsers, options?: QueryOptions): Results<T> {
  const own = options?.parsers;
  const value = (text: string | null, type: number): unknown => {
    if (text === null) return null;
    // PGlite calls parsers with the type id too, though its type says one argument.
    const parser = (own?.[type] ?? clientParsers[type]) as ((value: string, typeId: number) => unknown) | undefined;
    return parser ? parser(text, type) : types.parseType(text, type);
  };
  let fields: Field[] = [];
  const rows: unknown[] = [];
  for (const message of messages) {
    if (message.name === "rowDescription") {
      fields = (message as unknown as { fields: Field[] }).fields.map(({ name, dataTypeID }) => ({ name, dataTypeID }));
    } else if (message.name === "dataRow") {
      const texts = (message as unknown as { fields: (string | null)[] }).fields;
      if (options?.rowMode === "array") rows.push(texts.map((text, i) => value(text, fields[i]!.dataTypeID)));
      else rows.push(Object.fromEntries(texts.map((text, i) => [fields[i]!.name, value(text, fields[i]!.dataTypeID)])));
    } else if (message.name === "commandComplete") {
      return { rows, fields, affectedRows: affectedRows((message as unknown as { text: string }).text) } as Results<T>;
    }
  }
  return { rows: [], fields: [], affectedRows: 0 } as Results<T>;
}

/** The row count of an INSERT, UPDATE, DELETE, COPY or MERGE command tag; 0 for the others (as PGlite). */
function affectedRows(tag: string): number {
  const words = tag.split(" ");
  switch (words[0]) {
    case "INSERT":
      return parseInt(words[2]!, 10);
    case "UPDATE":
    case "DELETE":
    case "COPY":
    case "MERGE":
      return parseInt(words[1]!, 10);
    default:
      return 0;
  }
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
