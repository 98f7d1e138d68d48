import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { searchEntries, type SearchSource } from "../../db/content-schema";
import { SEARCH_NO_WORDS, SEARCH_PAGE_SIZE, SEARCH_PAGES_MAX, searchQuery } from "../../rules/search-query";
import type { Ctx, Visitor } from "../context";
import { fail } from "../errors";
import { segmentWords } from "./segment";
import { isPrefixWord, markedSegments, snippetOf, type Segment } from "./snippet";

/*
 * The site search (issue 35 §1, decision 074): the query cut by jieba like
 * the index, a tsquery of its words (each a quoted lexeme, sent as a bound
 * parameter), ranked by ts_rank_cd with the title's words weighted A.
 */

/**
 * Particles and question words a user types but pages need not contain
 * (如何充值 should find the page on 充值). Dropped from a query unless it has
 * nothing else.
 */
const QUERY_STOP_WORDS = new Set([
  "的",
  "了",
  "吗",
  "呢",
  "吧",
  "啊",
  "呀",
  "么",
  "如何",
  "怎么",
  "怎样",
  "怎么样",
  "什么",
  "请问",
]);

/** The words of a query as the index cut its pages: unique, in order, without stop words. */
export function queryWords(query: string): string[] {
  const words = [...new Set(segmentWords(query))];
  const kept = words.filter((w) => !QUERY_STOP_WORDS.has(w));
  return kept.length > 0 ? kept : words;
}

/**
 * The words a result marks: the query's words, and each run of its text
 * between spaces and punctuation (数据盘 marked whole, not 盘 inside 系统盘); a
 * one-character word only where it is its own run.
 */
export function highlightWords(query: string, words: readonly string[]): string[] {
  const runs = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((run) => run.length > 1);
  const kept = words.filter((w) => w.length > 1 || !runs.some((run) => run.includes(w)));
  return [...new Set([...runs, ...kept])];
}

/** All the words ("all"), or any of them ("any"). */
export type MatchMode = "all" | "any";

/** One word as a tsquery operand: quoted, so no character of it is read as an operator. */
const lexeme = (word: string) =>
  `'${word.replace(/\\/g, "\\\\").replace(/'/g, "''")}'${isPrefixWord(word) ? ":*" : ""}`;

/** The tsquery text of the words (never spliced into SQL: it is a bound parameter). */
export const tsQueryText = (words: readonly string[], mode: MatchMode): string =>
  words.map(lexeme).join(mode === "all" ? " & " : " | ");

/** `to_tsquery('simple', …)` of the words, for a WHERE (`words @@ …`) and ts_rank_cd. */
export const tsQuery = (words: readonly string[], mode: MatchMode): SQL =>
  sql`to_tsquery('simple', ${tsQueryText(words, mode)})`;

/** The entry matches the query. */
export const entryMatches = (query: SQL): SQL => sql`${searchEntries.words} @@ ${query}`;

/** The entry's rank: cover density, a title word (A) counting 1.0, a text word (B) 0.4. */
export const entryRank = (query: SQL): SQL<number> =>
  sql<number>`ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', ${searchEntries.words}, ${query})`;

export interface SearchResult {
  source: SearchSource;
  sourceId: number;
  title: Segment[];
  href: string;
  snippet: Segment[];
}

export interface SearchPage {
  query: string;
  words: string[];
  match: MatchMode;
  results: SearchResult[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

export interface SearchInput {
  query: string;
  source?: SearchSource;
  /** From 1; at most SEARCH_PAGES_MAX. */
  page: number;
}

async function matchingPage(ctx: Ctx, words: string[], mode: MatchMode, input: SearchInput) {
  const query = tsQuery(words, mode);
  const where = and(entryMatches(query), input.source ? eq(searchEntries.source, input.source) : undefined);
  const rows = await ctx.db
    .select({
      source: searchEntries.source,
      sourceId: searchEntries.sourceId,
      title: searchEntries.title,
      href: searchEntries.href,
      plainText: searchEntries.plainText,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(searchEntries)
    .where(where)
    .orderBy(desc(entryRank(query)), asc(searchEntries.id))
    .limit(SEARCH_PAGE_SIZE)
    .offset((input.page - 1) * SEARCH_PAGE_SIZE);
  if (rows.length > 0 || input.page === 1) return { rows, total: rows[0]?.total ?? 0 };
  // Past the last page: the count alone, so the page can say how many there are.
  const [counted] = await ctx.db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(searchEntries)
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * One page of the published content matching a query, best first: the pages
 * with all its words; when none has them all, the pages with any of them.
 * Each result's title and snippet mark the words. An empty, too long or
 * control-character query, a page out of range, or a query of punctuation
 * only is refused (BAD_REQUEST on its field).
 */
export async function searchSite(ctx: Ctx, _visitor: Visitor, input: SearchInput): Promise<SearchPage> {
  const parsed = searchQuery.safeParse(input.query);
  if (!parsed.success) return fail("BAD_REQUEST", "q", parsed.error.issues[0]!.message);
  if (!Number.isInteger(input.page) || input.page < 1 || input.page > SEARCH_PAGES_MAX)
    return fail("BAD_REQUEST", "page", `页码必须在1到${SEARCH_PAGES_MAX}之间`);
  const words = queryWords(parsed.data);
  if (words.length === 0) return fail("BAD_REQUEST", "q", SEARCH_NO_WORDS);
  const marks = highlightWords(parsed.data, words);
  let match: MatchMode = "all";
  let found = await matchingPage(ctx, words, match, input);
  if (found.total === 0 && words.length > 1) {
    match = "any";
    found = await matchingPage(ctx, words, match, input);
  }
  return {
    query: parsed.data,
    words,
    match,
    results: found.rows.map((row) => ({
      source: row.source,
      sourceId: row.sourceId,
      title: markedSegments(row.title, marks),
      href: row.href,
      snippet: snippetOf(row.plainText, marks),
    })),
    total: found.total,
    page: input.page,
    pageSize: SEARCH_PAGE_SIZE,
    pageCount: Math.min(SEARCH_PAGES_MAX, Math.ceil(found.total / SEARCH_PAGE_SIZE)),
  };
}
