import { eq, sql } from "drizzle-orm";
import {
  WORK_ORDER_RESOURCE_TYPES,
  workOrderCategories,
  workOrderDocuments,
  workOrderQuestions,
  workOrders,
} from "../../db/work-order-schema";
import type { Ctx } from "../context";
import { fail } from "../errors";
import type { CatalogueChange } from "./catalogue-categories";
import { catalogueName, uniqueName } from "./catalogue-names";
import type { StaffActor, WorkOrderResourceType } from "./types";

export interface QuestionRecord {
  id: number;
  categoryId: number;
  name: string;
  position: number;
  resourceTypes: WorkOrderResourceType[];
}

const NAME_MAX = 64;

const columns = {
  id: workOrderQuestions.id,
  categoryId: workOrderQuestions.categoryId,
  name: workOrderQuestions.name,
  position: workOrderQuestions.position,
  resourceTypes: workOrderQuestions.resourceTypes,
};

const asRecord = (row: Omit<QuestionRecord, "resourceTypes"> & { resourceTypes: string[] }): QuestionRecord => ({
  ...row,
  resourceTypes: row.resourceTypes as WorkOrderResourceType[],
});

/** At least one known resource type, each once. */
function resourceTypes(values: string[]): WorkOrderResourceType[] {
  const unique = [...new Set(values)];
  if (unique.length === 0 || !unique.every((v) => (WORK_ORDER_RESOURCE_TYPES as readonly string[]).includes(v)))
    return fail("BAD_REQUEST", "resource_types", "请选择适用的资源类型（账户、实例、订单）");
  return unique as WorkOrderResourceType[];
}

async function requireCategory(ctx: Ctx, id: number): Promise<void> {
  const [row] = await ctx.db
    .select({ id: workOrderCategories.id })
    .from(workOrderCategories)
    .where(eq(workOrderCategories.id, id));
  if (!row) fail("WORK_ORDER_CATEGORY_INVALID", "category_id");
}

async function findQuestion(ctx: Ctx, id: number): Promise<QuestionRecord> {
  const [row] = await ctx.db.select(columns).from(workOrderQuestions).where(eq(workOrderQuestions.id, id));
  return row ? asRecord(row) : fail("WORK_ORDER_QUESTION_INVALID", "id");
}

/** A new question in a category: unknown category 100101, a name the category has 100112. */
export async function createQuestion(
  ctx: Ctx,
  _staff: StaffActor,
  input: { categoryId: number; name: string; resourceTypes: string[]; position?: number },
): Promise<CatalogueChange<QuestionRecord>> {
  const name = catalogueName(input.name, NAME_MAX);
  const types = resourceTypes(input.resourceTypes);
  await requireCategory(ctx, input.categoryId);
  const [row] = await uniqueName("WORK_ORDER_QUESTION_EXISTS", () =>
    ctx.db
      .insert(workOrderQuestions)
      .values({
        categoryId: input.categoryId,
        name,
        resourceTypes: types,
        position: input.position ?? 0,
        createdAt: ctx.now(),
      })
      .returning(columns),
  );
  return { before: null, after: asRecord(row!) };
}

/**
 * Renames, retypes, reorders or moves a question: unknown question 100111,
 * unknown target category 100101, a name the category has 100112.
 */
export async function updateQuestion(
  ctx: Ctx,
  _staff: StaffActor,
  input: { id: number; categoryId?: number; name?: string; resourceTypes?: string[]; position?: number },
): Promise<CatalogueChange<QuestionRecord>> {
  const before = await findQuestion(ctx, input.id);
  const categoryId = input.categoryId ?? before.categoryId;
  if (categoryId !== before.categoryId) await requireCategory(ctx, categoryId);
  const name = input.name === undefined ? before.name : catalogueName(input.name, NAME_MAX);
  const types = input.resourceTypes === undefined ? before.resourceTypes : resourceTypes(input.resourceTypes);
  const [after] = await uniqueName("WORK_ORDER_QUESTION_EXISTS", () =>
    ctx.db
      .update(workOrderQuestions)
      .set({ categoryId, name, resourceTypes: types, position: input.position ?? before.position })
      .where(eq(workOrderQuestions.id, input.id))
      .returning(columns),
  );
  return { before, after: after ? asRecord(after) : fail("WORK_ORDER_QUESTION_INVALID", "id") };
}

/** Deletes a question nothing uses: unknown 100111; with work orders or documents 100203. */
export async function deleteQuestion(
  ctx: Ctx,
  _staff: StaffActor,
  input: { id: number },
): Promise<CatalogueChange<QuestionRecord>> {
  const before = await findQuestion(ctx, input.id);
  const deleted = await ctx.db
    .delete(workOrderQuestions)
    .where(
      sql`${workOrderQuestions.id} = ${input.id}
        and not exists (select 1 from ${workOrders} where ${workOrders.questionId} = ${input.id})
        and not exists (select 1 from ${workOrderDocuments} where ${workOrderDocuments.questionId} = ${input.id})`,
    )
    .returning({ id: workOrderQuestions.id });
  if (deleted.length === 0) return fail("WORK_ORDER_QUESTION_IN_USE", "id");
  return { before, after: null };
}
