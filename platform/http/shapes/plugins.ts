import type { InstancePluginsWire, PluginChangeWire, PluginWire } from "../../contract/instances-plugins";
import type { InstancePlugins, PluginChange, PluginState } from "../../modules/instances/plugins";
import { toInstanceWire } from "./instances";

const toPluginWire = (p: PluginState): PluginWire => ({
  Plugin: p.kind,
  Name: p.label,
  Port: p.port,
  Protocol: p.protocol,
  Enabled: p.enabled,
  Address: p.address,
  Reachable: p.reachable,
});

export const toInstancePluginsWire = (v: InstancePlugins): InstancePluginsWire => ({
  Instance: toInstanceWire(v.instance),
  Blocked: v.blocked,
  Applies: v.applies,
  Builtins: v.builtins.map(toPluginWire),
  CustomPorts: v.custom.map(toPluginWire),
  CustomLimit: v.customLimit,
});

export const toPluginChangeWire = (c: PluginChange): PluginChangeWire => ({
  Plugin: toPluginWire(c.plugin),
  Changed: c.changed,
  Applies: c.applies,
});
