/**
 * The upload calls of /third-party beside the work-order contract
 * (platform/contract/work-orders.ts names `uploadFile` and the file's wire
 * shape): the byte limits both tiers apply, and the read call that serves a
 * file's bytes to whoever may see it (docs/decisions/037-uploads.md).
 */
import { CONTENT_IMAGE_UPLOAD_PATH } from "./content";
import { DESK_FILE_UPLOAD_PATH } from "./desk";
import { VERIFICATION_FILE_UPLOAD_PATH } from "./verification";
import { SOFTWARE_RELEASE_ADD_PATH, SOFTWARE_RELEASE_BODY_MAX_BYTES } from "./software";

/** POST: multipart/form-data with one `file` field. */
export const WORK_ORDER_FILE_UPLOAD_PATH = "/api/v1/work-order/file";

/**
 * GET: the file's bytes, answered as themselves (not an envelope) with the
 * stored type, or a ThirdPartyErrorReply (100041, HTTP 404) when the caller
 * may not see it or it does not exist.
 */
export const workOrderFileContentPath = (id: number) => `/api/v1/work-order/file/${id}`;

/** The largest file (10 MB). */
export const UPLOAD_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** The largest upload body: one file and the multipart framing around it. */
export const UPLOAD_BODY_MAX_BYTES = UPLOAD_FILE_MAX_BYTES + 64 * 1024;
/** How many files one upload form may send at once (the order's limit). */
export const UPLOAD_FILES_PER_FORM = 9;

/** The body limit of a platform path: an upload call's, or the default for everything else. */
export function bodyLimitOf(path: string, defaultMax: number): number {
  if (path === `/staff${SOFTWARE_RELEASE_ADD_PATH}`) return SOFTWARE_RELEASE_BODY_MAX_BYTES;
  return path === `/third-party${WORK_ORDER_FILE_UPLOAD_PATH}` ||
    path === `/third-party${VERIFICATION_FILE_UPLOAD_PATH}` ||
    path === `/staff${DESK_FILE_UPLOAD_PATH}` ||
    path === `/staff${CONTENT_IMAGE_UPLOAD_PATH}`
    ? UPLOAD_BODY_MAX_BYTES
    : defaultMax;
}

/** Raster images are shown inline; everything else (SVG, pdf, zip, text) is offered as a download. */
const INLINE_TYPES = new Set(["image/png", "image/jpeg", "image/gif"]);

/**
 * The headers a stored file is served with, by the platform's read call and by
 * the web route that passes it on: the stored type, nosniff, inline only for
 * raster images, a CSP that lets nothing in it run or load, never cached (issue 33 §2).
 */
export function servedFileHeaders(file: { mime: string; name: string; size: number }): Record<string, string> {
  const disposition = INLINE_TYPES.has(file.mime) ? "inline" : "attachment";
  const ascii = file.name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return {
    "content-type": file.mime,
    "content-length": String(file.size),
    "content-disposition": `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
    "cache-control": "private, no-store",
    "cross-origin-resource-policy": "same-origin",
  };
}
