import { and, count, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { messages, notifications } from "../../db/schema";
import type { Caller } from "../context";

/**
 * The rows of a notifications or messages table that belong to the caller
 * (docs/decisions/028): a main account's are its rows without a sub-account,
 * a sub-account's are its own rows. Neither ever sees the other's.
 */
export function ownedBy(table: typeof notifications | typeof messages, caller: Caller): SQL {
  return and(
    eq(table.userId, caller.userId),
    caller.subAccountId === null ? isNull(table.subAccountId) : eq(table.subAccountId, caller.subAccountId),
  )!;
}

type FeedTable = typeof notifications | typeof messages;

/**
 * The total of a listing's rows, as a window count: every row of the page
 * carries it, so the page and its total come in one query.
 */
export const totalOfListing = () => sql<number>`count(*) over ()`.mapWith(Number);

/** The caller's unread rows of the table, as a subquery PostgreSQL evaluates once per query. */
export function unreadOf(table: FeedTable, caller: Caller): SQL<number> {
  return sql<number>`(select count(*) from ${table} where ${and(ownedBy(table, caller), isNull(table.readAt))})`.mapWith(
    Number,
  );
}

/**
 * The counts of a page that has no rows to carry them (a page past the end,
 * or nothing to list): the total of the rows `where` selects and the caller's
 * unread count, in one query.
 */
export async function countsWithoutRows(
  db: Db,
  table: FeedTable,
  caller: Caller,
  where: SQL,
): Promise<{ total: number; unread: number }> {
  const [counts] = await db
    .select({ total: count(), unread: unreadOf(table, caller) })
    .from(table)
    .where(where);
  return { total: Number(counts?.total ?? 0), unread: Number(counts?.unread ?? 0) };
}
