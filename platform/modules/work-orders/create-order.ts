import { eq } from "drizzle-orm";
import { inTransaction } from "../../db/tx";
import { workOrderEvents, workOrderQuestions, workOrders, workOrderSubscriptions } from "../../db/work-order-schema";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { attachFiles } from "./attach-files";
import { userActor } from "./events";
import type { WorkOrderResourceType, WorkOrderStatus } from "./types";
import { ownsResource } from "./resources";

export interface CreateOrderInput {
  categoryId: number;
  questionId: number;
  resourceType: WorkOrderResourceType;
  resourceId: string;
  title: string;
  body: string;
  contactPhone: string;
  attachmentIds: number[];
}

/**
 * Files a work order (待处理): the question must belong to the category and
 * apply to the resource type, the resource must be the caller's, and the
 * attachments the caller's own unattached uploads. The thread starts with a
 * state change (none → new) by the caller; the body is the order's own
 * content, not a comment. A site-message subscription is on by default.
 */
export async function createOrder(
  ctx: Ctx,
  caller: Caller,
  input: CreateOrderInput,
): Promise<{ id: number; status: WorkOrderStatus; eventId: number }> {
  const now = ctx.now();
  return inTransaction(ctx.db, async (tx) => {
    const [question] = await tx.select().from(workOrderQuestions).where(eq(workOrderQuestions.id, input.questionId));
    if (!question) return fail("WORK_ORDER_QUESTION_INVALID", "question_id");
    if (question.categoryId !== input.categoryId) {
      return fail("WORK_ORDER_CATEGORY_INVALID", "category_id", "所选问题不属于该分类");
    }
    if (!question.resourceTypes.includes(input.resourceType))
      return fail("WORK_ORDER_RESOURCE_TYPE_INVALID", "resource_type");
    if (!(await ownsResource(tx, caller, input.resourceType, input.resourceId)))
      return fail("WORK_ORDER_RESOURCE_INVALID", "resource_id");
    const [order] = await tx
      .insert(workOrders)
      .values({
        userId: caller.userId,
        subAccountId: caller.subAccountId,
        categoryId: input.categoryId,
        questionId: input.questionId,
        resourceType: input.resourceType,
        resourceId: input.resourceId,
        title: input.title,
        body: input.body,
        contactPhone: input.contactPhone,
        status: "new",
        createdAt: now,
        updatedAt: now,
        lastUserActivityAt: now,
      })
      .returning({ id: workOrders.id });
    const orderId = order!.id;
    const actor = userActor(caller);
    const [event] = await tx
      .insert(workOrderEvents)
      .values({
        orderId,
        kind: "state_change",
        authorKind: "user",
        authorId: caller.userId,
        authorSubAccountId: caller.subAccountId,
        fromStatus: null,
        toStatus: "new",
        createdAt: now,
      })
      .returning({ id: workOrderEvents.id });
    const eventId = event!.id;
    await attachFiles(tx, { orderId, fileIds: input.attachmentIds, actor, at: now });
    await tx.insert(workOrderSubscriptions).values({ orderId, channel: "site", address: null, createdAt: now });
    return { id: orderId, status: "new" as const, eventId };
  });
}
