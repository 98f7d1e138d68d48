import { Hono } from "hono";
import { z } from "zod";
import { INSTANCE_LOG_FILTERS, type InstanceTimelineCalls } from "../../contract/instances-timeline";
import { instanceLog } from "../../modules/instances/timeline-log";
import { callerFromForm, type Env } from "../context";
import * as f from "../fields";
import { toInstanceLogPageWire } from "../shapes/instances-timeline";
import { parseFields, readForm } from "../wire";
import { contractRoutes } from "./contract-routes";

/** The instance log, scheduled shutdown and the GPU free notice (issue 36 part D, decision 082). */
export const timelineApi = new Hono<Env>();
const on = contractRoutes<InstanceTimelineCalls>(timelineApi);

/** The most log rows one page answers. */
export const LOG_PAGE_MAX = 50;

const LogFields = z.object({
  instance_uuid: z
    .string({ required_error: "请选择实例", invalid_type_error: "实例编号格式不正确" })
    .trim()
    .min(1, "请选择实例")
    .max(32, "实例编号格式不正确"),
  page: f.page,
  page_size: f.pageSize(LOG_PAGE_MAX, 20),
  kind: z
    .enum(INSTANCE_LOG_FILTERS, { errorMap: () => ({ message: "日志类型不正确" }) })
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

on.post("/logs/get_instance_log_list", async (c) => {
  const form = await readForm(c);
  const caller = await callerFromForm(c, form);
  const input = parseFields(LogFields, form);
  const page = await instanceLog(c.var.ctx, caller, {
    uuid: input.instance_uuid,
    page: input.page,
    pageSize: input.page_size,
    filter: input.kind ?? "all",
  });
  return toInstanceLogPageWire(page);
});
