import { z } from "zod";
import {
  closeInstancePort,
  openInstancePort,
  setInstancePlugin,
  type PluginChangeWire,
} from "~/upstream/plugins.server";
import { BUILTIN_PLUGINS, PLUGIN_PROTOCOLS, PROTOCOL_LABELS } from "../../platform/rules/instance-plugins";

const STALE = "请求有误，请刷新页面后重试";
const PORT = "请输入 1 到 65535 之间的端口号";

const InstanceRef = z.object({
  instance_uuid: z.string({ required_error: STALE }).regex(/^[A-Za-z0-9_-]{1,64}$/, STALE),
});

const port = z.coerce
  .number({ required_error: PORT, invalid_type_error: PORT })
  .int(PORT)
  .min(1, PORT)
  .max(65_535, PORT);

/** Turning a built-in tool on or off: the intent says which way. */
export const SwitchPluginSchema = InstanceRef.extend({
  plugin: z.enum(BUILTIN_PLUGINS, { errorMap: () => ({ message: STALE }) }),
});

export const OpenPortSchema = InstanceRef.extend({
  port,
  protocol: z.enum(PLUGIN_PROTOCOLS, { errorMap: () => ({ message: "请选择协议（HTTP 或 TCP）" }) }),
});

export const ClosePortSchema = InstanceRef.extend({ port });

const when = (done: PluginChangeWire) => (done.Applies === "now" ? "" : "，下次开机时生效");

/** Switches a tool; the toast says what happened (or that it already was so). */
export async function pluginSwitched(token: string, input: z.infer<typeof SwitchPluginSchema>, enabled: boolean) {
  const done = await setInstancePlugin(token, input.instance_uuid, input.plugin, enabled);
  const state = enabled ? "开启" : "关闭";
  return done.Changed ? `已${state} ${done.Plugin.Name}${when(done)}` : `${done.Plugin.Name} 已是${state}状态`;
}

export async function portOpened(token: string, input: z.infer<typeof OpenPortSchema>) {
  const done = await openInstancePort(token, input.instance_uuid, input.port, input.protocol);
  return `已开放自定义端口 ${done.Plugin.Port}（${PROTOCOL_LABELS[done.Plugin.Protocol]}）${when(done)}`;
}

export async function portClosed(token: string, input: z.infer<typeof ClosePortSchema>) {
  const done = await closeInstancePort(token, input.instance_uuid, input.port);
  return `已关闭自定义端口 ${done.Plugin.Port}${when(done)}`;
}
