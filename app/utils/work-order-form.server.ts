import { z } from "zod";
import { WORK_ORDER_UPLOAD_LIMITS } from "~/upstream/uploads.server";
import { WORK_ORDER_LIMITS } from "~/upstream/work-orders.server";
import * as field from "../../platform/rules/fields";
import { mediaType, readForm } from "./request-body.server";
import { readUploadForm } from "./upload-form.server";

/** A markdown body: not blank, within the platform's limit, no control characters but tab and line breaks. */
export const markdownBody = (label: string, max: number) =>
  field.multilineText(label, max).refine((v) => v.trim().length > 0, `请填写${label}`);

/** The work-order form's fields (the files and editor images are read apart: work-order-attachments.server.ts). */
export const WorkOrderFormSchema = z.object({
  resource_id: z.string({ required_error: "请选择相关资源" }).trim().min(1, "请选择相关资源").max(64, "请选择相关资源"),
  title: field.requiredText("标题", WORK_ORDER_LIMITS.titleMax),
  body: markdownBody("问题描述", WORK_ORDER_LIMITS.bodyMax),
  contact_phone: field.phone("联系电话"),
  agree: field.ticked("请阅读并同意《工单服务协议》"),
});

/** A reply in the thread. */
export const CommentSchema = z.object({ body: markdownBody("回复内容", WORK_ORDER_LIMITS.commentMax) });

/**
 * The body of a work-order page's form: a multipart form with attachments
 * (WORK_ORDER_UPLOAD_LIMITS: 9 files of 10 MB at most, and the text fields),
 * or a plain form (64 KB).
 */
export function readWorkOrderForm(request: Request): Promise<FormData> {
  if (mediaType(request) !== "multipart/form-data") return readForm(request);
  // A file over 10 MB is noted, not fatal: its reason shows beside 附件 and the text is kept.
  return readUploadForm(request, { ...WORK_ORDER_UPLOAD_LIMITS, oversizeFile: "note" });
}

/** The attachment limits a page hands to its form (the browser bundle never imports the contract). */
export const ATTACHMENT_LIMITS = {
  maxFiles: WORK_ORDER_LIMITS.attachmentsPerOrder,
  maxFileMegabytes: WORK_ORDER_LIMITS.fileBytesMax / 1024 / 1024,
};

/**
 * Ids of files already uploaded from the page (the markdown editor's image
 * upload posts each as a hidden `attachment_ids` field): positive whole
 * numbers, each once. The platform attaches only the caller's own uploads.
 */
export function postedAttachmentIds(form: FormData, name = "attachment_ids"): number[] {
  const ids = form
    .getAll(name)
    .map((v) => (typeof v === "string" && /^\d{1,15}$/.test(v) ? Number(v) : 0))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  return [...new Set(ids)];
}
