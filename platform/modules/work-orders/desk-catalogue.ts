import { asc } from "drizzle-orm";
import {
  workOrderCategories,
  workOrderDocuments,
  workOrderQuestions,
  type WorkOrderResourceType,
} from "../../db/work-order-schema";
import type { Ctx } from "../context";
import type { StaffCaller } from "../staff/caller";

export interface DeskCatalogue {
  categories: {
    id: number;
    name: string;
    questions: { id: number; categoryId: number; name: string; resourceTypes: WorkOrderResourceType[] }[];
  }[];
  documents: {
    id: number;
    categoryId: number;
    questionId: number | null;
    title: string;
    content: string;
    updatedAt: Date;
  }[];
}

/** The whole catalogue in display order, for the desk's filters and its management pages. */
export async function deskCatalogue(ctx: Ctx, _staff: StaffCaller): Promise<DeskCatalogue> {
  const [categories, questions, documents] = await Promise.all([
    ctx.db
      .select({ id: workOrderCategories.id, name: workOrderCategories.name })
      .from(workOrderCategories)
      .orderBy(asc(workOrderCategories.position), asc(workOrderCategories.id)),
    ctx.db
      .select({
        id: workOrderQuestions.id,
        categoryId: workOrderQuestions.categoryId,
        name: workOrderQuestions.name,
        resourceTypes: workOrderQuestions.resourceTypes,
      })
      .from(workOrderQuestions)
      .orderBy(asc(workOrderQuestions.position), asc(workOrderQuestions.id)),
    ctx.db
      .select({
        id: workOrderDocuments.id,
        categoryId: workOrderDocuments.categoryId,
        questionId: workOrderDocuments.questionId,
        title: workOrderDocuments.title,
        content: workOrderDocuments.content,
        updatedAt: workOrderDocuments.updatedAt,
      })
      .from(workOrderDocuments)
      .orderBy(asc(workOrderDocuments.position), asc(workOrderDocuments.id)),
  ]);
  return {
    categories: categories.map((c) => ({
      ...c,
      questions: questions
        .filter((q) => q.categoryId === c.id)
        .map((q) => ({ ...q, resourceTypes: q.resourceTypes as WorkOrderResourceType[] })),
    })),
    documents,
  };
}
