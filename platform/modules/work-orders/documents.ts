import { and, asc, desc, eq, isNull, or, type SQL } from "drizzle-orm";
import { searchEntries } from "../../db/content-schema";
import { workOrderCategories, workOrderDocuments, workOrderQuestions } from "../../db/work-order-schema";
import type { Ctx, Visitor } from "../context";
import { fail } from "../errors";
import { entryMatches, entryRank, queryWords, tsQuery, type MatchMode } from "../search/query";

export interface WorkOrderDocument {
  id: number;
  categoryId: number;
  questionId: number | null;
  title: string;
  content: string;
  position: number;
  updatedAt: Date;
}

export interface DocumentFilter {
  categoryId?: number;
  questionId?: number;
  keyword?: string;
}

/** The most documents one request returns. */
export const DOCUMENTS_MAX = 50;

/** A row of work_order_documents as the module's document. */
export const toDocument = (r: typeof workOrderDocuments.$inferSelect): WorkOrderDocument => ({
  id: r.id,
  categoryId: r.categoryId,
  questionId: r.questionId,
  title: r.title,
  content: r.content,
  position: r.position,
  updatedAt: r.updatedAt,
});

/**
 * The documents matching a keyword through the site search's index (source
 * work_order_doc, decision 074), best first: those with all its words, or
 * when none has them all, those with any. A keyword of punctuation only finds nothing.
 */
async function byKeyword(ctx: Ctx, conditions: (SQL | undefined)[], keyword: string): Promise<WorkOrderDocument[]> {
  const words = queryWords(keyword);
  const modes: MatchMode[] = words.length > 1 ? ["all", "any"] : ["all"];
  for (const mode of words.length > 0 ? modes : []) {
    const query = tsQuery(words, mode);
    const rows = await ctx.db
      .select({ document: workOrderDocuments })
      .from(workOrderDocuments)
      .innerJoin(
        searchEntries,
        and(eq(searchEntries.source, "work_order_doc"), eq(searchEntries.sourceId, workOrderDocuments.id)),
      )
      .where(and(...conditions, entryMatches(query)))
      .orderBy(desc(entryRank(query)), asc(workOrderDocuments.position), asc(workOrderDocuments.id))
      .limit(DOCUMENTS_MAX);
    if (rows.length > 0) return rows.map((r) => toDocument(r.document));
  }
  return [];
}

/**
 * Self-help documents. By question: that question's documents and its
 * category's general ones (question_id null). By category: all of the
 * category's. By keyword: the site search's words in title or content,
 * ranked (case-insensitive; Chinese cut into words).
 * Filters combine; none gives the first DOCUMENTS_MAX of all. An unknown
 * category is refused with 100101, an unknown question with 100111.
 */
export async function listDocuments(ctx: Ctx, _caller: Visitor, filter: DocumentFilter): Promise<WorkOrderDocument[]> {
  const conditions: (SQL | undefined)[] = [];
  if (filter.categoryId !== undefined) {
    const [category] = await ctx.db
      .select({ id: workOrderCategories.id })
      .from(workOrderCategories)
      .where(eq(workOrderCategories.id, filter.categoryId));
    if (!category) fail("WORK_ORDER_CATEGORY_INVALID", "category_id");
    conditions.push(eq(workOrderDocuments.categoryId, filter.categoryId));
  }
  if (filter.questionId !== undefined) {
    const [question] = await ctx.db
      .select({ categoryId: workOrderQuestions.categoryId })
      .from(workOrderQuestions)
      .where(eq(workOrderQuestions.id, filter.questionId));
    if (!question) return fail("WORK_ORDER_QUESTION_INVALID", "question_id");
    conditions.push(
      or(
        eq(workOrderDocuments.questionId, filter.questionId),
        and(isNull(workOrderDocuments.questionId), eq(workOrderDocuments.categoryId, question.categoryId)),
      ),
    );
  }
  const keyword = filter.keyword?.trim();
  if (keyword) return byKeyword(ctx, conditions, keyword);
  const rows = await ctx.db
    .select()
    .from(workOrderDocuments)
    .where(and(...conditions))
    .orderBy(asc(workOrderDocuments.categoryId), asc(workOrderDocuments.position), asc(workOrderDocuments.id))
    .limit(DOCUMENTS_MAX);
  return rows.map(toDocument);
}
