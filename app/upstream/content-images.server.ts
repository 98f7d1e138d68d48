import { CONTENT_IMAGE_UPLOAD_PATH, contentImageApiPath, type ContentImageWire } from "../../platform/contract/content";
import type { StaffAuth } from "./desk.server";
import { readReply, refusalOf, staffRequest } from "./desk-files.server";
import { sendToPlatform, UpstreamError } from "./transport.server";

export type { ContentImageWire };

/**
 * Uploads a doc image as the editor (POST /staff/content/images): the users'
 * upload checks, images only. Throws UpstreamError with the reason in Chinese
 * when the platform refuses it (PERMISSION_DENIED for a staff member who is
 * not an editor).
 */
export async function uploadContentImage(auth: StaffAuth, file: File): Promise<ContentImageWire> {
  const body = new FormData();
  body.append("file", file, file.name);
  const [request, headers] = staffRequest(auth, CONTENT_IMAGE_UPLOAD_PATH, { method: "POST", body });
  const response = await sendToPlatform(request, headers);
  const reply = await readReply<ContentImageWire>(response);
  if (response.ok && reply?.status === 0) return reply.data;
  throw refusalOf(response, reply, CONTENT_IMAGE_UPLOAD_PATH);
}

const INTERNAL_ORIGIN = "http://platform.internal";

/**
 * A doc image as the platform serves it to anyone (its bytes, type, nosniff,
 * CSP). Throws UpstreamError NOT_FOUND (kind "not-found") for an id that is no
 * doc image.
 */
export async function fetchContentImage(id: number): Promise<Response> {
  const path = `/api${contentImageApiPath(id)}`;
  const response = await sendToPlatform(new Request(new URL(path, INTERNAL_ORIGIN), { method: "GET" }));
  const json = (response.headers.get("content-type") ?? "").startsWith("application/json");
  if (response.ok && !json) return response;
  const reply = await readReply<unknown>(response);
  if (response.status === 404) throw new UpstreamError("NOT_FOUND", 404, 1, reply?.reason ?? "图片不存在", null);
  throw refusalOf(response, reply, path);
}
