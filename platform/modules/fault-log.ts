import { DrizzleQueryError } from "drizzle-orm/errors";

/** A database driver's error: PostgreSQL's fields, as pg and PGlite both give them. */
interface DatabaseCause {
  code?: string;
  message?: string;
  table?: string;
  column?: string;
  constraint?: string;
}

const STACK_FRAMES = 10;

/** The "at …" lines of a stack, without the message lines above them (a query error's message carries its values). */
const framesOf = (error: Error) =>
  (error.stack ?? "")
    .split("\n")
    .filter((line) => line.trimStart().startsWith("at "))
    .slice(0, STACK_FRAMES)
    .join("\n");

/** PostgreSQL quotes the offending value in a data error ('invalid input syntax for type bigint: "…"'). */
const withoutQuotedValues = (message: string) => message.replace(/"[^"]*"/g, '"…"');

/** A driver's own error, not wrapped by Drizzle: it carries a five-character SQLSTATE. */
const isDatabaseError = (error: Error) => /^[0-9A-Z]{5}$/.test(String((error as DatabaseCause).code ?? ""));

function describeQueryFault(error: DrizzleQueryError): string {
  const cause = (error.cause ?? {}) as DatabaseCause;
  const where = [
    cause.table && `table ${cause.table}`,
    cause.column && `column ${cause.column}`,
    cause.constraint && `constraint ${cause.constraint}`,
  ]
    .filter(Boolean)
    .join(", ");
  return [
    `DrizzleQueryError: ${error.query} (${error.params.length} parameters withheld)`,
    `cause: ${cause.code ?? "-"} ${withoutQuotedValues(cause.message ?? "")}${where ? ` (${where})` : ""}`,
    framesOf(error),
  ].join("\n");
}

/**
 * An unexpected error as the log shows it: the stack, but never the values a
 * failed query was sent. A query's parameters are what a user typed or what
 * the database keeps (phones, password hashes, bank accounts, tokens'
 * hashes); Drizzle puts them in the error's message, and PostgreSQL quotes
 * the offending one in its own. The query text, the SQLSTATE and the table,
 * column or constraint stay, which is what finding the fault needs.
 */
export function describeFault(error: unknown): string {
  if (error instanceof DrizzleQueryError) return describeQueryFault(error);
  if (error instanceof Error && error.cause instanceof DrizzleQueryError)
    return `${error.name}: ${error.message}\n${framesOf(error)}\ncaused by ${describeQueryFault(error.cause)}`;
  if (error instanceof Error && isDatabaseError(error))
    return `${error.name}: ${(error as DatabaseCause).code} ${withoutQuotedValues(error.message)}\n${framesOf(error)}`;
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

/** The first line of describeFault, for a one-line log or a reply between threads. */
export const faultSummary = (error: unknown) => describeFault(error).split("\n")[0]!;
