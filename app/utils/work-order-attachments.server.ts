import { UpstreamError } from "~/upstream/transport.server";
import type { WorkOrderCaller } from "~/upstream/work-orders.server";

/**
 * Uploads the files of a work-order form (the order's own or a reply's), one
 * platform call per file, and answers their ids in order, to attach to the
 * order. A refused file is an error beside the form's file field.
 */
export async function uploadWorkOrderAttachments(_caller: WorkOrderCaller, files: File[]): Promise<number[]> {
  if (files.length === 0) return [];
  // The platform's file call (POST /third-party/api/v1/work-order/file) comes with the upload pipeline.
  throw new UpstreamError("BAD_REQUEST", 400, 1, "附件上传暂未开放，请先提交文字描述", "files");
}
