import { eq } from "drizzle-orm";
import { workOrderCategories, workOrderDocuments, workOrderQuestions } from "../../db/work-order-schema";
import type { Ctx, Visitor } from "../context";
import { fail } from "../errors";
import type { CatalogueChange } from "./catalogue-categories";
import { toDocument, type WorkOrderDocument } from "./documents";
import type { StaffActor } from "./types";

const TITLE_MAX = 100;
const CONTENT_MAX = 50_000;

/** One document by id: unknown 100301. */
export async function getDocument(
  ctx: Ctx,
  _caller: Visitor | StaffActor,
  input: { id: number },
): Promise<WorkOrderDocument> {
  const [row] = await ctx.db.select().from(workOrderDocuments).where(eq(workOrderDocuments.id, input.id));
  return row ? toDocument(row) : fail("WORK_ORDER_DOCUMENT_INVALID", "id");
}

function checkText(title: string, content: string): { title: string; content: string } {
  const t = title.trim();
  if (t.length < 1 || t.length > TITLE_MAX) return fail("BAD_REQUEST", "title", `标题需为1-${TITLE_MAX}个字`);
  if (content.trim().length < 1 || content.length > CONTENT_MAX)
    return fail("BAD_REQUEST", "content", `正文需为1-${CONTENT_MAX}个字`);
  return { title: t, content };
}

/** The category must exist (100101); the question, when given, must exist in it (100111). */
async function checkPlace(ctx: Ctx, categoryId: number, questionId: number | null): Promise<void> {
  const [category] = await ctx.db
    .select({ id: workOrderCategories.id })
    .from(workOrderCategories)
    .where(eq(workOrderCategories.id, categoryId));
  if (!category) fail("WORK_ORDER_CATEGORY_INVALID", "category_id");
  if (questionId === null) return;
  const [question] = await ctx.db
    .select({ categoryId: workOrderQuestions.categoryId })
    .from(workOrderQuestions)
    .where(eq(workOrderQuestions.id, questionId));
  if (!question || question.categoryId !== categoryId) fail("WORK_ORDER_QUESTION_INVALID", "question_id");
}

export interface DocumentInput {
  categoryId: number;
  questionId: number | null;
  title: string;
  content: string;
  position?: number;
}

/** A new self-help document (markdown) for a category or one of its questions. */
export async function createDocument(
  ctx: Ctx,
  _staff: StaffActor,
  input: DocumentInput,
): Promise<CatalogueChange<WorkOrderDocument>> {
  const text = checkText(input.title, input.content);
  await checkPlace(ctx, input.categoryId, input.questionId);
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(workOrderDocuments)
    .values({
      ...text,
      categoryId: input.categoryId,
      questionId: input.questionId,
      position: input.position ?? 0,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return { before: null, after: toDocument(row!) };
}

/** Edits a document: unknown 100301, and the same checks as creation. */
export async function updateDocument(
  ctx: Ctx,
  staff: StaffActor,
  input: { id: number } & Partial<DocumentInput>,
): Promise<CatalogueChange<WorkOrderDocument>> {
  const before = await getDocument(ctx, staff, { id: input.id });
  const categoryId = input.categoryId ?? before.categoryId;
  const questionId = input.questionId === undefined ? before.questionId : input.questionId;
  const text = checkText(input.title ?? before.title, input.content ?? before.content);
  await checkPlace(ctx, categoryId, questionId);
  const [row] = await ctx.db
    .update(workOrderDocuments)
    .set({ ...text, categoryId, questionId, position: input.position ?? before.position, updatedAt: ctx.now() })
    .where(eq(workOrderDocuments.id, input.id))
    .returning();
  return { before, after: row ? toDocument(row) : fail("WORK_ORDER_DOCUMENT_INVALID", "id") };
}

/** Deletes a document: unknown 100301. */
export async function deleteDocument(
  ctx: Ctx,
  staff: StaffActor,
  input: { id: number },
): Promise<CatalogueChange<WorkOrderDocument>> {
  const before = await getDocument(ctx, staff, { id: input.id });
  const deleted = await ctx.db
    .delete(workOrderDocuments)
    .where(eq(workOrderDocuments.id, input.id))
    .returning({ id: workOrderDocuments.id });
  if (deleted.length === 0) return fail("WORK_ORDER_DOCUMENT_INVALID", "id");
  return { before, after: null };
}
