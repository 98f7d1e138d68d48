/**
 * Field rules of the work-order forms (zod, Chinese messages), shared by the
 * platform's /third-party calls and the pages (issue 11). Pure: no I/O.
 */
import { z } from "zod";
import { multilineText, phone, requiredText, text } from "./fields";

export const WORK_ORDER_TITLE_MAX = 100;
export const WORK_ORDER_CONTENT_MAX = 10_000;
export const WORK_ORDER_REVOKE_REASON_MAX = 200;
export const WORK_ORDER_RESOURCE_ID_MAX = 64;

/** The title: 1–100 characters once trimmed. */
export const workOrderTitle = requiredText("工单标题", WORK_ORDER_TITLE_MAX);

/** A markdown body or comment: not blank, at most 10,000 characters; line breaks kept. */
export const workOrderContent = (label = "问题描述") =>
  multilineText(label, WORK_ORDER_CONTENT_MAX).refine((v) => v.trim().length > 0, `请填写${label}`);

export const workOrderContactPhone = phone("联系电话");

export const workOrderResourceId = requiredText("资源", WORK_ORDER_RESOURCE_ID_MAX);

export const workOrderRevokeReason = text("撤销原因", WORK_ORDER_REVOKE_REASON_MAX).optional();

export const workOrderResourceType = z.enum(["account", "instance", "order"], {
  errorMap: () => ({ message: "请选择资源类型" }),
});

export const workOrderChannel = z.enum(["site", "sms", "email"], {
  errorMap: () => ({ message: "请选择通知方式（站内信、短信、邮件）" }),
});
