import type { Params } from "@remix-run/react";
import {
  createWorkOrder,
  getWorkOrderCategories,
  WORK_ORDER_RESOURCE_LABELS,
  type WorkOrderResourceTypeWire,
} from "~/upstream/work-orders.server";
import { formAction } from "./action.server";
import { myWorkOrderDetailPath } from "./console-paths";
import { requireUser } from "./session.server";
import { redirectWithToast } from "./toast.server";
import { loadPage } from "./upstream-errors.server";
import { workOrderAttachmentIds } from "./work-order-attachments.server";
import { ATTACHMENT_LIMITS, readWorkOrderForm, WorkOrderFormSchema } from "./work-order-form.server";
import { workOrderResourceOptions } from "./work-order-resources.server";
import { draftOwner, idParam, workOrderCaller } from "./work-order-view.server";

/**
 * The work-order form's server side (app/routes/console.createWorkOrder.submit.$id.$question.$resource_type.tsx):
 * the route imports its server code from this module only, so its browser bundle has one empty stand-in.
 */

const NOT_FOUND = "工单问题不存在";

function pathParams(params: Params) {
  const resourceType = params.resource_type ?? "";
  if (!Object.hasOwn(WORK_ORDER_RESOURCE_LABELS, resourceType)) throw new Response(NOT_FOUND, { status: 404 });
  return {
    categoryId: idParam(params.id, NOT_FOUND),
    questionId: idParam(params.question, NOT_FOUND),
    resourceType: resourceType as WorkOrderResourceTypeWire,
  };
}

/** The category and question of the path, when the question belongs to the category and applies to the resource type. */
async function questionOf(token: string, request: Request, params: Params) {
  const { categoryId, questionId, resourceType } = pathParams(params);
  const { list } = await getWorkOrderCategories(workOrderCaller(request, token));
  const category = list.find((c) => c.id === categoryId);
  const question = category?.questions.find((q) => q.id === questionId);
  if (!category || !question || !question.resource_types.includes(resourceType))
    throw new Response(NOT_FOUND, { status: 404 });
  return { category, question, resourceType };
}

/** The form's loader: the question of the path, the resource choices, the contact phone and the draft's key. */
export async function submitWorkOrderLoader(request: Request, params: Params) {
  return loadPage(request, async () => {
    const { token, user } = await requireUser(request);
    const { category, question, resourceType } = await questionOf(token, request, params);
    return {
      category: { id: category.id, name: category.name },
      question: { id: question.id, name: question.name },
      resourceType,
      resourceTypeLabel: WORK_ORDER_RESOURCE_LABELS[resourceType],
      resources: await workOrderResourceOptions(resourceType, token, user),
      // A sub-account's Phone is its main account's, masked: nothing to prefill.
      contactPhone: user.SubAccount ? "" : user.Phone,
      attachmentLimits: ATTACHMENT_LIMITS,
      draftKey: `work-order-submit:${draftOwner(user)}:${category.id}:${question.id}:${resourceType}`,
    };
  });
}

/** Submits the work order (with its attachments) and goes to it. */
export async function submitWorkOrderAction(request: Request, params: Params) {
  return formAction(request, {
    guard: requireUser,
    read: readWorkOrderForm,
    keepFields: ["body", "title"],
    fieldAliases: { content: "body", attachment_ids: "files", file: "files" },
    intents: (intent) => ({
      submit: intent(WorkOrderFormSchema, async (input, { request, form, guard }) => {
        const { category, question, resourceType } = await questionOf(guard.token, request, params);
        const caller = workOrderCaller(request, guard.token);
        const attachmentIds = await workOrderAttachmentIds(caller, form);
        const created = await createWorkOrder(caller, {
          category_id: category.id,
          question_id: question.id,
          resource_type: resourceType,
          resource_id: input.resource_id,
          title: input.title,
          content: input.body,
          contact_phone: input.contact_phone,
          attachment_ids: attachmentIds,
        });
        return redirectWithToast(myWorkOrderDetailPath(created.id), { type: "success", message: "工单已提交" });
      }),
    }),
  });
}
