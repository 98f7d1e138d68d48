import { and, asc, eq, ilike, isNull, or, type SQL } from "drizzle-orm";
import { workOrderCategories, workOrderDocuments, workOrderQuestions } from "../../db/work-order-schema";
import type { Ctx, Visitor } from "../context";
import { fail } from "../errors";

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

/** `%`, `_` and `\` in a keyword are matched literally. */
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * Self-help documents. By question: that question's documents and its
 * category's general ones (question_id null). By category: all of the
 * category's. By keyword: title or content contains it (case-insensitive).
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
  if (keyword) {
    const pattern = likePattern(keyword);
    conditions.push(or(ilike(workOrderDocuments.title, pattern), ilike(workOrderDocuments.content, pattern)));
  }
  const rows = await ctx.db
    .select()
    .from(workOrderDocuments)
    .where(and(...conditions))
    .orderBy(asc(workOrderDocuments.categoryId), asc(workOrderDocuments.position), asc(workOrderDocuments.id))
    .limit(DOCUMENTS_MAX);
  return rows.map((r) => ({
    id: r.id,
    categoryId: r.categoryId,
    questionId: r.questionId,
    title: r.title,
    content: r.content,
    position: r.position,
    updatedAt: r.updatedAt,
  }));
}
