import { Hono } from "hono";
import { z } from "zod";
import type { InstanceRefundCalls } from "../../contract/instances-refund";
import { previewStopRefund, stopInstanceWithRefund } from "../../modules/instances/refund";
import { callerFromForm, type Env } from "../context";
import * as f from "../fields";
import { toStopRefundPreviewWire, toStopWithRefundWire } from "../shapes/instances-refund";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";

/** Stop with refund (issue 36 §1, decision 080): the preview and ending a package early. */
export const refundApi = new Hono<Env>();
const on = contractRoutes<InstanceRefundCalls>(refundApi);

const RefFields = z.object({
  instance_uuid: z
    .string({ required_error: "请选择实例", invalid_type_error: "实例编号格式不正确" })
    .trim()
    .min(1, "请选择实例")
    .max(32, "实例编号格式不正确"),
});

const StopFields = RefFields.extend({
  confirm_name: z
    .string({ required_error: "请输入实例名称以确认释放", invalid_type_error: "实例名称格式不正确" })
    .max(64, "实例名称过长"),
  expected_refund_fen: z.preprocess(
    (v) => (v === "" ? undefined : v),
    f.int("退款金额", 0, Number.MAX_SAFE_INTEGER).optional(),
  ),
});

on.post("/instance/get_stop_refund_preview", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(RefFields, form);
  return toStopRefundPreviewWire(await previewStopRefund(c.var.ctx, caller, { uuid: input.instance_uuid }));
});

on.post("/instance/stop_instance_with_refund", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(StopFields, form);
  const done = await stopInstanceWithRefund(c.var.ctx, caller, {
    uuid: input.instance_uuid,
    confirmName: input.confirm_name,
    expectedRefundFen: input.expected_refund_fen,
  });
  return toStopWithRefundWire(done);
});
