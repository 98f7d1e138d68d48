import { eq, sql } from "drizzle-orm";
import { workOrderCategories, workOrderDocuments, workOrderQuestions, workOrders } from "../../db/work-order-schema";
import type { Ctx } from "../context";
import { fail } from "../errors";
import { catalogueName, uniqueName } from "./catalogue-names";
import type { StaffActor } from "./types";

export interface CategoryRecord {
  id: number;
  name: string;
  position: number;
}

/** A catalogue change for the desk's audit: null before a creation, null after a deletion. */
export interface CatalogueChange<T> {
  before: T | null;
  after: T | null;
}

const NAME_MAX = 32;

async function findCategory(ctx: Ctx, id: number): Promise<CategoryRecord> {
  const [row] = await ctx.db
    .select({ id: workOrderCategories.id, name: workOrderCategories.name, position: workOrderCategories.position })
    .from(workOrderCategories)
    .where(eq(workOrderCategories.id, id));
  return row ?? fail("WORK_ORDER_CATEGORY_INVALID", "id");
}

/** A new category; a name that exists is refused (100102). */
export async function createCategory(
  ctx: Ctx,
  _staff: StaffActor,
  input: { name: string; position?: number },
): Promise<CatalogueChange<CategoryRecord>> {
  const name = catalogueName(input.name, NAME_MAX);
  const [row] = await uniqueName("WORK_ORDER_CATEGORY_EXISTS", () =>
    ctx.db
      .insert(workOrderCategories)
      .values({ name, position: input.position ?? 0, createdAt: ctx.now() })
      .returning({
        id: workOrderCategories.id,
        name: workOrderCategories.name,
        position: workOrderCategories.position,
      }),
  );
  return { before: null, after: row! };
}

/** Renames or reorders a category: unknown id 100101, a name another category has 100102. */
export async function updateCategory(
  ctx: Ctx,
  _staff: StaffActor,
  input: { id: number; name?: string; position?: number },
): Promise<CatalogueChange<CategoryRecord>> {
  const before = await findCategory(ctx, input.id);
  const name = input.name === undefined ? before.name : catalogueName(input.name, NAME_MAX);
  const [after] = await uniqueName("WORK_ORDER_CATEGORY_EXISTS", () =>
    ctx.db
      .update(workOrderCategories)
      .set({ name, position: input.position ?? before.position })
      .where(eq(workOrderCategories.id, input.id))
      .returning({
        id: workOrderCategories.id,
        name: workOrderCategories.name,
        position: workOrderCategories.position,
      }),
  );
  return { before, after: after ?? fail("WORK_ORDER_CATEGORY_INVALID", "id") };
}

/**
 * Deletes a category nothing uses: unknown id 100101; one that still has
 * questions, documents or work orders 100103 (delete or move those first).
 * The check and the delete are one statement, so a question added meanwhile
 * cannot be orphaned (the foreign keys refuse it too).
 */
export async function deleteCategory(
  ctx: Ctx,
  _staff: StaffActor,
  input: { id: number },
): Promise<CatalogueChange<CategoryRecord>> {
  const before = await findCategory(ctx, input.id);
  const deleted = await ctx.db
    .delete(workOrderCategories)
    .where(
      sql`${workOrderCategories.id} = ${input.id}
        and not exists (select 1 from ${workOrderQuestions} where ${workOrderQuestions.categoryId} = ${input.id})
        and not exists (select 1 from ${workOrderDocuments} where ${workOrderDocuments.categoryId} = ${input.id})
        and not exists (select 1 from ${workOrders} where ${workOrders.categoryId} = ${input.id})`,
    )
    .returning({ id: workOrderCategories.id });
  if (deleted.length === 0) return fail("WORK_ORDER_CATEGORY_IN_USE", "id");
  return { before, after: null };
}
