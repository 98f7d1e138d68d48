import { Form } from "@remix-run/react";
import type { SignedInDeviceWire } from "~/upstream/sign-ins.server";
import { formatDateTime } from "~/utils/format";
import { describeUserAgent } from "../../../platform/rules/user-agent";
import { Badge, Panel, PanelTitle, Table } from "../ui/layout";
import { FieldError } from "../ui/Field";
import { StatusButton } from "../ui/StatusButton";
import { TableScroll } from "../ui/TableScroll";

/**
 * The account's signed-in devices (issue 38 §1): browser and system, the address it signed in from, when, and when
 * it was last used; 退出 per other device and 退出其他所有设备. Plain forms: works without JavaScript.
 */
export function SignedInDevices({ devices, error }: { devices: SignedInDeviceWire[]; error?: string }) {
  const others = devices.filter((d) => !d.current).length;
  return (
    <Panel aria-labelledby="devices-title">
      <PanelTitle id="devices-title">登录设备</PanelTitle>
      <p>以下设备当前登录着您的账号。如有不认识的设备，请将其退出并修改密码。</p>
      {error && <FieldError role="alert">{error}</FieldError>}
      <TableScroll label="登录设备" minWidth={640}>
        <Table data-testid="signed-in-devices">
          <caption className="visually-hidden">登录设备</caption>
          <thead>
            <tr>
              <th scope="col">设备</th>
              <th scope="col">登录地址</th>
              <th scope="col">登录时间</th>
              <th scope="col">最近使用</th>
              <th scope="col">操作</th>
            </tr>
          </thead>
          <tbody>
            {devices.map((d) => (
              <tr key={d.id} data-testid="signed-in-device">
                <td>
                  {describeUserAgent(d.user_agent)} {d.current && <Badge tone="primary">当前设备</Badge>}
                </td>
                <td>{d.ip || "未知"}</td>
                <td>{formatDateTime(d.signed_in_at)}</td>
                <td>{formatDateTime(d.last_seen_at)}</td>
                <td>
                  {d.current ? (
                    "—"
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="id" value={d.id} />
                      <StatusButton intent="sign-out-device" size="sm" variant="secondary">
                        退出
                      </StatusButton>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableScroll>
      {others > 0 && (
        <Form method="post" style={{ marginTop: 12 }}>
          <StatusButton intent="sign-out-others" variant="secondary">
            退出其他所有设备（{others} 台）
          </StatusButton>
        </Form>
      )}
    </Panel>
  );
}
