import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inTransaction } from "../../db/tx";
import {
  WORK_ORDER_RESOURCE_TYPES,
  workOrderCategories,
  workOrderDocuments,
  workOrderQuestions,
  workOrders,
  type WorkOrderResourceType,
} from "../../db/work-order-schema";
import type { Ctx } from "../context";
import { fail } from "../errors";
import { recordStaffAudit } from "../staff/audit";
import { isLead, type StaffCaller } from "../staff/caller";

/*
 * The catalogue's management from the desk (issue 11 §5), leads only, each
 * change audited in its transaction. The refusals are the spec's codes:
 * 100101 unknown category, 100102 category name taken, 100103 category in use,
 * 100111 unknown question, 100112 question name taken in its category,
 * 100203 question in use, 100301 unknown document. "In use": a work order
 * refers to it. Deleting a category or question not in use removes its
 * questions and documents with it.
 */

type Edit<T> = (tx: Db, now: Date) => Promise<{ result: T; targetId: number; before: unknown; after: unknown }>;

async function edit<T>(ctx: Ctx, staff: StaffCaller, action: string, targetType: string, run: Edit<T>): Promise<T> {
  if (!isLead(staff)) fail("PERMISSION_DENIED", undefined, "只有组长可以管理分类、问题和文档");
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const done = await run(tx, now);
    await recordStaffAudit(tx, staff, now, {
      action,
      targetType,
      targetId: done.targetId,
      before: done.before,
      after: done.after,
    });
    return done.result;
  });
}

const cleanName = (name: string) => name.trim();

async function lockCategory(tx: Db, id: number) {
  const [row] = await tx.select().from(workOrderCategories).where(eq(workOrderCategories.id, id)).for("update");
  return row ?? fail("WORK_ORDER_CATEGORY_INVALID", "category_id");
}

async function lockQuestion(tx: Db, id: number) {
  const [row] = await tx.select().from(workOrderQuestions).where(eq(workOrderQuestions.id, id)).for("update");
  return row ?? fail("WORK_ORDER_QUESTION_INVALID", "question_id");
}

async function inUse(tx: Db, where: ReturnType<typeof eq>): Promise<boolean> {
  const [row] = await tx.select({ id: workOrders.id }).from(workOrders).where(where).limit(1);
  return row !== undefined;
}

export function createCategory(ctx: Ctx, staff: StaffCaller, input: { name: string }): Promise<{ id: number }> {
  return edit(ctx, staff, "category.create", "work_order_category", async (tx, now) => {
    const name = cleanName(input.name);
    const [{ next } = { next: 0 }] = await tx
      .select({ next: sql<number>`coalesce(max(${workOrderCategories.position}), 0) + 1`.mapWith(Number) })
      .from(workOrderCategories);
    const [row] = await tx
      .insert(workOrderCategories)
      .values({ name, position: next, createdAt: now })
      .onConflictDoNothing({ target: workOrderCategories.name })
      .returning();
    if (!row) return fail("WORK_ORDER_CATEGORY_EXISTS", "name");
    return { result: { id: row.id }, targetId: row.id, before: null, after: { name: row.name } };
  });
}

export function renameCategory(ctx: Ctx, staff: StaffCaller, input: { id: number; name: string }) {
  return edit(ctx, staff, "category.rename", "work_order_category", async (tx) => {
    const before = await lockCategory(tx, input.id);
    const name = cleanName(input.name);
    const [taken] = await tx
      .select({ id: workOrderCategories.id })
      .from(workOrderCategories)
      .where(and(eq(workOrderCategories.name, name), ne(workOrderCategories.id, input.id)));
    if (taken) fail("WORK_ORDER_CATEGORY_EXISTS", "name");
    await tx.update(workOrderCategories).set({ name }).where(eq(workOrderCategories.id, input.id));
    return { result: { id: input.id }, targetId: input.id, before: { name: before.name }, after: { name } };
  });
}

export function deleteCategory(ctx: Ctx, staff: StaffCaller, input: { id: number }) {
  return edit(ctx, staff, "category.delete", "work_order_category", async (tx) => {
    const before = await lockCategory(tx, input.id);
    if (await inUse(tx, eq(workOrders.categoryId, input.id))) fail("WORK_ORDER_CATEGORY_IN_USE", "category_id");
    const documents = await tx
      .delete(workOrderDocuments)
      .where(eq(workOrderDocuments.categoryId, input.id))
      .returning({ id: workOrderDocuments.id });
    const questions = await tx
      .delete(workOrderQuestions)
      .where(eq(workOrderQuestions.categoryId, input.id))
      .returning({ id: workOrderQuestions.id, name: workOrderQuestions.name });
    await tx.delete(workOrderCategories).where(eq(workOrderCategories.id, input.id));
    return {
      result: { id: input.id },
      targetId: input.id,
      before: { name: before.name, questions, documentIds: documents.map((d) => d.id) },
      after: null,
    };
  });
}

function resourceTypes(values: string[]): WorkOrderResourceType[] {
  const known = values.filter((v): v is WorkOrderResourceType =>
    (WORK_ORDER_RESOURCE_TYPES as readonly string[]).includes(v),
  );
  if (known.length === 0 || known.length !== values.length)
    fail("BAD_REQUEST", "resource_types", "请选择问题适用的资源类型");
  return [...new Set(known)];
}

