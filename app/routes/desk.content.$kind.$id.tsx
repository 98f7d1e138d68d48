import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ContentForm } from "~/components/desk/content/ContentForm";
import { ContentPublishForms } from "~/components/desk/content/ContentPublishForms";
import { ContentStatus } from "~/components/desk/content/ContentStatus";
import { ContentVersionView } from "~/components/desk/content/ContentVersionView";
import { ContentVersions } from "~/components/desk/content/ContentVersions";
import { SoftwareReleases } from "~/components/desk/content/SoftwareReleases";
import { Muted, Panel, PanelTitle, Row } from "~/components/ui/layout";
import { getContent } from "~/upstream/content.server";
import { listSoftwareReleases } from "~/upstream/software.server";
import { CONTENT_KIND_LABELS } from "../../platform/rules/content-desk";
import { handleDeskContentAction } from "~/utils/desk-content-actions.server";
import { formValuesOf } from "~/utils/desk-content-fields";
import {
  contentFormOptions,
  contentIdParam,
  contentKindParam,
  contentVersionShown,
  requireContentEditor,
} from "~/utils/desk-content-pages.server";
import { loadDeskPage } from "~/utils/desk-session.server";
import { deskContentItemPath, deskContentListPath } from "~/utils/desk-paths";

export { markdownEditorLinks as links } from "~/components/markdown-editor/MarkdownEditor";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.item.title ?? "内容"} · 内容管理 · 客服工作台` },
];

/** One item: its state, the edit form on its latest version, publish/unpublish, its versions, one version shown. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const kind = contentKindParam(params);
  const id = contentIdParam(params);
  const { auth } = await requireContentEditor(request);
  const [detail, options, shown, releases] = await loadDeskPage(request, () =>
    Promise.all([
      getContent(auth, kind, id),
      contentFormOptions(auth, kind, id),
      contentVersionShown(auth, kind, id, new URL(request.url).searchParams.get("version")),
      kind === "software" ? listSoftwareReleases(auth, id) : Promise.resolve(null),
    ]),
  );
  return {
    kind,
    label: CONTENT_KIND_LABELS[kind],
    item: detail.item,
    values: formValuesOf(kind, detail.fields),
    versions: detail.versions,
    options,
    shown,
    releases,
  };
}

export function action({ request, params }: ActionFunctionArgs) {
  return handleDeskContentAction(request, contentKindParam(params), contentIdParam(params));
}

export default function DeskContentEdit() {
  const { kind, label, item, values, versions, options, shown, releases } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <Panel>
        <Row css={{ justifyContent: "space-between" }}>
          <PanelTitle as="h1">{item.title}</PanelTitle>
          <Link to={deskContentListPath(kind)}>← 返回{label}列表</Link>
        </Row>
        <Row css={{ marginBottom: "$4" }}>
          <ContentStatus status={item.status} unpublishedChanges={item.unpublished_changes} />
          <Muted>
            网址名 {item.slug} · 最新第 {item.latest_revision} 版
            {item.published_revision !== null && ` · 访客看到第 ${item.published_revision} 版`}
          </Muted>
          {item.status === "published" && item.public_href && <Link to={item.public_href}>查看公开页面</Link>}
        </Row>
        <ContentPublishForms
          status={item.status}
          unpublishedChanges={item.unpublished_changes}
          latestRevision={item.latest_revision}
          result={result}
        />
      </Panel>
      {shown && (
        <Panel aria-label={`第 ${shown.number} 版`}>
          <ContentVersionView version={shown} closePath={deskContentItemPath(kind, item.id)} />
        </Panel>
      )}
      <Panel>
        <PanelTitle>编辑（保存为第 {item.latest_revision + 1} 版）</PanelTitle>
        <ContentForm
          key={item.latest_revision}
          kind={kind}
          intent="save"
          values={values}
          result={result}
          options={options}
          basedOn={item.latest_revision}
          button="保存"
          draftKey={`content:${kind}:${item.id}`}
        />
      </Panel>
      {releases && (
        <Panel>
          <PanelTitle>版本发布（下载文件）</PanelTitle>
          <SoftwareReleases releases={releases} result={result} />
        </Panel>
      )}
      <Panel>
        <PanelTitle>版本记录</PanelTitle>
        <ContentVersions versions={versions} viewPath={(n) => deskContentItemPath(kind, item.id, n)} />
      </Panel>
    </>
  );
}
