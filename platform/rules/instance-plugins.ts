/**
 * Instance plugins (issue 36 §2, decision 089): the tools an instance offers
 * (JupyterLab, TensorBoard, code-server) and up to MAX_CUSTOM_PORTS ports the
 * renter opens for a service of their own. Each plugin has a fixed slot: the
 * fleet reaches it on the instance's public port block (SSH port + slot), so
 * its address stays the same across restarts and changes only with the host.
 * Pure: the platform validates with it and the console labels with it.
 */

export const BUILTIN_PLUGINS = ["jupyterlab", "tensorboard", "code_server"] as const;
export type BuiltinPlugin = (typeof BUILTIN_PLUGINS)[number];
export type PluginKind = BuiltinPlugin | "custom";
export const PLUGIN_KINDS: readonly PluginKind[] = [...BUILTIN_PLUGINS, "custom"];

export const PLUGIN_PROTOCOLS = ["http", "tcp"] as const;
export type PluginProtocol = (typeof PLUGIN_PROTOCOLS)[number];

export interface BuiltinPluginSpec {
  kind: BuiltinPlugin;
  label: string;
  /** The port the tool listens on inside the instance. */
  port: number;
  /** Its place in the instance's public port block (SSH port + slot). */
  slot: number;
  /** On for a new instance (the images start JupyterLab). */
  defaultOn: boolean;
  /** What it is for, in a few words. */
  purpose: string;
}

export const BUILTIN_PLUGIN_SPECS: Record<BuiltinPlugin, BuiltinPluginSpec> = {
  jupyterlab: {
    kind: "jupyterlab",
    label: "JupyterLab",
    port: 8888,
    slot: 1,
    defaultOn: true,
    purpose: "网页版 Notebook、终端与文件管理",
  },
  tensorboard: {
    kind: "tensorboard",
    label: "TensorBoard",
    port: 6006,
    slot: 2,
    defaultOn: false,
    purpose: "查看训练曲线（读取 /root/tf-logs）",
  },
  code_server: {
    kind: "code_server",
    label: "code-server",
    port: 8080,
    slot: 3,
    defaultOn: false,
    purpose: "网页版 VS Code",
  },
};

/** At most this many custom ports per instance; they take slots after the built-in tools'. */
export const MAX_CUSTOM_PORTS = 5;
export const FIRST_CUSTOM_SLOT = 4;
export const LAST_SLOT = FIRST_CUSTOM_SLOT + MAX_CUSTOM_PORTS - 1;

/** SSH's port inside the instance: never opened as a custom port (SSH has its own). */
export const SSH_PORT = 22;

export const PROTOCOL_LABELS: Record<PluginProtocol, string> = { http: "HTTP", tcp: "TCP" };

/** A plugin's name as users read it: "TensorBoard", "自定义端口 7860". */
export function pluginLabel(kind: PluginKind, port: number): string {
  return kind === "custom" ? `自定义端口 ${port}` : BUILTIN_PLUGIN_SPECS[kind].label;
}

/** Why `port` cannot be opened as a custom port next to the ones already open, or null. */
export function customPortProblem(port: number, openPorts: readonly number[]): string | null {
  if (!Number.isInteger(port) || port < 1 || port > 65_535) return "端口必须是 1 到 65535 之间的整数";
  if (port === SSH_PORT) return "22 端口用于 SSH，无需另行开放";
  const builtin = BUILTIN_PLUGINS.find((kind) => BUILTIN_PLUGIN_SPECS[kind].port === port);
  if (builtin) return `${port} 端口由 ${BUILTIN_PLUGIN_SPECS[builtin].label} 使用，请在上方开启该插件`;
  if (openPorts.includes(port)) return `${port} 端口已开放`;
  if (openPorts.length >= MAX_CUSTOM_PORTS) return `每个实例最多开放 ${MAX_CUSTOM_PORTS} 个自定义端口`;
  return null;
}

/** The lowest custom slot not taken, or null when all are. */
export function freeCustomSlot(takenSlots: readonly number[]): number | null {
  for (let slot = FIRST_CUSTOM_SLOT; slot <= LAST_SLOT; slot++) if (!takenSlots.includes(slot)) return slot;
  return null;
}

/** The log's sentence for a plugin turned on or off. */
export function pluginEventText(
  kind: PluginKind,
  port: number,
  protocol: PluginProtocol,
  enabled: boolean,
  applies: "now" | "next_start",
): string {
  const what =
    kind === "custom"
      ? `${enabled ? "开放" : "关闭"}自定义端口 ${port}（${PROTOCOL_LABELS[protocol]}）`
      : `${enabled ? "开启" : "关闭"}插件 ${BUILTIN_PLUGIN_SPECS[kind].label}`;
  return applies === "now" ? what : `${what}，下次开机时生效`;
}
