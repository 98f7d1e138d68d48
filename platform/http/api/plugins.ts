import { Hono } from "hono";
import { z } from "zod";
import type { PluginCalls } from "../../contract/instances-plugins";
import {
  closeInstancePort,
  listInstancePlugins,
  openInstancePort,
  setInstancePlugin,
} from "../../modules/instances/plugins";
import { BUILTIN_PLUGINS, PLUGIN_PROTOCOLS } from "../../rules/instance-plugins";
import { callerFromForm, type Env } from "../context";
import * as f from "../fields";
import { toInstancePluginsWire, toPluginChangeWire } from "../shapes/plugins";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";
import { instanceUuid } from "./instances";

/** Instance plugins (issue 36 §2, decision 089): the tools and custom ports of an instance, switched and listed. */
export const pluginsApi = new Hono<Env>();
const on = contractRoutes<PluginCalls>(pluginsApi);

const RefFields = z.object({ instance_uuid: instanceUuid });
const SetFields = RefFields.extend({
  plugin: z.enum(BUILTIN_PLUGINS, { errorMap: () => ({ message: "请选择插件" }) }),
  enabled: z.enum(["0", "1"], { errorMap: () => ({ message: "开关只能是0或1" }) }).transform((v) => v === "1"),
});
const port = f.int("端口", 1, 65_535);
const OpenFields = RefFields.extend({
  port,
  protocol: z.enum(PLUGIN_PROTOCOLS, { errorMap: () => ({ message: "协议只能是 HTTP 或 TCP" }) }),
});
const CloseFields = RefFields.extend({ port });

on.post("/instance/get_instance_plugins", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(RefFields, form);
  return toInstancePluginsWire(await listInstancePlugins(c.var.ctx, caller, { uuid: input.instance_uuid }));
});

on.post("/instance/set_instance_plugin", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(SetFields, form);
  const changed = await setInstancePlugin(c.var.ctx, caller, {
    uuid: input.instance_uuid,
    plugin: input.plugin,
    enabled: input.enabled,
  });
  return toPluginChangeWire(changed);
});

on.post("/instance/open_instance_port", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(OpenFields, form);
  const opened = await openInstancePort(c.var.ctx, caller, {
    uuid: input.instance_uuid,
    port: input.port,
    protocol: input.protocol,
  });
  return toPluginChangeWire(opened);
});

on.post("/instance/close_instance_port", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(CloseFields, form);
  return toPluginChangeWire(
    await closeInstancePort(c.var.ctx, caller, { uuid: input.instance_uuid, port: input.port }),
  );
});
