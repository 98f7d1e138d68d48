import { Hono, type Context } from "hono";
import { z } from "zod";
import { WORK_ORDER_LIMITS, type WorkOrderCalls } from "../../contract/work-orders";
import { addUserComment } from "../../modules/work-orders/add-comment";
import { attachToOrder, detachFromOrder } from "../../modules/work-orders/attachments";
import { listCategories } from "../../modules/work-orders/categories";
import { createOrder } from "../../modules/work-orders/create-order";
import { listDocuments } from "../../modules/work-orders/documents";
import { listOrders } from "../../modules/work-orders/list-orders";
import { getOrderDetail } from "../../modules/work-orders/order-detail";
import { revokeOrder } from "../../modules/work-orders/revoke-order";
import { subscribe, unsubscribe } from "../../modules/work-orders/subscriptions";
import { hasUnreadReply } from "../../modules/work-orders/unread-flag";
import { email } from "../../rules/fields";
import {
  workOrderChannel,
  workOrderContactPhone,
  workOrderContent,
  workOrderResourceId,
  workOrderResourceType,
  workOrderRevokeReason,
  workOrderTitle,
} from "../../rules/work-order-fields";
import * as f from "../fields";
import { toPage } from "../shapes/page";
import { toCategory, toChanged, toDetail, toDocument, toFile, toSubscription, toSummary } from "../shapes/work-orders";
import { parseFields, readForm } from "../wire";
import { readThirdPartyBody } from "./body";
import type { ThirdPartyEnv } from "./index";
import { thirdPartyRoutes } from "./routes";

/** The work-order calls of /third-party (spec §7, docs/decisions/036). */
export const workOrdersApi = new Hono<ThirdPartyEnv>();
const on = thirdPartyRoutes<WorkOrderCalls>(workOrdersApi);

/** A list of ids: a JSON array, a repeated form field, or one id; at most `max`. */
const idList = (label: string, max: number) =>
  z
    .union([z.array(z.union([z.string(), z.number()])), z.string(), z.number()], {
      errorMap: () => ({ message: `${label}格式不正确` }),
    })
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .pipe(z.array(f.id(label)).max(max, `${label}最多${max}个`));

const optionalId = (label: string) => f.id(label).optional();

/** The schema of a path's `:id` by its label, built once per label (the labels are this file's constants). */
const pathIdFields = new Map<string, z.ZodObject<{ id: ReturnType<typeof f.id> }>>();

/** The `:id` of the path, as a positive integer (100022 otherwise). */
const pathId = (c: Context<ThirdPartyEnv>, label: string) => {
  let fields = pathIdFields.get(label);
  if (!fields) {
    fields = z.object({ id: f.id(label) });
    pathIdFields.set(label, fields);
  }
  return parseFields(fields, { id: c.req.param("id") }).id;
};

const statusFilter = z
  .enum(["all", "open", "new", "processing", "waiting_user", "resolved", "closed", "revoked"], {
    errorMap: () => ({ message: "状态不正确" }),
  })
  .optional()
  .default("all");

on("categories", "GET", "/api/v1/work-order/categories", async (c) => {
  const list = await listCategories(c.var.ctx, c.var.caller);
  return { list: list.map(toCategory) };
});

const documentsQuery = z.object({
  category_id: optionalId("分类编号"),
  question_id: optionalId("问题编号"),
  keyword: f.optionalText("关键词", WORK_ORDER_LIMITS.keywordMax),
});

on("documents", "GET", "/api/v1/work-order/documents", async (c) => {
  const query = parseFields(documentsQuery, await readForm(c));
  const list = await listDocuments(c.var.ctx, c.var.caller, {
    categoryId: query.category_id,
    questionId: query.question_id,
    keyword: query.keyword,
  });
  return { list: list.map(toDocument) };
});

const listQuery = z.object({
  status: statusFilter,
  page: f.page,
  page_size: f.pageSize(WORK_ORDER_LIMITS.pageSizeMax, 10),
});

on("listOrders", "GET", "/api/v1/work-order/orders", async (c) => {
  const query = parseFields(listQuery, await readForm(c));
  const page = await listOrders(c.var.ctx, c.var.caller, {
    status: query.status,
    page: query.page,
    pageSize: query.page_size,
  });
  return { ...toPage(page, toSummary), status_counts: page.statusCounts };
});

const createBody = z.object({
  category_id: f.id("分类编号"),
  question_id: f.id("问题编号"),
  resource_type: workOrderResourceType,
  resource_id: z.union([z.number().int().positive().transform(String), workOrderResourceId]),
  title: workOrderTitle,
  content: workOrderContent(),
  contact_phone: workOrderContactPhone,
  attachment_ids: idList("附件", WORK_ORDER_LIMITS.attachmentsPerOrder),
});

