import type {
  BuiltinPluginWire,
  InstancePluginsWire,
  PluginCalls,
  PluginChangeWire,
  PluginProtocolWire,
  PluginWire,
} from "../../platform/contract/instances-plugins";
import { callApiOrThrow } from "./transport.server";

export type { BuiltinPluginWire, InstancePluginsWire, PluginChangeWire, PluginProtocolWire, PluginWire };

function call<P extends keyof PluginCalls>(path: P, input: PluginCalls[P]["input"], session: string) {
  return callApiOrThrow<PluginCalls[P]["data"]>(path, input, { session });
}

/** The instance's tools and custom ports with their addresses (`/instance/get_instance_plugins`). */
export function getInstancePlugins(session: string, uuid: string) {
  return call("/instance/get_instance_plugins", { instance_uuid: uuid }, session);
}

/** Switches a built-in tool on or off. */
export function setInstancePlugin(session: string, uuid: string, plugin: BuiltinPluginWire, enabled: boolean) {
  return call("/instance/set_instance_plugin", { instance_uuid: uuid, plugin, enabled: enabled ? 1 : 0 }, session);
}

/** Opens a custom port. */
export function openInstancePort(session: string, uuid: string, port: number, protocol: PluginProtocolWire) {
  return call("/instance/open_instance_port", { instance_uuid: uuid, port, protocol }, session);
}

/** Closes a custom port. */
export function closeInstancePort(session: string, uuid: string, port: number) {
  return call("/instance/close_instance_port", { instance_uuid: uuid, port }, session);
}
