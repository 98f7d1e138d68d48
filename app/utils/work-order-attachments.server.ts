import { UpstreamError } from "~/upstream/transport.server";
import { chosenFiles, uploadWorkOrderFiles } from "~/upstream/uploads.server";
import type { WorkOrderCaller } from "~/upstream/work-orders.server";
import { oversizeFiles } from "./upload-form.server";
import { postedAttachmentIds } from "./work-order-form.server";

/**
 * The attachments of a posted work-order form (the order's own or a reply's):
 * the files chosen in its 附件 field, uploaded one platform call each, after
 * the ids of the images the markdown editor uploaded (hidden `attachment_ids`
 * fields), each id once. A refused file (over 10 MB as the form was read, or
 * refused by the platform) throws UpstreamError with its name and Chinese
 * reason on the "files" field, before anything is uploaded when it is too
 * large, so the page shows it beside 附件 and keeps what was typed.
 */
export async function workOrderAttachmentIds(caller: WorkOrderCaller, form: FormData): Promise<number[]> {
  const [oversize] = oversizeFiles(form, "files");
  if (oversize) throw new UpstreamError("UPLOAD_TOO_LARGE", 413, 1, `“${oversize.name}”：${oversize.reason}`, "files");
  const uploaded = await uploadWorkOrderFiles(caller, chosenFiles(form, "files"), "files");
  return [...new Set([...postedAttachmentIds(form), ...uploaded.map((file) => file.id)])];
}
