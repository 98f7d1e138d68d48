import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ContentStatus } from "~/components/desk/content/ContentStatus";
import { Muted, Panel, PanelTitle, Row, Table } from "~/components/ui/layout";
import { TableScroll } from "~/components/ui/TableScroll";
import { listContent } from "~/upstream/content.server";
import { CONTENT_KIND_LABELS } from "../../platform/rules/content-desk";
import { contentKindParam, requireContentEditor } from "~/utils/desk-content-pages.server";
import { loadDeskPage } from "~/utils/desk-session.server";
import { formatDateTime } from "~/utils/format";
import { deskContentItemPath, deskContentNewPath } from "~/utils/desk-paths";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.label ?? "内容"}管理 · 客服工作台` }];

/** Every item of one kind, drafts and unpublished ones too, with its status and whether a save waits. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const kind = contentKindParam(params);
  const { auth } = await requireContentEditor(request);
  const items = await loadDeskPage(request, () => listContent(auth, kind));
  const sectionNames = new Map(items.map((i) => [i.id, i.title]));
  return {
    kind,
    label: CONTENT_KIND_LABELS[kind],
    items: items.map((i) => ({ ...i, section: i.parent_id === null ? null : (sectionNames.get(i.parent_id) ?? null) })),
  };
}

export default function DeskContentList() {
  const { kind, label, items } = useLoaderData<typeof loader>();
  return (
    <Panel>
      <Row css={{ justifyContent: "space-between" }}>
        <PanelTitle as="h1">{label}</PanelTitle>
        <Link to={deskContentNewPath(kind)}>新建{label}</Link>
      </Row>
      {items.length === 0 ? (
        <Muted>还没有{label}</Muted>
      ) : (
        <TableScroll label={`${label}列表`} minWidth={640}>
          <Table>
            <thead>
              <tr>
                <th scope="col">{kind === "doc" ? "标题" : "名称"}</th>
                <th scope="col">网址名</th>
                <th scope="col">状态</th>
                <th scope="col">版本</th>
                <th scope="col">更新时间</th>
              </tr>
            </thead>
            <tbody>
              {items.map((i) => (
                <tr key={i.id}>
                  <td data-wrap>
                    <Link to={deskContentItemPath(kind, i.id)}>{i.title}</Link>
                    {i.section && <Muted> · {i.section}</Muted>}
                  </td>
                  <td>{i.slug}</td>
                  <td>
                    <ContentStatus status={i.status} unpublishedChanges={i.unpublished_changes} />
                  </td>
                  <td>
                    第 {i.latest_revision} 版
                    {i.published_revision !== null && <Muted>（发布第 {i.published_revision} 版）</Muted>}
                  </td>
                  <td>{formatDateTime(i.updated_at)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
    </Panel>
  );
}
