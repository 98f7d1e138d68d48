import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ContentForm } from "~/components/desk/content/ContentForm";
import { Panel, PanelTitle, Row } from "~/components/ui/layout";
import { CONTENT_KIND_LABELS } from "../../platform/rules/content-desk";
import { handleDeskContentAction } from "~/utils/desk-content-actions.server";
import { contentFormOptions, contentKindParam, requireContentEditor } from "~/utils/desk-content-pages.server";
import { loadDeskPage } from "~/utils/desk-session.server";
import { deskContentListPath } from "~/utils/desk-paths";

export { markdownEditorLinks as links } from "~/components/markdown-editor/MarkdownEditor";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `新建${data?.label ?? "内容"} · 客服工作台` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const kind = contentKindParam(params);
  const { auth } = await requireContentEditor(request);
  const options = await loadDeskPage(request, () => contentFormOptions(auth, kind, null));
  return { kind, label: CONTENT_KIND_LABELS[kind], options };
}

export function action({ request, params }: ActionFunctionArgs) {
  return handleDeskContentAction(request, contentKindParam(params), null);
}

export default function DeskContentNew() {
  const { kind, label, options } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <Panel>
      <Row css={{ justifyContent: "space-between" }}>
        <PanelTitle as="h1">新建{label}</PanelTitle>
        <Link to={deskContentListPath(kind)}>← 返回{label}列表</Link>
      </Row>
      <ContentForm
        kind={kind}
        intent="create"
        values={{ position: "0" }}
        result={result}
        options={options}
        button="保存为草稿"
        draftKey={`content:${kind}:new`}
      />
    </Panel>
  );
}
