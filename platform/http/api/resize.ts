import { Hono } from "hono";
import { z } from "zod";
import type { ResizeCalls } from "../../contract/instances-resize";
import { resizeInstance, resizeOptions } from "../../modules/instances/resize";
import { MAX_GPU_COUNT } from "../../rules/instance-resize";
import { callerFromForm, type Env } from "../context";
import * as f from "../fields";
import { toResizeOptionsWire, toUpgradeSpecWire } from "../shapes/resize";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";
import { instanceUuid, operationKey } from "./instances";

/** Resizing an instance (issue 36 §1, decision 081): its options with their prices, and the change. */
export const resizeApi = new Hono<Env>();
const on = contractRoutes<ResizeCalls>(resizeApi);

const RefFields = z.object({ instance_uuid: instanceUuid });
const UpgradeFields = RefFields.extend({
  gpu_count: f.int("GPU数量", 1, MAX_GPU_COUNT),
  operation_key: operationKey,
});

on.post("/instance/get_upgrade_spec_options", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(RefFields, form);
  return toResizeOptionsWire(await resizeOptions(c.var.ctx, caller, { uuid: input.instance_uuid }));
});

on.post("/instance/upgrade_spec", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(UpgradeFields, form);
  const resized = await resizeInstance(c.var.ctx, caller, {
    uuid: input.instance_uuid,
    gpuCount: input.gpu_count,
    operationKey: input.operation_key,
  });
  return toUpgradeSpecWire(resized);
});
