import { Hono } from "hono";
import { z } from "zod";
import type { ScheduleCalls } from "../../contract/instances-schedule";
import {
  cancelScheduledShutdown,
  getScheduledShutdown,
  previewScheduledShutdown,
  setScheduledShutdown,
} from "../../modules/instances/schedule";
import { parseShutdownMinute, shutdownAtText } from "../../rules/scheduled-shutdown";
import { callerFromForm, type Env } from "../context";
import { toScheduledShutdownWire, toShutdownChangeWire, toShutdownPreviewWire } from "../shapes/instances-schedule";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";

/** Scheduled shutdown (定时关机, issue 36 §2, decision 087): read, preview, set or change, cancel. */
export const scheduleApi = new Hono<Env>();
const on = contractRoutes<ScheduleCalls>(scheduleApi);

const RefFields = z.object({
  instance_uuid: z
    .string({ required_error: "请选择实例", invalid_type_error: "实例编号格式不正确" })
    .trim()
    .min(1, "请选择实例")
    .max(32, "实例编号格式不正确"),
});

const TimeFields = RefFields.extend({
  shutdown_at: shutdownAtText.transform((v) => parseShutdownMinute(v)!),
});

on.post("/instance/get_scheduled_shutdown", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(RefFields, form);
  return toScheduledShutdownWire(await getScheduledShutdown(c.var.ctx, caller, { uuid: input.instance_uuid }));
});

on.post("/instance/preview_scheduled_shutdown", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(TimeFields, form);
  const preview = await previewScheduledShutdown(c.var.ctx, caller, {
    uuid: input.instance_uuid,
    fireAt: input.shutdown_at,
  });
  return toShutdownPreviewWire(preview);
});

on.post("/instance/set_scheduled_shutdown", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(TimeFields, form);
  const done = await setScheduledShutdown(c.var.ctx, caller, { uuid: input.instance_uuid, fireAt: input.shutdown_at });
  return toShutdownChangeWire(done);
});

on.post("/instance/cancel_scheduled_shutdown", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(RefFields, form);
  return toShutdownChangeWire(await cancelScheduledShutdown(c.var.ctx, caller, { uuid: input.instance_uuid }));
});
