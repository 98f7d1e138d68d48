import { Hono } from "hono";
import { z } from "zod";
import type { DeskCalls } from "../../contract/desk";
import { WORK_ORDER_LIMITS } from "../../contract/work-orders";
import { runDeskAction, type DeskAction } from "../../modules/work-orders/desk-actions";
import { getDeskOrder } from "../../modules/work-orders/desk-order";
import { contractRoutes } from "../api/contract-routes";
import type { Env } from "../context";
import * as f from "../fields";
import { toDeskOrder } from "../shapes/desk-order";
import { parseFields, readForm, type Form } from "../wire";
import { staffCaller } from "./context";

type OrderCalls = Pick<
  DeskCalls,
  | "/work-orders/detail"
  | "/work-orders/take"
  | "/work-orders/reply"
  | "/work-orders/note"
  | "/work-orders/ask"
  | "/work-orders/resolve"
  | "/work-orders/close"
  | "/work-orders/reassign"
>;

export const deskOrdersApi = new Hono<Env>();
const on = contractRoutes<OrderCalls>(deskOrdersApi);

const orderId = f.id("工单编号");
const content = z
  .string({ required_error: "请填写内容", invalid_type_error: "内容格式不正确" })
  .max(WORK_ORDER_LIMITS.commentMax, `内容不能超过${WORK_ORDER_LIMITS.commentMax}个字符`)
  .refine((v) => v.trim().length > 0, "请填写内容");
const optionalContent = z
  .string({ invalid_type_error: "内容格式不正确" })
  .max(WORK_ORDER_LIMITS.commentMax, `内容不能超过${WORK_ORDER_LIMITS.commentMax}个字符`)
  .optional();

const OrderFields = z.object({ id: orderId });
const TextFields = z.object({ id: orderId, content });
/** The staff member's uploads to attach, as comma-separated ids ("12,13"). */
const attachmentIds = z
  .string({ invalid_type_error: "附件格式不正确" })
  .max(200, "附件格式不正确")
  .optional()
  .transform((v) => (v ? v.split(",").map((s) => s.trim()) : []))
  .pipe(
    z
      .array(f.id("附件"))
      .max(WORK_ORDER_LIMITS.attachmentsPerOrder, `附件最多${WORK_ORDER_LIMITS.attachmentsPerOrder}个`),
  );
const MessageFields = z.object({ id: orderId, content, attachment_ids: attachmentIds });
const OptionalTextFields = z.object({ id: orderId, content: optionalContent });
const ReassignFields = z.object({ id: orderId, staff_id: f.id("客服编号") });

on.post("/work-orders/detail", async (c) => {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const input = parseFields(OrderFields, form);
  return toDeskOrder(await getDeskOrder(c.var.ctx, staff, { orderId: input.id }));
});

/** Reads the staff member, then the action's fields, runs it with its audit, answers the order's new state. */
async function act(c: Parameters<Parameters<typeof on.post>[1]>[0], toAction: (form: Form) => DeskAction) {
  const form = await readForm(c);
  const staff = await staffCaller(c);
  const done = await runDeskAction(c.var.ctx, staff, toAction(form));
  return { id: done.orderId, status: done.status };
}

on.post("/work-orders/take", (c) => act(c, (form) => ({ action: "take", orderId: parseFields(OrderFields, form).id })));
on.post("/work-orders/reply", (c) =>
  act(c, (form) => {
    const input = parseFields(MessageFields, form);
    return { action: "reply", orderId: input.id, body: input.content, attachmentIds: input.attachment_ids };
  }),
);
on.post("/work-orders/note", (c) =>
  act(c, (form) => {
    const input = parseFields(TextFields, form);
    return { action: "note", orderId: input.id, body: input.content };
  }),
);
on.post("/work-orders/ask", (c) =>
  act(c, (form) => {
    const input = parseFields(MessageFields, form);
    return { action: "ask", orderId: input.id, body: input.content, attachmentIds: input.attachment_ids };
  }),
);
on.post("/work-orders/resolve", (c) =>
  act(c, (form) => {
    const input = parseFields(OptionalTextFields, form);
    return { action: "resolve", orderId: input.id, body: input.content };
  }),
);
on.post("/work-orders/close", (c) =>
  act(c, (form) => {
    const input = parseFields(OptionalTextFields, form);
    return { action: "close", orderId: input.id, body: input.content };
  }),
);
on.post("/work-orders/reassign", (c) =>
  act(c, (form) => {
    const input = parseFields(ReassignFields, form);
    return { action: "reassign", orderId: input.id, assigneeStaffId: input.staff_id };
  }),
);
