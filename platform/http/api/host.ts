import { Hono } from "hono";
import { z } from "zod";
import type { HostCalls } from "../../contract/instances-host";
import { startWithoutGpu } from "../../modules/instances/actions";
import { migrateInstance, migrationTargets } from "../../modules/instances/migrate";
import { noGpuPreview } from "../../modules/instances/no-gpu";
import { callerFromForm, type Env } from "../context";
import * as f from "../fields";
import { toMigrateInstanceWire, toMigrateTargetsWire, toNoGpuPreviewWire } from "../shapes/host";
import { toInstanceWire } from "../shapes/instances";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";
import { blankAsAbsent, instanceUuid, operationKey } from "./instances";

/** Migrating a stopped instance to another host and starting one without GPU (issue 36, decision 086). */
export const hostApi = new Hono<Env>();
const on = contractRoutes<HostCalls>(hostApi);

const RefFields = z.object({ instance_uuid: instanceUuid });
const MigrateFields = RefFields.extend({
  target_host_id: blankAsAbsent(f.id("目标主机").optional()),
  operation_key: operationKey,
});

on.post("/instance/get_migrate_targets", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(RefFields, form);
  return toMigrateTargetsWire(await migrationTargets(c.var.ctx, caller, { uuid: input.instance_uuid }));
});

on.post("/instance/migrate_instance", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(MigrateFields, form);
  const moved = await migrateInstance(c.var.ctx, caller, {
    uuid: input.instance_uuid,
    targetHostId: input.target_host_id ?? null,
    operationKey: input.operation_key,
  });
  return toMigrateInstanceWire(moved);
});

on.post("/instance/get_start_without_gpu_preview", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(RefFields, form);
  return toNoGpuPreviewWire(await noGpuPreview(c.var.ctx, caller, { uuid: input.instance_uuid }));
});

on.post("/instance/start_instance_without_gpu", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(RefFields, form);
  return toInstanceWire(await startWithoutGpu(c.var.ctx, caller, { uuid: input.instance_uuid }));
});