on("createOrder", "POST", "/api/v1/work-order/orders", async (c) => {
  const body = parseFields(createBody, await readThirdPartyBody(c));
  const created = await createOrder(c.var.ctx, c.var.caller, {
    categoryId: body.category_id,
    questionId: body.question_id,
    resourceType: body.resource_type,
    resourceId: body.resource_id,
    title: body.title,
    body: body.content,
    contactPhone: body.contact_phone,
    attachmentIds: body.attachment_ids,
  });
  return toChanged(created);
});

on("getOrder", "GET", "/api/v1/work-order/orders/:id", async (c) => {
  const id = pathId(c, "工单编号");
  return toDetail(await getOrderDetail(c.var.ctx, c.var.caller, { id }));
});

const updateBody = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("revoke"), reason: workOrderRevokeReason }),
    z.object({
      action: z.literal("comment"),
      content: workOrderContent("回复内容"),
      attachment_ids: idList("附件", WORK_ORDER_LIMITS.attachmentsPerOrder),
    }),
  ],
  { errorMap: () => ({ message: "action 只能是 revoke 或 comment" }) },
);

on("updateOrder", "PUT", "/api/v1/work-order/orders/:id", async (c) => {
  const id = pathId(c, "工单编号");
  const body = parseFields(updateBody, await readThirdPartyBody(c));
  const changed =
    body.action === "revoke"
      ? await revokeOrder(c.var.ctx, c.var.caller, { id, reason: body.reason })
      : await addUserComment(c.var.ctx, c.var.caller, {
          orderId: id,
          body: body.content,
          attachmentIds: body.attachment_ids,
        });
  return toChanged(changed);
});

const attachBody = z.object({
  order_id: f.id("工单编号"),
  file_ids: idList("附件", WORK_ORDER_LIMITS.attachmentsPerOrder).refine((ids) => ids.length > 0, "请选择附件"),
});

on("attach", "POST", "/api/v1/work-order/attachments", async (c) => {
  const body = parseFields(attachBody, await readThirdPartyBody(c));
  const result = await attachToOrder(c.var.ctx, c.var.caller, { orderId: body.order_id, fileIds: body.file_ids });
  return { order_id: result.orderId, attachments: result.attachments.map(toFile) };
});

on("detach", "DELETE", "/api/v1/work-order/attachments/:id", async (c) => {
  const id = pathId(c, "附件编号");
  return detachFromOrder(c.var.ctx, c.var.caller, { fileId: id });
});

const subscribeBody = z
  .object({
    order_id: f.id("工单编号"),
    channel: workOrderChannel,
    address: z.string({ invalid_type_error: "接收地址格式不正确" }).max(254, "接收地址过长").optional(),
  })
  .superRefine((value, ctx) => {
    if (value.address === undefined || value.channel === "site") return;
    const rule = value.channel === "sms" ? f.phone("手机号") : email;
    const checked = rule.safeParse(value.address);
    if (!checked.success)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["address"], message: checked.error.issues[0]!.message });
  });

on("subscribe", "POST", "/api/v1/work-order/notifications", async (c) => {
  const body = parseFields(subscribeBody, await readThirdPartyBody(c));
  const subscription = await subscribe(c.var.ctx, c.var.caller, {
    orderId: body.order_id,
    channel: body.channel,
    address: body.channel === "site" ? undefined : body.address?.trim(),
  });
  return toSubscription(subscription);
});

on("unsubscribe", "DELETE", "/api/v1/work-order/notifications/:id", async (c) => {
  const id = pathId(c, "订阅编号");
  return unsubscribe(c.var.ctx, c.var.caller, { id });
});

const commentBody = z.object({
  order_id: f.id("工单编号"),
  content: workOrderContent("回复内容"),
  attachment_ids: idList("附件", WORK_ORDER_LIMITS.attachmentsPerOrder),
});

on("comment", "POST", "/api/v1/work-order/comments", async (c) => {
  const body = parseFields(commentBody, await readThirdPartyBody(c));
  const changed = await addUserComment(c.var.ctx, c.var.caller, {
    orderId: body.order_id,
    body: body.content,
    attachmentIds: body.attachment_ids,
  });
  return toChanged(changed);
});

on("unreadFlag", "GET", "/api/v1/work-order/unread-flag", async (c) => ({
  unread: await hasUnreadReply(c.var.ctx, c.var.caller),
}));
