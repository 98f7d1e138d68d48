import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Muted, Panel, PanelTitle, Table } from "~/components/ui/layout";
import { listContent } from "~/upstream/content.server";
import { CONTENT_KIND_LABELS, CONTENT_KIND_ORDER, type CONTENT_STATUS_LABELS } from "../../platform/rules/content-desk";
import { requireContentEditor } from "~/utils/desk-content-pages.server";
import { loadDeskPage } from "~/utils/desk-session.server";
import { deskContentListPath, deskContentNewPath } from "~/utils/desk-paths";

/** 内容管理: each kind with how many items stand in each status, and how many wait to be published. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { auth } = await requireContentEditor(request);
  const lists = await loadDeskPage(request, () => Promise.all(CONTENT_KIND_ORDER.map((k) => listContent(auth, k))));
  return {
    kinds: CONTENT_KIND_ORDER.map((kind, i) => {
      const items = lists[i]!;
      const count = (status: keyof typeof CONTENT_STATUS_LABELS) => items.filter((x) => x.status === status).length;
      return {
        kind,
        label: CONTENT_KIND_LABELS[kind],
        draft: count("draft"),
        published: count("published"),
        unpublished: count("unpublished"),
        waiting: items.filter((x) => x.unpublished_changes).length,
      };
    }),
  };
}

export default function DeskContentIndex() {
  const { kinds } = useLoaderData<typeof loader>();
  return (
    <Panel>
      <PanelTitle as="h1">内容管理</PanelTitle>
      <Muted>文档、数据集、软件和模型：先存为草稿，发布后访客才能看到；每次保存都是一个版本。</Muted>
      <Table css={{ marginTop: "$4" }}>
        <thead>
          <tr>
            <th scope="col">类别</th>
            <th scope="col">已发布</th>
            <th scope="col">草稿</th>
            <th scope="col">已下线</th>
            <th scope="col">有未发布的修改</th>
            <th scope="col">操作</th>
          </tr>
        </thead>
        <tbody>
          {kinds.map((k) => (
            <tr key={k.kind}>
              <td>
                <Link to={deskContentListPath(k.kind)}>{k.label}</Link>
              </td>
              <td>{k.published}</td>
              <td>{k.draft}</td>
              <td>{k.unpublished}</td>
              <td>{k.waiting}</td>
              <td>
                <Link to={deskContentNewPath(k.kind)}>新建{k.label}</Link>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Panel>
  );
}
