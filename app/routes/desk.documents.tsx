import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { DeleteForm } from "~/components/desk/CatalogueForms";
import { DocumentForm } from "~/components/desk/DocumentForm";
import { Muted, Panel, PanelTitle, Row } from "~/components/ui/layout";
import { styled } from "~/components/ui/stitches.config";
import { getDeskCatalogue } from "~/upstream/desk.server";
import { handleDeskCatalogueAction } from "~/utils/desk-catalogue-actions.server";
import { loadDeskPage, requireStaff } from "~/utils/desk-session.server";
import { formatDateTime } from "~/utils/format";
import { renderMarkdown } from "~/utils/markdown.server";

export const meta: MetaFunction = () => [{ title: "帮助文档 · 客服工作台" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { auth, staff } = await requireStaff(request);
  const catalogue = await loadDeskPage(request, () => getDeskCatalogue(auth));
  const places = catalogue.categories.map((c) => ({
    categoryId: c.id,
    categoryName: c.name,
    questions: c.questions.map((q) => ({ id: q.id, name: q.name })),
  }));
  const placeName = (categoryId: number, questionId: number | null) => {
    const category = places.find((p) => p.categoryId === categoryId);
    const question = category?.questions.find((q) => q.id === questionId);
    return question ? `${category?.categoryName} / ${question.name}` : (category?.categoryName ?? "");
  };
  return {
    places,
    canEdit: staff.role === "lead" || staff.role === "admin",
    documents: catalogue.documents.map((d) => ({
      ...d,
      place: placeName(d.category_id, d.question_id),
      html: renderMarkdown(d.content),
    })),
  };
}

export function action({ request }: ActionFunctionArgs) {
  return handleDeskCatalogueAction(request, "/desk/documents");
}

const Doc = styled("article", { borderTop: "1px solid #ECEDF0", padding: "$3 0" });

export default function DeskDocumentsPage() {
  const { places, documents, canEdit } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <Panel>
        <Row css={{ justifyContent: "space-between" }}>
          <PanelTitle as="h1">帮助文档</PanelTitle>
          <Link to="/desk/categories">← 分类与问题</Link>
        </Row>
        {documents.length === 0 && <Muted>还没有帮助文档</Muted>}
        {documents.map((d) => (
          <Doc key={d.id} aria-label={d.title}>
            <h2>{d.title}</h2>
            <Muted>
              {d.place} · 更新于 {formatDateTime(d.updated_at)}
            </Muted>
            <div className="markdown-body" dangerouslySetInnerHTML={{ __html: d.html }} />
            {canEdit && (
              <details>
                <summary>编辑或删除</summary>
                <DocumentForm
                  intent="update-document"
                  places={places}
                  initial={{
                    id: d.id,
                    category_id: d.category_id,
                    question_id: d.question_id,
                    title: d.title,
                    content: d.content,
                  }}
                  result={result}
                  button="保存"
                />
                <DeleteForm intent="delete-document" rowId={d.id} what="文档" result={result} />
              </details>
            )}
          </Doc>
        ))}
      </Panel>
      {canEdit && (
        <Panel>
          <PanelTitle>新建文档</PanelTitle>
          <DocumentForm
            intent="create-document"
            places={places}
            initial={{ category_id: null, question_id: null, title: "", content: "" }}
            result={result}
            button="创建文档"
          />
        </Panel>
      )}
    </>
  );
}
