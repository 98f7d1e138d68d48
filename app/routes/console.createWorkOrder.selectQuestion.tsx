import markdownStyles from "@uiw/react-markdown-preview/markdown.css";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { QuestionPicker } from "~/components/work-orders/QuestionPicker";
import { SelfHelpDocuments } from "~/components/work-orders/SelfHelpDocuments";
import {
  getWorkOrderCategories,
  getWorkOrderDocuments,
  WORK_ORDER_LIMITS,
  WORK_ORDER_RESOURCE_LABELS,
} from "~/upstream/work-orders.server";
import { submitWorkOrderPath } from "~/utils/console-paths";
import { renderMarkdown } from "~/utils/markdown.server";
import { requireUser } from "~/utils/session.server";
import { loadPage } from "~/utils/upstream-errors.server";
import { workOrderCaller } from "~/utils/work-order-view.server";

export const meta: MetaFunction = () => [{ title: "提交工单 · 算力云" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: markdownStyles }];

/** The categories and their questions; the selected question's (or a keyword's) self-help documents beside them. */
export async function loader({ request }: LoaderFunctionArgs) {
  // Built here: the contract's values reach the server bundle only.
  const Query = z.object({
    question: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
    keyword: z.string().trim().max(WORK_ORDER_LIMITS.keywordMax).optional().catch(undefined),
  });
  return loadPage(request, async () => {
    const { token } = await requireUser(request);
    const caller = workOrderCaller(request, token);
    const { question: questionId, keyword } = Query.parse(Object.fromEntries(new URL(request.url).searchParams));
    const { list: categories } = await getWorkOrderCategories(caller);
    const question = categories.flatMap((c) => c.questions).find((q) => q.id === questionId) ?? null;
    const searched =
      question || keyword
        ? await getWorkOrderDocuments(caller, question ? { question_id: question.id } : { keyword })
        : null;
    return {
      categories,
      question,
      // One way on to the form per resource type the question applies to.
      submitLinks:
        question?.resource_types.map((type) => ({
          path: submitWorkOrderPath(question.category_id, question.id, type),
          label:
            question.resource_types.length > 1 ? `提交工单（${WORK_ORDER_RESOURCE_LABELS[type]}问题）` : "提交工单",
        })) ?? [],
      keyword: question ? "" : (keyword ?? ""),
      documents: searched?.list.map((d) => ({ id: d.id, title: d.title, html: renderMarkdown(d.content) })) ?? null,
    };
  });
}

export default function SelectQuestionPage() {
  const { categories, question, keyword, documents, submitLinks } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>提交工单</h1>
      <QuestionPicker categories={categories} selected={question} keyword={keyword} />
      <SelfHelpDocuments question={question} keyword={keyword} documents={documents} submitLinks={submitLinks} />
    </>
  );
}
