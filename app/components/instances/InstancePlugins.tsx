import { Form } from "@remix-run/react";
import type { InstancePluginsWire, PluginWire } from "~/upstream/plugins.server";
import { BUILTIN_PLUGIN_SPECS, PLUGIN_PROTOCOLS, PROTOCOL_LABELS } from "../../../platform/rules/instance-plugins";
import { Field, FieldError, Select } from "../ui/Field";
import { Badge, Muted, Row, Table } from "../ui/layout";
import { StatusButton } from "../ui/StatusButton";
import { TableScroll } from "../ui/TableScroll";

/** Where a plugin is reached: a link while it answers, the address "after start" while stopped, a dash while off. */
function Address({ plugin }: { plugin: PluginWire }) {
  if (!plugin.Address) return <Muted>—</Muted>;
  const shown = plugin.Protocol === "http" ? plugin.Address.replace(/\?token=.*$/, "?token=…") : plugin.Address;
  if (!plugin.Reachable)
    return (
      <>
        <code>{shown}</code> <Muted>（开机后可访问）</Muted>
      </>
    );
  return plugin.Protocol === "http" ? (
    <a href={plugin.Address} target="_blank" rel="noreferrer" data-testid={`plugin-url-${plugin.Plugin}`}>
      {shown}
    </a>
  ) : (
    <code data-testid={`plugin-url-${plugin.Plugin}`}>{shown}</code>
  );
}

const StateBadge = ({ on }: { on: boolean }) => (
  <Badge tone={on ? "success" : "muted"}>{on ? "已开启" : "已关闭"}</Badge>
);

/** The built-in tools, each with its state, address and one button that switches it (a POST form). */
export function BuiltinPlugins({ uuid, plugins }: { uuid: string; plugins: PluginWire[] }) {
  return (
    <TableScroll label="实例插件" minWidth={720}>
      <Table data-testid="builtin-plugins">
        <thead>
          <tr>
            <th>插件</th>
            <th>用途</th>
            <th>状态</th>
            <th>访问地址</th>
            <th>操作</th>
          </tr>
        </thead>
        <tbody>
          {plugins.map((p) => (
            <tr key={p.Plugin} data-plugin={p.Plugin}>
              <td>
                {p.Name} <Muted>（端口 {p.Port}）</Muted>
              </td>
              <td data-wrap>{p.Plugin === "custom" ? "" : BUILTIN_PLUGIN_SPECS[p.Plugin].purpose}</td>
              <td>
                <StateBadge on={p.Enabled} />
              </td>
              <td data-wrap>
                <Address plugin={p} />
              </td>
              <td>
                <Form method="post">
                  <input type="hidden" name="instance_uuid" value={uuid} />
                  <input type="hidden" name="plugin" value={p.Plugin} />
                  {p.Enabled ? (
                    <StatusButton intent="disable" pendingText="关闭中…" aria-label={`关闭 ${p.Name}`}>
                      关闭
                    </StatusButton>
                  ) : (
                    <StatusButton intent="enable" variant="primary" pendingText="开启中…" aria-label={`开启 ${p.Name}`}>
                      开启
                    </StatusButton>
                  )}
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}

/** The custom ports open now, each with a button that closes it, and the form that opens one more. */
export function CustomPorts({
  view,
  errors,
  values,
}: {
  view: InstancePluginsWire;
  errors: { port?: string; protocol?: string };
  values: { port?: string; protocol?: string };
}) {
  const uuid = view.Instance.InstanceUuid;
  const full = view.CustomPorts.length >= view.CustomLimit;
  return (
    <>
      <p>
        已开放 {view.CustomPorts.length}/{view.CustomLimit} 个。HTTP 端口通过 https 地址访问，TCP
        端口通过「主机:端口」连接；22 端口（SSH）与上方插件的端口无需在此开放。
      </p>
      {view.CustomPorts.length > 0 && (
        <TableScroll label="自定义端口" minWidth={600}>
          <Table data-testid="custom-ports">
            <thead>
              <tr>
                <th>实例内端口</th>
                <th>协议</th>
                <th>访问地址</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {view.CustomPorts.map((p) => (
                <tr key={p.Port} data-port={p.Port}>
                  <td>{p.Port}</td>
                  <td>{PROTOCOL_LABELS[p.Protocol]}</td>
                  <td data-wrap>
                    <Address plugin={p} />
                  </td>
                  <td>
                    <Form method="post">
                      <input type="hidden" name="instance_uuid" value={uuid} />
                      <input type="hidden" name="port" value={p.Port} />
                      <StatusButton intent="close_port" pendingText="关闭中…" aria-label={`关闭端口 ${p.Port}`}>
                        关闭
                      </StatusButton>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
      <Form method="post" aria-label="开放自定义端口">
        <input type="hidden" name="instance_uuid" value={uuid} />
        <Row css={{ alignItems: "flex-start" }}>
          <Field
            label="实例内端口"
            name="port"
            inputMode="numeric"
            defaultValue={values.port ?? ""}
            error={errors.port}
            disabled={full}
          />
          <div>
            <label htmlFor="protocol">协议</label>
            <br />
            <Select
              id="protocol"
              name="protocol"
              defaultValue={values.protocol ?? "http"}
              aria-invalid={errors.protocol ? true : undefined}
              disabled={full}
            >
              {PLUGIN_PROTOCOLS.map((p) => (
                <option key={p} value={p}>
                  {PROTOCOL_LABELS[p]}
                </option>
              ))}
            </Select>
            {errors.protocol && <FieldError role="alert">{errors.protocol}</FieldError>}
          </div>
        </Row>
        <StatusButton intent="open_port" variant="primary" pendingText="开放中…" disabled={full}>
          开放端口
        </StatusButton>
        {full && <Muted>已达上限，请先关闭一个端口</Muted>}
      </Form>
    </>
  );
}
