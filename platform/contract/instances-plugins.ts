/**
 * Instance plugins on the wire (issue 36 §2, decision 089): the tools an
 * instance offers (JupyterLab, TensorBoard, code-server) switched on or off,
 * and up to CustomLimit custom ports (http or tcp) opened or closed, each with
 * the address it is reached at. Only the caller's own instances (as in
 * instances.ts): anyone else's is INSTANCE_NOT_FOUND. A released instance is
 * INSTANCE_STATE (实例已释放，插件不可用).
 */
import type { MainApiCall } from "./calls";
import type { InstanceRefFields, InstanceWire } from "./instances";

export type BuiltinPluginWire = "jupyterlab" | "tensorboard" | "code_server";
export type PluginKindWire = BuiltinPluginWire | "custom";
export type PluginProtocolWire = "http" | "tcp";
/** "now": the instance runs and the change applies at once; "next_start": at its next start. */
export type PluginAppliesWire = "now" | "next_start";

export type PluginWire = {
  Plugin: PluginKindWire;
  /** "TensorBoard", "自定义端口 7860". */
  Name: string;
  /** The port inside the instance. */
  Port: number;
  Protocol: PluginProtocolWire;
  Enabled: boolean;
  /** An https URL (http) or host:port (tcp) while on; null while off. */
  Address: string | null;
  /** On and the instance running: Address answers now. */
  Reachable: boolean;
};

export type InstancePluginsWire = {
  Instance: InstanceWire;
  /** Why nothing can be changed (the instance is released); null otherwise. */
  Blocked: string | null;
  Applies: PluginAppliesWire;
  Builtins: PluginWire[];
  CustomPorts: PluginWire[];
  CustomLimit: number;
};

export type SetPluginFields = InstanceRefFields & { plugin: BuiltinPluginWire; enabled: 0 | 1 };
export type OpenPortFields = InstanceRefFields & { port: number; protocol: PluginProtocolWire };
export type ClosePortFields = InstanceRefFields & { port: number };

export type PluginChangeWire = {
  Plugin: PluginWire;
  /** False when it already was as asked (nothing changed, nothing logged). */
  Changed: boolean;
  Applies: PluginAppliesWire;
};

export type PluginCalls = {
  "/instance/get_instance_plugins": MainApiCall<InstanceRefFields, InstancePluginsWire, "required">;
  /** Switches a built-in tool; the same state again changes nothing. */
  "/instance/set_instance_plugin": MainApiCall<SetPluginFields, PluginChangeWire, "required">;
  /** Opens a custom port: BAD_REQUEST beside `port` for 22, a tool's port, one already open, or over the limit. */
  "/instance/open_instance_port": MainApiCall<OpenPortFields, PluginChangeWire, "required">;
  /** Closes a custom port: BAD_REQUEST beside `port` when it is not open. */
  "/instance/close_instance_port": MainApiCall<ClosePortFields, PluginChangeWire, "required">;
};
