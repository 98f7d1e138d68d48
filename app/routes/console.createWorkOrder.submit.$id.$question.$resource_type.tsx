import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Panel, Row } from "~/components/ui/layout";
import { markdownEditorLinks } from "~/components/markdown-editor/MarkdownEditor";
import { WorkOrderForm } from "~/components/work-orders/WorkOrderForm";
import { selectQuestionPath, submitWorkOrderPath } from "~/utils/console-paths";
import { submitWorkOrderAction, submitWorkOrderLoader } from "~/utils/work-order-submit.server";

export const meta: MetaFunction = () => [{ title: "填写工单 · 算力云" }];
export const links = markdownEditorLinks;

export function loader({ request, params }: LoaderFunctionArgs) {
  return submitWorkOrderLoader(request, params);
}

export function action({ request, params }: ActionFunctionArgs) {
  return submitWorkOrderAction(request, params);
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
