import { and, eq, sql } from "drizzle-orm";
import { searchEntries, type SearchSource } from "../../db/content-schema";
import type { Ctx } from "../context";
import { segmentedText } from "./segment";

/** What the index keeps of one published page. */
export interface SearchDocument {
  source: SearchSource;
  sourceId: number;
  title: string;
  /** The page's path, e.g. /docs/billing. */
  href: string;
  /** The page's text as a reader sees it (markdown already stripped). */
  plainText: string;
}

/** The longest text indexed per page; a longer page's tail is not searchable (PostgreSQL's tsvector holds 1 MB). */
export const INDEXED_TEXT_MAX = 200_000;

/**
 * Writes (or rewrites) one page's entry: its title's words weighted A, its
 * text's words B, both segmented by jieba (decision 072).
 */
export async function indexSearchDocument(ctx: Ctx, document: SearchDocument): Promise<void> {
  const plainText = document.plainText.slice(0, INDEXED_TEXT_MAX);
  const words = sql`setweight(to_tsvector('simple', ${segmentedText(document.title)}), 'A') || setweight(to_tsvector('simple', ${segmentedText(plainText)}), 'B')`;
  await ctx.db
    .insert(searchEntries)
    .values({
      source: document.source,
      sourceId: document.sourceId,
      title: document.title,
      href: document.href,
      plainText,
      words,
      updatedAt: ctx.now(),
    })
    .onConflictDoUpdate({
      target: [searchEntries.source, searchEntries.sourceId],
      set: { title: document.title, href: document.href, plainText, words, updatedAt: ctx.now() },
    });
}

/** Removes a page from the index (unpublished or deleted). */
export async function removeSearchDocument(ctx: Ctx, source: SearchSource, sourceId: number): Promise<void> {
  await ctx.db.delete(searchEntries).where(and(eq(searchEntries.source, source), eq(searchEntries.sourceId, sourceId)));
}
