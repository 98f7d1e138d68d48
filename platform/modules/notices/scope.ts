import { and, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { preparedOncePerDb } from "../../db/prepared";
import { messages, notifications } from "../../db/schema";
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

/** Which rows of a feed a page lists: all, the unread ones, or the read ones. */
export type ReadFilter = "all" | "unread" | "read";

/** The same ownership as ownedBy, with the caller as placeholders, for a prepared statement. */
function ownedByPlaceholders(table: FeedTable): SQL {
  return sql`${table.userId} = ${sql.placeholder("userId")} and ${table.subAccountId} is not distinct from ${sql.placeholder("subAccountId")}`;
}

/**
 * The rows a feed lists: the caller's own, and for a sub-account whose main account let it see the main account's
 * notifications (decision 107), those too, read-only: they count neither as its unread nor can it mark them.
 */
function listedToCaller(table: FeedTable): SQL {
  if (table !== notifications) return ownedByPlaceholders(table);
  return sql`${table.userId} = ${sql.placeholder("userId")} and (
    ${table.subAccountId} is not distinct from ${sql.placeholder("subAccountId")}
    or (${table.subAccountId} is null and exists (
      select 1 from sub_account_settings s
      where s.sub_account_id = ${sql.placeholder("subAccountId")}::bigint and s.sees_main_notifications)))`;
}

/** Whether a listed row is the caller's own (else the main account's, shown to a sub-account). */
const isOwnRow = (table: FeedTable): SQL =>
  sql`${table.subAccountId} is not distinct from ${sql.placeholder("subAccountId")}::bigint`;

/** A main account's row listed to a sub-account counts as read (isOwnRow). */
function readCondition(table: FeedTable, filter: ReadFilter): SQL | undefined {
  if (filter === "unread") return and(isNull(table.readAt), isOwnRow(table));
  if (filter === "read") return sql`(${isNotNull(table.readAt)} or not ${isOwnRow(table)})`;
  return undefined;
}

/** The counts of the caller's rows of a feed: the total the filter lists, and the unread ones. */
function feedCounts(db: Db, table: FeedTable, listed: SQL | undefined) {
  return db
    .select({
      total: sql<number>`count(*) filter (where ${listed ?? sql`true`})`.mapWith(Number).as("total"),
      unread: sql<number>`count(*) filter (where ${table.readAt} is null and ${isOwnRow(table)})`
        .mapWith(Number)
        .as("unread"),
    })
    .from(table)
    .where(listedToCaller(table))
    .as("counts");
}

/** The caller's rows of a feed that `listed` selects, newest first, one page of them (limit and offset are placeholders). */
function newestFirstPage<Query extends PgSelect>(query: Query, table: FeedTable, listed: SQL | undefined): Query {
  return query
    .where(and(listedToCaller(table), listed))
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"));
}

/*
 * One page of a feed with its total and the caller's unread count, as one
 * statement that always answers at least one row: the counts of the caller's
 * rows, left-joined to the page (a page past the end, or an empty feed, is one
 * row of counts with no item). The bar polls the notifications every 10 s.
 */
function buildNotificationsPage(db: Db, filter: ReadFilter, name: string) {
  const listed = readCondition(notifications, filter);
  const counts = feedCounts(db, notifications, listed);
  const pageRows = db
    .select({
      id: notifications.id,
      title: notifications.title,
      original: notifications.original,
      createdAt: notifications.createdAt,
      // The main account's rows are read-only to a sub-account: shown as read.
      readAt: sql<Date | null>`case when ${isOwnRow(notifications)} then ${notifications.readAt}
        else coalesce(${notifications.readAt}, ${notifications.createdAt}) end`
        .mapWith(notifications.readAt)
        .as("read_at"),
      own: sql<boolean>`${isOwnRow(notifications)}`.mapWith((v: unknown) => v === true || v === "t").as("own"),
    })
    .from(notifications)
    .$dynamic();
  const page = newestFirstPage(pageRows, notifications, listed).as("page");
  return db
    .select({
      total: counts.total,
      unread: counts.unread,
      row: {
        id: page.id,
        title: page.title,
        original: page.original,
        createdAt: page.createdAt,
        readAt: page.readAt,
        own: page.own,
      },
    })
    .from(counts)
    .leftJoinLateral(page, sql`true`)
    .prepare(name);
}

function buildMessagesPage(db: Db) {
  const counts = feedCounts(db, messages, undefined);
  const pageRows = db
    .select({ id: messages.id, message: messages.message, createdAt: messages.createdAt, readAt: messages.readAt })
    .from(messages)
    .$dynamic();
  const page = newestFirstPage(pageRows, messages, undefined).as("page");
  return db
    .select({
      total: counts.total,
      unread: counts.unread,
      row: { id: page.id, message: page.message, createdAt: page.createdAt, readAt: page.readAt },
    })
    .from(counts)
    .leftJoinLateral(page, sql`true`)
    .prepare("messages_page");
}

const notificationPages = {
  all: preparedOncePerDb((db) => buildNotificationsPage(db, "all", "notifications_page")),
  unread: preparedOncePerDb((db) => buildNotificationsPage(db, "unread", "notifications_page_unread")),
  read: preparedOncePerDb((db) => buildNotificationsPage(db, "read", "notifications_page_read")),
};
const messagePage = preparedOncePerDb(buildMessagesPage);

/** What a feed page is asked with: the caller, and the page (from 1) and its size. */
interface FeedPageRequest {
  caller: Caller;
  page: number;
  pageSize: number;
}

function feedParameters({ caller, page, pageSize }: FeedPageRequest) {
  return { userId: caller.userId, subAccountId: caller.subAccountId, limit: pageSize, offset: (page - 1) * pageSize };
}

/** The rows of the page (none past the end), the total the filter selects, and the caller's unread count. */
async function readFeedPage<Row>(
  statement: {
    execute(
      parameters: ReturnType<typeof feedParameters>,
    ): Promise<{ total: number; unread: number; row: Row | null }[]>;
  },
  request: FeedPageRequest,
): Promise<{ rows: Row[]; total: number; unread: number }> {
  const answer = await statement.execute(feedParameters(request));
  return {
    rows: answer.flatMap(({ row }) => (row === null ? [] : [row])),
    total: Number(answer[0]?.total ?? 0),
    unread: Number(answer[0]?.unread ?? 0),
  };
}

export const notificationsPage = (db: Db, filter: ReadFilter, request: FeedPageRequest) =>
  readFeedPage(notificationPages[filter](db), request);

export const messagesPage = (db: Db, request: FeedPageRequest) => readFeedPage(messagePage(db), request);
