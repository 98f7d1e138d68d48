import { Hono } from "hono";
import { z } from "zod";
import type { DeskCalls } from "../../contract/desk";
import { WORK_ORDER_STATUSES } from "../../db/work-order-schema";
import { deskCatalogue } from "../../modules/work-orders/desk-catalogue";
import { listDeskQueue } from "../../modules/work-orders/desk-queue";
import { contractRoutes } from "../api/contract-routes";
import type { Env } from "../context";
import * as f from "../fields";
import { toDeskCatalogue, toDeskQueueItem } from "../shapes/desk";
import { toPage } from "../shapes/page";
import { parseFields, readForm } from "../wire";
import { staffCaller } from "./context";

export const deskQueueApi = new Hono<Env>();
const on = contractRoutes<Pick<DeskCalls, "/work-orders/queue" | "/work-orders/catalogue">>(deskQueueApi);

const QueueFields = z.object({
  page: f.page,
  page_size: f.pageSize(50, 20),
  status: z
    .enum([...WORK_ORDER_STATUSES, "open", "all"], { errorMap: () => ({ message: "状态不正确" }) })
    .optional()
    .default("open"),
  category_id: f.id("分类编号").optional(),
  min_wait_hours: z
    .string()
    .max(4)
    .regex(/^\d+$/, "等待时长必须是整数小时")
    .transform(Number)
    .refine((n) => n >= 1 && n <= 720, "等待时长必须在1到720小时之间")
    .optional(),
  assignee: z
    .string()
    .max(20)
    .regex(/^(me|none|all|[1-9]\d{0,15})$/, "处理人不正确")
    .optional()
    .default("all"),
});

on.post("/work-orders/queue", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(QueueFields, form);
  const assignee =
    input.assignee === "me" || input.assignee === "none" || input.assignee === "all"
      ? input.assignee
      : Number(input.assignee);
  const page = await listDeskQueue(c.var.ctx, staff, {
    status: input.status,
    categoryId: input.category_id ?? null,
    minWaitHours: input.min_wait_hours ?? null,
    assignee,
    page: input.page,
    pageSize: input.page_size,
  });
  return { ...toPage(page, toDeskQueueItem), status_counts: page.statusCounts };
});

on.post("/work-orders/catalogue", async (c) => {
  await readForm(c);
  return toDeskCatalogue(await deskCatalogue(c.var.ctx, await staffCaller(c)));
});
