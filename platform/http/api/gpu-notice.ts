import { Hono } from "hono";
import { z } from "zod";
import type { GpuNoticeCalls } from "../../contract/gpu-notice";
import {
  cancelGpuFreeNotice,
  getGpuFreeNotice,
  GPU_NOTICE_EMAIL_FIELD,
  GPU_NOTICE_SMS_FIELD,
  subscribeGpuFreeNotice,
} from "../../modules/gpu-notice/watch";
import { callerFromForm, type Env } from "../context";
import * as f from "../fields";
import { toGpuNoticeChangeWire, toGpuNoticeViewWire } from "../shapes/gpu-notice";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";

/** The GPU free notice (GPU 空闲通知, issue 36 §2, decision 092): read, subscribe, cancel. */
export const gpuNoticeApi = new Hono<Env>();
const on = contractRoutes<GpuNoticeCalls>(gpuNoticeApi);

const RefFields = z.object({
  instance_uuid: z
    .string({ required_error: "请选择实例", invalid_type_error: "实例编号格式不正确" })
    .trim()
    .min(1, "请选择实例")
    .max(32, "实例编号格式不正确"),
});

const SubscribeFields = RefFields.extend({
  [GPU_NOTICE_SMS_FIELD]: f.flag("短信通知"),
  [GPU_NOTICE_EMAIL_FIELD]: f.flag("邮件通知"),
});

on.post("/instance/get_gpu_free_notice", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(RefFields, form);
  return toGpuNoticeViewWire(await getGpuFreeNotice(c.var.ctx, caller, { uuid: input.instance_uuid }));
});

on.post("/instance/subscribe_gpu_free_notice", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(SubscribeFields, form);
  const done = await subscribeGpuFreeNotice(c.var.ctx, caller, {
    uuid: input.instance_uuid,
    sms: input[GPU_NOTICE_SMS_FIELD],
    email: input[GPU_NOTICE_EMAIL_FIELD],
  });
  return toGpuNoticeChangeWire(done);
});

on.post("/instance/cancel_gpu_free_notice", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(RefFields, form);
  return toGpuNoticeChangeWire(await cancelGpuFreeNotice(c.var.ctx, caller, { uuid: input.instance_uuid }));
});
