import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DeleteForm, NameForm } from "~/components/desk/CatalogueForms";
import { FieldError, Input } from "~/components/ui/Field";
import { Muted, Panel, PanelTitle, Row, Stack } from "~/components/ui/layout";
import { styled } from "~/components/ui/stitches.config";
import { StatusButton } from "~/components/ui/StatusButton";
import { getDeskCatalogue, WORK_ORDER_RESOURCE_LABELS } from "~/upstream/desk.server";
import { handleDeskCatalogueAction } from "~/utils/desk-catalogue-actions.server";
import { loadDeskPage, requireStaff } from "~/utils/desk-session.server";

export const meta: MetaFunction = () => [{ title: "分类与问题 · 客服工作台" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { auth, staff } = await requireStaff(request);
  const catalogue = await loadDeskPage(request, () => getDeskCatalogue(auth));
  return {
    catalogue,
    canEdit: staff.role === "lead" || staff.role === "admin",
    // Labels are read here: the contract's tables reach the page only through its loader data.
    typeLabels: WORK_ORDER_RESOURCE_LABELS,
  };
}

export function action({ request }: ActionFunctionArgs) {
  return handleDeskCatalogueAction(request, "/desk/categories");
}

const Category = styled("section", { borderTop: "1px solid #ECEDF0", paddingTop: "$3" });
const Questions = styled("ul", {
  margin: "$2 0 0",
  paddingLeft: "$5",
  display: "flex",
  flexDirection: "column",
  gap: "$2",
});
const TYPES = ["account", "instance", "order"] as const;

export default function DeskCategoriesPage() {
  const { catalogue, canEdit, typeLabels } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const newQuestion = (categoryId: number) =>
    result?.intent === "create-question" && result.values.category_id === String(categoryId) ? result : null;
  return (
    <Panel>
      <Row css={{ justifyContent: "space-between" }}>
        <PanelTitle as="h1">分类与问题</PanelTitle>
        <Link to="/desk/documents">帮助文档 →</Link>
      </Row>
      {!canEdit && <Muted>只有组长可以修改分类和问题。</Muted>}
      {canEdit && (
        <Stack css={{ marginBottom: "$4" }}>
          <h2>新建分类</h2>
          <NameForm intent="create-category" label="分类名称" maxLength={32} result={result} button="创建分类" />
        </Stack>
      )}
      {catalogue.categories.length === 0 && <Muted>还没有分类</Muted>}
      {catalogue.categories.map((category) => {
        const qErrors = newQuestion(category.id);
        const typesError = qErrors?.fieldErrors.resource_types;
        return (
          <Category key={category.id} aria-label={`分类 ${category.name}`}>
            <h2>{category.name}</h2>
            {canEdit && (
              <Row css={{ alignItems: "flex-start" }}>
                <NameForm
                  intent="rename-category"
                  label={`重命名分类 ${category.name}`}
                  defaultValue={category.name}
                  maxLength={32}
                  rowId={category.id}
                  result={result}
                  button="重命名"
                />
                <DeleteForm intent="delete-category" rowId={category.id} what="分类" result={result} />
              </Row>
            )}
            <Questions>
              {category.questions.map((q) => (
                <li key={q.id}>
                  <strong>{q.name}</strong> <Muted>适用：{q.resource_types.map((t) => typeLabels[t]).join("、")}</Muted>
                  {canEdit && (
                    <Row css={{ alignItems: "flex-start" }}>
                      <NameForm
                        intent="rename-question"
                        label={`重命名问题 ${q.name}`}
                        defaultValue={q.name}
                        maxLength={64}
                        rowId={q.id}
                        result={result}
                        button="重命名"
                      />
                      <DeleteForm intent="delete-question" rowId={q.id} what="问题" result={result} />
                    </Row>
                  )}
                </li>
              ))}
            </Questions>
            {canEdit && (
              <Form method="post" noValidate aria-label={`为 ${category.name} 新建问题`}>
                <input type="hidden" name="category_id" value={category.id} />
                <Row css={{ alignItems: "flex-start" }}>
                  <div>
                    <Input
                      name="name"
                      aria-label={`${category.name} 的新问题名称`}
                      maxLength={64}
                      defaultValue={qErrors?.values.name}
                      aria-invalid={qErrors?.fieldErrors.name ? true : undefined}
                      aria-describedby={`new-question-${category.id}-error`}
                      css={{ width: 220 }}
                    />
                    <FieldError
                      id={`new-question-${category.id}-error`}
                      role={qErrors?.fieldErrors.name ? "alert" : undefined}
                    >
                      {qErrors?.fieldErrors.name ?? qErrors?.fieldErrors.category_id ?? qErrors?.formError ?? ""}
                    </FieldError>
                  </div>
                  <fieldset>
                    <legend>适用资源</legend>
                    {TYPES.map((t) => (
                      <label key={t}>
                        <input type="checkbox" name="resource_types" value={t} defaultChecked={t === "account"} />{" "}
                        {typeLabels[t]}
                      </label>
                    ))}
                    <FieldError role={typesError ? "alert" : undefined}>{typesError ?? ""}</FieldError>
                  </fieldset>
                  <StatusButton intent="create-question" variant="secondary">
                    新建问题
                  </StatusButton>
                </Row>
              </Form>
            )}
          </Category>
        );
      })}
    </Panel>
  );
}
