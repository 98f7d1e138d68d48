import { asc, desc, eq, type SQL } from "drizzle-orm";
import { subAccounts } from "../../db/schema";
import type { Db } from "../../db/client";
import { workOrderCategories, workOrderQuestions, workOrders } from "../../db/work-order-schema";
import type { WorkOrderSummary } from "./types";

const columns = {
  id: workOrders.id,
  userId: workOrders.userId,
  subAccountId: workOrders.subAccountId,
  subAccountName: subAccounts.name,
  title: workOrders.title,
  status: workOrders.status,
  categoryId: workOrders.categoryId,
  categoryName: workOrderCategories.name,
  questionId: workOrders.questionId,
  questionName: workOrderQuestions.name,
  resourceType: workOrders.resourceType,
  resourceId: workOrders.resourceId,
  assigneeStaffId: workOrders.assigneeStaffId,
  userUnread: workOrders.userUnread,
  staffUnread: workOrders.staffUnread,
  createdAt: workOrders.createdAt,
  updatedAt: workOrders.updatedAt,
  lastStaffReplyAt: workOrders.lastStaffReplyAt,
  lastUserActivityAt: workOrders.lastUserActivityAt,
};

/**
 * Orders matching `where` with their category, question and sub-account
 * names: newest first, or (the desk's queue) longest waiting first.
 */
export async function selectSummaries(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset: number },
  order: "newest" | "longest-waiting" = "newest",
): Promise<WorkOrderSummary[]> {
  const rows = await db
    .select(columns)
    .from(workOrders)
    .innerJoin(workOrderCategories, eq(workOrderCategories.id, workOrders.categoryId))
    .innerJoin(workOrderQuestions, eq(workOrderQuestions.id, workOrders.questionId))
    .leftJoin(subAccounts, eq(subAccounts.id, workOrders.subAccountId))
    .where(where)
    .orderBy(...(order === "newest" ? [desc(workOrders.id)] : [asc(workOrders.lastUserActivityAt), asc(workOrders.id)]))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => ({ ...r, subAccountName: r.subAccountName ?? null }));
}

/** One order's summary (the caller's scope is the caller's business). */
export async function selectSummary(db: Db, orderId: number): Promise<WorkOrderSummary | null> {
  const [row] = await selectSummaries(db, eq(workOrders.id, orderId), { limit: 1, offset: 0 });
  return row ?? null;
}
