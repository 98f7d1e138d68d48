import {
  UPLOAD_BODY_MAX_BYTES,
  UPLOAD_FILE_MAX_BYTES,
  UPLOAD_FILES_PER_FORM,
  WORK_ORDER_FILE_UPLOAD_PATH,
  workOrderFileContentPath,
} from "../../platform/contract/uploads";
import type { WorkOrderFileWire } from "../../platform/contract/work-orders";
import { platformRequest, readReply, refusalOf } from "./third-party-files.server";
import { sendToPlatform, UpstreamError } from "./transport.server";
import type { WorkOrderCaller } from "./work-orders.server";

export type { WorkOrderFileWire };
export { UPLOAD_FILE_MAX_BYTES, UPLOAD_FILES_PER_FORM };

/**
 * The limits of a page form that carries work-order files (readUploadForm in
 * app/utils/upload-form.server.ts): nine files of 10 MB at most, the text
 * fields, and the framing.
 */
export const WORK_ORDER_UPLOAD_LIMITS = {
  maxFileBytes: UPLOAD_FILE_MAX_BYTES,
  maxFiles: UPLOAD_FILES_PER_FORM,
  maxTotalBytes: UPLOAD_FILES_PER_FORM * UPLOAD_BODY_MAX_BYTES + 64 * 1024,
  maxFieldBytes: 64 * 1024,
} as const;

/**
 * Uploads one file (POST /third-party/api/v1/work-order/file): its id, URL
 * and stored type, not yet attached to an order. Throws UpstreamError with the
 * reason in Chinese when the platform refuses it (type, size, pixels, …).
 */
export async function uploadWorkOrderFile(caller: WorkOrderCaller, file: File): Promise<WorkOrderFileWire> {
  const body = new FormData();
  body.append("file", file, file.name);
  const [request, headers] = platformRequest(caller, WORK_ORDER_FILE_UPLOAD_PATH, { method: "POST", body });
  const response = await sendToPlatform(request, headers);
  const reply = await readReply<WorkOrderFileWire>(response);
  if (response.ok && reply?.code === 0) return (reply as { data: WorkOrderFileWire }).data;
  throw refusalOf(response, reply, WORK_ORDER_FILE_UPLOAD_PATH, "WORK_ORDER_FILE_NOT_FOUND");
}

/** The files a browser sent in a form field: an `<input type=file multiple>` left empty sends one nameless empty part. */
export function chosenFiles(form: FormData, field: string): File[] {
  return form.getAll(field).filter((v): v is File => v instanceof File && !(v.size === 0 && v.name === ""));
}

/**
 * Uploads the files of one form (the submit page without JavaScript): at most
 * nine, one call each, in order. The first refusal is thrown, with the file's
 * name in front of the reason and `field` as its field; files stored before it
 * stay unattached (nothing shows them but their uploader).
 */
export async function uploadWorkOrderFiles(
  caller: WorkOrderCaller,
  files: File[],
  field = "files",
): Promise<WorkOrderFileWire[]> {
  if (files.length > UPLOAD_FILES_PER_FORM)
    throw new UpstreamError("BAD_REQUEST", 400, 1, `一次最多上传 ${UPLOAD_FILES_PER_FORM} 个文件`, field);
  const stored: WorkOrderFileWire[] = [];
  for (const file of files) {
    try {
      stored.push(await uploadWorkOrderFile(caller, file));
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.status === 2 || error.kind === "fault") throw error;
      throw new UpstreamError(error.key, error.httpStatus, 1, `“${file.name}”：${error.reason}`, field);
    }
  }
  return stored;
}

/**
 * A stored file as the platform serves it to this caller (its bytes, with the
 * stored type, nosniff, disposition and cache headers), for the web route that
 * passes it on. Throws UpstreamError WORK_ORDER_FILE_NOT_FOUND (kind
 * "not-found") when the caller may not see it.
 */
export async function fetchWorkOrderFile(caller: WorkOrderCaller, id: number): Promise<Response> {
  const path = workOrderFileContentPath(id);
  const [request, headers] = platformRequest(caller, path, { method: "GET" });
  const response = await sendToPlatform(request, headers);
  if (response.ok) return response;
  throw refusalOf(response, await readReply(response), path, "WORK_ORDER_FILE_NOT_FOUND");
}
