import type { Db } from "../../platform/db/client";
import {
  workOrderCategories,
  workOrderQuestions,
  workOrders,
  type WorkOrderStatus,
} from "../../platform/db/work-order-schema";

let counter = 0;

/** A category with one question about the account, named so no other test's collide. */
export async function insertCategory(db: Db, name = `分类${Date.now()}-${++counter}`) {
  const [category] = await db.insert(workOrderCategories).values({ name }).returning();
  const [question] = await db
    .insert(workOrderQuestions)
    .values({ categoryId: category!.id, name: `问题${++counter}`, resourceTypes: ["account"] })
    .returning();
  return { category: category!, question: question! };
}

/** A work order row as a user's submission leaves it (tests of the desk, before any staff action). */
export async function insertWorkOrder(
  db: Db,
  input: {
    userId: number;
    categoryId: number;
    questionId: number;
    title?: string;
    status?: WorkOrderStatus;
    at?: Date;
    assigneeStaffId?: number | null;
  },
) {
  const at = input.at ?? new Date();
  const status = input.status ?? "new";
  const ended = status === "resolved" || status === "closed" || status === "revoked";
  const [order] = await db
    .insert(workOrders)
    .values({
      userId: input.userId,
      categoryId: input.categoryId,
      questionId: input.questionId,
      resourceType: "account",
      resourceId: String(input.userId),
      title: input.title ?? "无法登录控制台",
      body: "登录后页面空白，请帮忙看看。",
      contactPhone: "13800000000",
      status,
      assigneeStaffId: input.assigneeStaffId ?? null,
      createdAt: at,
      updatedAt: at,
      lastUserActivityAt: at,
      endedAt: ended ? at : null,
    })
    .returning();
  return order!;
}
