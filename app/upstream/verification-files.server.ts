import {
  ID_CARD_OCR_PATH,
  type IdCardReadingWire,
  type IdCardSideWire,
  VERIFICATION_FILE_UPLOAD_PATH,
  verificationFileContentPath,
  type VerificationFilePurposeWire,
  type VerificationFileWire,
} from "../../platform/contract/verification";
import { UPLOAD_BODY_MAX_BYTES, UPLOAD_FILE_MAX_BYTES } from "../../platform/contract/uploads";
import { platformRequest, readReply, refusalOf } from "./third-party-files.server";
import { sendToPlatform, UpstreamError } from "./transport.server";
import type { VerificationCaller } from "./verification.server";

export type { IdCardReadingWire, IdCardSideWire, VerificationFilePurposeWire, VerificationFileWire };

/** A page form that carries one verification file (readUploadForm): 10 MB, the text fields and the framing. */
export const ONE_VERIFICATION_FILE_LIMITS = {
  maxFileBytes: UPLOAD_FILE_MAX_BYTES,
  maxFiles: 1,
  maxTotalBytes: UPLOAD_BODY_MAX_BYTES + 64 * 1024,
  oversizeFile: "note",
} as const;
export { VERIFICATION_FILE_PURPOSE_LABELS } from "../../platform/contract/verification";

/** A page form with the two sides of an ID card (readUploadForm): two photos of 10 MB at most, and its fields. */
export const ID_CARD_UPLOAD_LIMITS = {
  maxFileBytes: UPLOAD_FILE_MAX_BYTES,
  maxFiles: 2,
  maxTotalBytes: 2 * UPLOAD_BODY_MAX_BYTES + 64 * 1024,
  maxFieldBytes: 64 * 1024,
} as const;

/**
 * The limits of a page form that carries verification files (readUploadForm): `maxFiles` files of 10 MB at most
 * (the platform's upload limit), the text fields and the framing.
 */
export const verificationFormLimits = (maxFiles: number) => ({
  maxFileBytes: UPLOAD_FILE_MAX_BYTES,
  maxFiles,
  maxTotalBytes: maxFiles * UPLOAD_FILE_MAX_BYTES + 64 * 1024,
});

/**
 * Uploads one verification file (POST /third-party/api/v1/verification/file, multipart `file` and `purpose`): the
 * stored file's id, for the application that names it. Throws UpstreamError with the reason in Chinese and `field`
 * (the form's field name for the file) when the platform refuses it (type, size, the day's uploads).
 */
export async function uploadVerificationFile(
  caller: VerificationCaller,
  purpose: VerificationFilePurposeWire,
  file: File,
  field: string,
): Promise<VerificationFileWire> {
  return postFile<VerificationFileWire>(caller, VERIFICATION_FILE_UPLOAD_PATH, { purpose }, file, field);
}

/**
 * One side of an ID card read (POST /third-party/api/v1/verification/ocr-image, multipart `file` and `side`): the
 * stored file's id and what OCR read (the front's name and ID number whole, for the confirm form only). A refusal
 * of the photo (unreadable, type, size, 102252) stands beside `field`.
 */
export function readIdCardImage(
  caller: VerificationCaller,
  side: IdCardSideWire,
  file: File,
  field: string,
): Promise<IdCardReadingWire> {
  return postFile<IdCardReadingWire>(caller, ID_CARD_OCR_PATH, { side }, file, field);
}

/** A multipart post of one file and its text fields; a refusal (but a dead session or a fault) beside `field`. */
async function postFile<T>(
  caller: VerificationCaller,
  path: string,
  fields: Record<string, string>,
  file: File,
  field: string,
): Promise<T> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append("file", file, file.name);
  const [request, headers] = platformRequest(caller, path, { method: "POST", body });
  const response = await sendToPlatform(request, headers);
  const reply = await readReply<T>(response);
  if (response.ok && reply?.code === 0) return (reply as { data: T }).data;
  const refusal = refusalOf(response, reply, path, "NOT_FOUND");
  // A dead session and a fault are the page's; the identity service not answering is said beside the photo.
  if (refusal.status === 2 || (refusal.kind === "fault" && refusal.key !== "VERIFICATION_UNAVAILABLE")) throw refusal;
  throw new UpstreamError(refusal.key, refusal.httpStatus, 1, refusal.reason, field);
}

/**
 * The file's bytes as the platform serves them to its owner (no-store), for the web route that passes them on;
 * UpstreamError NOT_FOUND when the caller may not see it (someone else's, decided, or deleted).
 */
export async function fetchVerificationFile(caller: VerificationCaller, id: number): Promise<Response> {
  const path = verificationFileContentPath(id);
  const [request, headers] = platformRequest(caller, path, { method: "GET" });
  const response = await sendToPlatform(request, headers);
  if (response.ok) return response;
  throw refusalOf(response, await readReply(response), path, "NOT_FOUND");
}
