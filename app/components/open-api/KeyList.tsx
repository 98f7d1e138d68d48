import { Form } from "@remix-run/react";
import type { OpenApiKeyWire, OpenApiScopeWire } from "~/upstream/open-api.server";
import { formatDateTime } from "~/utils/format";
import { FieldError } from "../ui/Field";
import { Panel, PanelTitle, Table } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";
import { TableScroll } from "../ui/TableScroll";

/**
 * The account's live keys (issue 38 §4): id, name, scopes, allow-list, expiry, last use (time and address), and 删除,
 * asked twice (a details box opens the confirming button: works without JavaScript).
 */
export function KeyList({
  keys,
  labels,
  error,
}: {
  keys: OpenApiKeyWire[];
  labels: Record<OpenApiScopeWire, string>;
  error: string | null | undefined;
}) {
  return (
    <Panel aria-labelledby="keys-title">
      <PanelTitle id="keys-title">我的访问密钥</PanelTitle>
      {error && <FieldError role="alert">{error}</FieldError>}
      {keys.length === 0 ? (
        <p>还没有访问密钥。</p>
      ) : (
        <TableScroll label="访问密钥" minWidth={760}>
          <Table data-testid="open-api-keys">
            <caption className="visually-hidden">访问密钥</caption>
            <thead>
              <tr>
                <th scope="col">名称 / AccessKey ID</th>
                <th scope="col">权限</th>
                <th scope="col">IP白名单</th>
                <th scope="col">过期时间</th>
                <th scope="col">最近使用</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {keys.map((k) => (
                <tr key={k.id} data-testid="open-api-key">
                  <td>
                    {k.name}
                    <br />
                    <code>{k.access_key_id}</code>
                  </td>
                  <td>{k.scopes.map((s) => labels[s]).join("、")}</td>
                  <td>{k.allowed_addresses.length ? k.allowed_addresses.join("、") : "不限"}</td>
                  <td>{k.expires_at ? formatDateTime(k.expires_at) : "长期有效"}</td>
                  <td data-testid="open-api-key-last-use">
                    {k.last_used_at ? `${formatDateTime(k.last_used_at)}（${k.last_used_ip || "地址未知"}）` : "未使用"}
                  </td>
                  <td>
                    <details>
                      <summary>删除</summary>
                      <Form method="post">
                        <input type="hidden" name="id" value={k.id} />
                        <p>删除后使用该密钥的请求将立即被拒绝。</p>
                        <StatusButton intent="delete" size="sm" variant="danger">
                          确认删除“{k.name}”
                        </StatusButton>
                      </Form>
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
    </Panel>
  );
}
