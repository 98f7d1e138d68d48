import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Panel, Row } from "~/components/ui/layout";
import { markdownEditorLinks } from "~/components/markdown-editor/MarkdownEditor";
import { WorkOrderForm } from "~/components/work-orders/WorkOrderForm";
import {
  createWorkOrder,
  getWorkOrderCategories,
  WORK_ORDER_RESOURCE_LABELS,
  type WorkOrderResourceTypeWire,
} from "~/upstream/work-orders.server";
import { formAction } from "~/utils/action.server";
import { myWorkOrderDetailPath, selectQuestionPath, submitWorkOrderPath } from "~/utils/paths";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { workOrderAttachmentIds } from "~/utils/work-order-attachments.server";
import { ATTACHMENT_LIMITS, readWorkOrderForm, WorkOrderFormSchema } from "~/utils/work-order-form.server";
import { workOrderResourceOptions } from "~/utils/work-order-resources.server";
import { draftOwner, idParam, workOrderCaller } from "~/utils/work-order-view.server";

export const meta: MetaFunction = () => [{ title: "填写工单 · 算力云" }];
export const links = markdownEditorLinks;

const NOT_FOUND = "工单问题不存在";

function pathParams(params: LoaderFunctionArgs["params"]) {
  const resourceType = params.resource_type ?? "";
  if (!Object.hasOwn(WORK_ORDER_RESOURCE_LABELS, resourceType)) throw new Response(NOT_FOUND, { status: 404 });
  return {
    categoryId: idParam(params.id, NOT_FOUND),
    questionId: idParam(params.question, NOT_FOUND),
    resourceType: resourceType as WorkOrderResourceTypeWire,
  };
}

/** The category and question of the path, when the question belongs to the category and applies to the resource type. */
async function questionOf(token: string, request: Request, params: LoaderFunctionArgs["params"]) {
  const { categoryId, questionId, resourceType } = pathParams(params);
  const { list } = await getWorkOrderCategories(workOrderCaller(request, token));
  const category = list.find((c) => c.id === categoryId);
  const question = category?.questions.find((q) => q.id === questionId);
  if (!category || !question || !question.resource_types.includes(resourceType))
    throw new Response(NOT_FOUND, { status: 404 });
  return { category, question, resourceType };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
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

export async function action({ request, params }: ActionFunctionArgs) {
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

export default function SubmitWorkOrderPage() {
  const { category, question, resourceType, resourceTypeLabel, resources, contactPhone, attachmentLimits, draftKey } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <h1>填写工单</h1>
      <Panel>
        <Row>
          <span>
            问题分类：{category.name} / {question.name}
          </span>
          <Link to={selectQuestionPath(question.id)}>重新选择</Link>
        </Row>
      </Panel>
      <Panel>
        <WorkOrderForm
          action={submitWorkOrderPath(category.id, question.id, resourceType)}
          resourceTypeLabel={resourceTypeLabel}
          resources={resources}
          contactPhone={contactPhone}
          limits={attachmentLimits}
          draftKey={draftKey}
          result={result}
        />
      </Panel>
    </>
  );
}
