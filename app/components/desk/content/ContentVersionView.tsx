import { Link } from "@remix-run/react";
import { PanelTitle, Row, Table } from "~/components/ui/layout";

/** One saved version (查看): its fields as saved and its body rendered as visitors would see it. */
export function ContentVersionView({
  version,
  closePath,
}: {
  version: { number: number; rows: { label: string; value: string }[]; html: string };
  closePath: string;
}) {
  return (
    <>
      <Row css={{ justifyContent: "space-between" }}>
        <PanelTitle>第 {version.number} 版的内容</PanelTitle>
        <Link to={closePath}>关闭</Link>
      </Row>
      <Table>
        <tbody>
          {version.rows.map((r) => (
            <tr key={r.label}>
              <th scope="row">{r.label}</th>
              <td>{r.value}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <div className="markdown-body" dangerouslySetInnerHTML={{ __html: version.html }} />
    </>
  );
}
