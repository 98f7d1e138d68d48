import { asc } from "drizzle-orm";
import { workOrderCategories, workOrderQuestions } from "../../db/work-order-schema";
import type { Ctx, Visitor } from "../context";
import type { WorkOrderResourceType } from "./types";

export interface WorkOrderQuestion {
  id: number;
  categoryId: number;
  name: string;
  position: number;
  resourceTypes: WorkOrderResourceType[];
}

export interface WorkOrderCategory {
  id: number;
  name: string;
  position: number;
  questions: WorkOrderQuestion[];
}

/** Every category with its questions, both by position then id (two queries, whatever the size). */
export async function listCategories(ctx: Ctx, _caller: Visitor): Promise<WorkOrderCategory[]> {
  const [categories, questions] = await Promise.all([
    ctx.db.select().from(workOrderCategories).orderBy(asc(workOrderCategories.position), asc(workOrderCategories.id)),
    ctx.db.select().from(workOrderQuestions).orderBy(asc(workOrderQuestions.position), asc(workOrderQuestions.id)),
  ]);
  const byCategory = new Map<number, WorkOrderQuestion[]>();
  for (const q of questions) {
    const list = byCategory.get(q.categoryId) ?? [];
    list.push({
      id: q.id,
      categoryId: q.categoryId,
      name: q.name,
      position: q.position,
      resourceTypes: q.resourceTypes as WorkOrderResourceType[],
    });
    byCategory.set(q.categoryId, list);
  }
  return categories.map((c) => ({
    id: c.id,
    name: c.name,
    position: c.position,
    questions: byCategory.get(c.id) ?? [],
  }));
}
