import { Form, Link } from "@remix-run/react";
import { Table } from "~/components/ui/layout";
import { TableScroll } from "~/components/ui/TableScroll";
import { StatusButton } from "~/components/ui/StatusButton";
import { formatDateTime } from "~/utils/format";

export interface ContentVersion {
  number: number;
  saved_by: string | null;
  saved_at: string;
  published: boolean;
}

/**
 * An item's versions, newest first, with who saved each and when: 查看 opens
 * one, 发布此版本 publishes it (a rollback when it is older than what is published).
 */
export function ContentVersions({
  versions,
  viewPath,
}: {
  versions: ContentVersion[];
  viewPath: (version: number) => string;
}) {
  return (
    <TableScroll label="版本记录" minWidth={560}>
      <Table>
        <thead>
          <tr>
            <th scope="col">版本</th>
            <th scope="col">保存人</th>
            <th scope="col">保存时间</th>
            <th scope="col">操作</th>
          </tr>
        </thead>
        <tbody>
          {versions.map((v) => (
            <tr key={v.number}>
              <td>
                第 {v.number} 版{v.published ? "（已发布）" : ""}
              </td>
              <td>{v.saved_by ?? "系统预置"}</td>
              <td>{formatDateTime(v.saved_at)}</td>
              <td>
                <Link to={viewPath(v.number)} aria-label={`查看第 ${v.number} 版`}>
                  查看
                </Link>
                {!v.published && (
                  <Form method="post" style={{ display: "inline", marginLeft: 12 }}>
                    <input type="hidden" name="revision" value={v.number} />
                    <StatusButton
                      intent="publish"
                      variant="secondary"
                      size="sm"
                      aria-label={`发布此版本（第 ${v.number} 版）`}
                    >
                      发布此版本
                    </StatusButton>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
