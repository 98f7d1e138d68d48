import { DESK_FILE_UPLOAD_PATH, deskFileContentPath } from "../../platform/contract/desk";
import { isErrorKey, type ApiReply } from "../../platform/contract/errors";
import { STAFF_SESSION_HEADER } from "../../platform/contract/staff";
import { UPLOAD_FILES_PER_FORM } from "../../platform/contract/uploads";
import type { WorkOrderFileWire } from "../../platform/contract/work-orders";
import type { StaffAuth } from "./desk.server";
import { clientAddressHeaders, sendToPlatform, UpstreamError } from "./transport.server";

export { chosenFiles, UPLOAD_FILE_MAX_BYTES, UPLOAD_FILES_PER_FORM, WORK_ORDER_UPLOAD_LIMITS } from "./uploads.server";
export type { WorkOrderFileWire };

const INTERNAL_ORIGIN = "http://platform.internal";

/** A /staff request with the staff token in its header and the browser's address. */
export function staffRequest(auth: StaffAuth, path: string, init: RequestInit): [Request, Headers] {
  const request = new Request(new URL(`/staff${path}`, INTERNAL_ORIGIN), init);
  const headers = new Headers(request.headers);
  for (const [name, value] of clientAddressHeaders(auth.clientAddress)) headers.set(name, value);
  headers.set(STAFF_SESSION_HEADER, auth.token);
  return [request, headers];
}

export async function readReply<T>(response: Response): Promise<ApiReply<T> | null> {
  try {
    return (await response.json()) as ApiReply<T>;
  } catch {
    return null;
  }
}

/** The refusal in a /staff envelope as the UpstreamError pages handle (status 2: the staff session is dead). */
export function refusalOf(response: Response, reply: ApiReply<unknown> | null, path: string): UpstreamError {
  if (!reply || typeof reply.status !== "number" || reply.status === 0) {
    console.error(`[upstream] /staff${path}: HTTP ${response.status} without a refusal`);
    return new UpstreamError("INTERNAL", response.status, 1, "服务繁忙，请稍后再试", null);
  }
  const key = isErrorKey(reply.key) ? reply.key : reply.status === 2 ? "SESSION_INVALID" : "INTERNAL";
  return new UpstreamError(key, response.status, reply.status, reply.reason, reply.data?.field ?? null);
}

/**
 * Uploads one file as the staff member (POST /staff/work-orders/files/upload):
 * the users' inspection and limits, not yet attached to an order. Throws
 * UpstreamError with the reason in Chinese when the platform refuses it.
 */
export async function uploadDeskFile(auth: StaffAuth, file: File): Promise<WorkOrderFileWire> {
  const body = new FormData();
  body.append("file", file, file.name);
  const [request, headers] = staffRequest(auth, DESK_FILE_UPLOAD_PATH, { method: "POST", body });
  const response = await sendToPlatform(request, headers);
  const reply = await readReply<WorkOrderFileWire>(response);
  if (response.ok && reply?.status === 0) return reply.data;
  throw refusalOf(response, reply, DESK_FILE_UPLOAD_PATH);
}

/**
 * Uploads the files of one desk form, one call each, in order (nine at most).
 * The first refusal is thrown with the file's name in front of the reason and
 * `field` as its field; files stored before it stay unattached (the hourly
 * purge removes them after a week).
 */
export async function uploadDeskFiles(auth: StaffAuth, files: File[], field = "files"): Promise<WorkOrderFileWire[]> {
  if (files.length > UPLOAD_FILES_PER_FORM)
    throw new UpstreamError("BAD_REQUEST", 400, 1, `一次最多上传 ${UPLOAD_FILES_PER_FORM} 个文件`, field);
  const stored: WorkOrderFileWire[] = [];
  for (const file of files) {
    try {
      stored.push(await uploadDeskFile(auth, file));
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.kind !== "refused") throw error;
      throw new UpstreamError(error.key, error.httpStatus, 1, `“${file.name}”：${error.reason}`, field);
    }
  }
  return stored;
}

/**
 * A work-order file as the platform serves it to staff (its bytes, with the
 * stored type, nosniff, disposition and cache headers). Throws UpstreamError:
 * WORK_ORDER_FILE_NOT_FOUND (kind "not-found") for a file staff may not see,
 * kind "session" for a dead staff session.
 */
export async function fetchDeskFile(auth: StaffAuth, id: number): Promise<Response> {
  const path = deskFileContentPath(id);
  const [request, headers] = staffRequest(auth, path, { method: "GET" });
  const response = await sendToPlatform(request, headers);
  const json = (response.headers.get("content-type") ?? "").startsWith("application/json");
  if (response.ok && !json) return response;
  throw refusalOf(response, await readReply(response), path);
}