export function createQuestion(
  ctx: Ctx,
  staff: StaffCaller,
  input: { categoryId: number; name: string; resourceTypes: string[] },
): Promise<{ id: number }> {
  return edit(ctx, staff, "question.create", "work_order_question", async (tx, now) => {
    await lockCategory(tx, input.categoryId);
    const name = cleanName(input.name);
    const types = resourceTypes(input.resourceTypes);
    const [{ next } = { next: 0 }] = await tx
      .select({ next: sql<number>`coalesce(max(${workOrderQuestions.position}), 0) + 1`.mapWith(Number) })
      .from(workOrderQuestions)
      .where(eq(workOrderQuestions.categoryId, input.categoryId));
    const [row] = await tx
      .insert(workOrderQuestions)
      .values({ categoryId: input.categoryId, name, position: next, resourceTypes: types, createdAt: now })
      .onConflictDoNothing({ target: [workOrderQuestions.categoryId, workOrderQuestions.name] })
      .returning();
    if (!row) return fail("WORK_ORDER_QUESTION_EXISTS", "name");
    return {
      result: { id: row.id },
      targetId: row.id,
      before: null,
      after: { categoryId: row.categoryId, name: row.name, resourceTypes: types },
    };
  });
}

export function renameQuestion(ctx: Ctx, staff: StaffCaller, input: { id: number; name: string }) {
  return edit(ctx, staff, "question.rename", "work_order_question", async (tx) => {
    const before = await lockQuestion(tx, input.id);
    const name = cleanName(input.name);
    const [taken] = await tx
      .select({ id: workOrderQuestions.id })
      .from(workOrderQuestions)
      .where(
        and(
          eq(workOrderQuestions.categoryId, before.categoryId),
          eq(workOrderQuestions.name, name),
          ne(workOrderQuestions.id, input.id),
        ),
      );
    if (taken) fail("WORK_ORDER_QUESTION_EXISTS", "name");
    await tx.update(workOrderQuestions).set({ name }).where(eq(workOrderQuestions.id, input.id));
    return { result: { id: input.id }, targetId: input.id, before: { name: before.name }, after: { name } };
  });
}

export function deleteQuestion(ctx: Ctx, staff: StaffCaller, input: { id: number }) {
  return edit(ctx, staff, "question.delete", "work_order_question", async (tx) => {
    const before = await lockQuestion(tx, input.id);
    if (await inUse(tx, eq(workOrders.questionId, input.id))) fail("WORK_ORDER_QUESTION_IN_USE", "question_id");
    const documents = await tx
      .delete(workOrderDocuments)
      .where(eq(workOrderDocuments.questionId, input.id))
      .returning({ id: workOrderDocuments.id });
    await tx.delete(workOrderQuestions).where(eq(workOrderQuestions.id, input.id));
    return {
      result: { id: input.id },
      targetId: input.id,
      before: { categoryId: before.categoryId, name: before.name, documentIds: documents.map((d) => d.id) },
      after: null,
    };
  });
}

export interface DocumentInput {
  categoryId: number;
  questionId: number | null;
  title: string;
  content: string;
}

/** The category must exist, and the question, when named, must be one of its questions. */
async function checkDocumentPlace(tx: Db, input: DocumentInput): Promise<void> {
  await lockCategory(tx, input.categoryId);
  if (input.questionId !== null) {
    const question = await lockQuestion(tx, input.questionId);
    if (question.categoryId !== input.categoryId) fail("WORK_ORDER_QUESTION_INVALID", "question_id");
  }
}

export function createDocument(ctx: Ctx, staff: StaffCaller, input: DocumentInput): Promise<{ id: number }> {
  return edit(ctx, staff, "document.create", "work_order_document", async (tx, now) => {
    await checkDocumentPlace(tx, input);
    const [row] = await tx
      .insert(workOrderDocuments)
      .values({ ...input, title: input.title.trim(), createdAt: now, updatedAt: now })
      .returning();
    return {
      result: { id: row!.id },
      targetId: row!.id,
      before: null,
      after: { categoryId: row!.categoryId, questionId: row!.questionId, title: row!.title },
    };
  });
}

export function updateDocument(ctx: Ctx, staff: StaffCaller, input: DocumentInput & { id: number }) {
  return edit(ctx, staff, "document.update", "work_order_document", async (tx, now) => {
    const [before] = await tx
      .select()
      .from(workOrderDocuments)
      .where(eq(workOrderDocuments.id, input.id))
      .for("update");
    if (!before) return fail("WORK_ORDER_DOCUMENT_INVALID", "id");
    await checkDocumentPlace(tx, input);
    const title = input.title.trim();
    await tx
      .update(workOrderDocuments)
      .set({
        categoryId: input.categoryId,
        questionId: input.questionId,
        title,
        content: input.content,
        updatedAt: now,
      })
      .where(eq(workOrderDocuments.id, input.id));
    const shape = (d: { categoryId: number; questionId: number | null; title: string; content: string }) => ({
      categoryId: d.categoryId,
      questionId: d.questionId,
      title: d.title,
      contentLength: d.content.length,
    });
    return { result: { id: input.id }, targetId: input.id, before: shape(before), after: shape({ ...input, title }) };
  });
}

export function deleteDocument(ctx: Ctx, staff: StaffCaller, input: { id: number }) {
  return edit(ctx, staff, "document.delete", "work_order_document", async (tx) => {
    const [row] = await tx.delete(workOrderDocuments).where(eq(workOrderDocuments.id, input.id)).returning();
    if (!row) return fail("WORK_ORDER_DOCUMENT_INVALID", "id");
    return {
      result: { id: input.id },
      targetId: input.id,
      before: { categoryId: row.categoryId, questionId: row.questionId, title: row.title },
      after: null,
    };
  });
}
