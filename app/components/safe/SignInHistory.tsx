import type { SignInRecordWire } from "~/upstream/sign-ins.server";
import { formatDateTime } from "~/utils/format";
import { describeUserAgent } from "../../../platform/rules/user-agent";
import { Badge, Panel, PanelTitle, Table } from "../ui/layout";
import { TableScroll } from "../ui/TableScroll";

/** A sign-in with its method in words (SIGN_IN_METHOD_LABELS, applied by the loader: labels live on the server). */
export type LabelledSignInRecord = SignInRecordWire & { method_label: string };

/** The account's last 20 sign-ins (issue 38 §1): when, how, from where, and whether it succeeded. */
export function SignInHistory({ records }: { records: LabelledSignInRecord[] }) {
  return (
    <Panel aria-labelledby="history-title">
      <PanelTitle id="history-title">登录记录</PanelTitle>
      <p>最近 20 次登录，含密码或验证码错误的失败尝试。</p>
      <TableScroll label="登录记录" minWidth={640}>
        <Table data-testid="sign-in-history">
          <caption className="visually-hidden">登录记录</caption>
          <thead>
            <tr>
              <th scope="col">时间</th>
              <th scope="col">方式</th>
              <th scope="col">设备</th>
              <th scope="col">地址</th>
              <th scope="col">结果</th>
            </tr>
          </thead>
          <tbody>
            {records.map((r) => (
              <tr key={r.id}>
                <td>{formatDateTime(r.at)}</td>
                <td>{r.method_label}</td>
                <td>{describeUserAgent(r.user_agent)}</td>
                <td>{r.ip || "未知"}</td>
                <td>
                  {r.result === "ok" ? (
                    <Badge tone="success">成功</Badge>
                  ) : (
                    <Badge tone="warn">{r.result === "second_step_failed" ? "两步验证失败" : "失败"}</Badge>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableScroll>
    </Panel>
  );
}
