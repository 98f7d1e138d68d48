import { Hono } from "hono";
import { z } from "zod";
import type { ResizeCalls } from "../../contract/instances-resize";
import { growDataDisk } from "../../modules/instances/disk-growth";
import { resizeInstance, resizeOptions } from "../../modules/instances/resize";
import { MAX_DATA_DISK_GB } from "../../rules/data-disk-growth";
import { MAX_GPU_COUNT } from "../../rules/instance-resize";
import { callerFromForm, type Env } from "../context";
import * as f from "../fields";
import { toDiskGrowthWire, toResizeOptionsWire, toUpgradeSpecWire } from "../shapes/resize";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";
import { blankAsAbsent, instanceUuid, operationKey } from "./instances";

/** Resizing an instance (issue 36 §1, decision 081): its options with their prices, and the change. */
export const resizeApi = new Hono<Env>();
const on = contractRoutes<ResizeCalls>(resizeApi);

const RefFields = z.object({ instance_uuid: instanceUuid });
/** Exactly one change: a GPU count, or a data disk size (decision 093). */
const UpgradeFields = RefFields.extend({
  gpu_count: blankAsAbsent(f.int("GPU数量", 1, MAX_GPU_COUNT).optional()),
  data_disk_gb: blankAsAbsent(f.int("数据盘容量", 1, MAX_DATA_DISK_GB).optional()),
  operation_key: operationKey,
  /** A package's downgrade: the refund the confirmation showed (decision 095). */
  expected_refund_fen: blankAsAbsent(f.int("退款金额", 0, Number.MAX_SAFE_INTEGER).optional()),
}).superRefine((v, ctx) => {
  if ((v.gpu_count === undefined) === (v.data_disk_gb === undefined))
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["gpu_count"], message: "请选择GPU数量或数据盘容量（二选一）" });
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
  if (input.data_disk_gb !== undefined)
    return toDiskGrowthWire(
      await growDataDisk(c.var.ctx, caller, {
        uuid: input.instance_uuid,
        dataDiskGb: input.data_disk_gb,
        operationKey: input.operation_key,
      }),
    );
  const resized = await resizeInstance(c.var.ctx, caller, {
    uuid: input.instance_uuid,
    gpuCount: input.gpu_count!,
    operationKey: input.operation_key,
    expectedRefundFen: input.expected_refund_fen,
  });
  return toUpgradeSpecWire(resized);
});
