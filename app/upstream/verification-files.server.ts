import {
  VERIFICATION_FILE_UPLOAD_PATH,
  verificationFileContentPath,
  type VerificationFilePurposeWire,
  type VerificationFileWire,
} from "../../platform/contract/verification";
import { platformRequest, readReply, refusalOf } from "./third-party-files.server";
import { sendToPlatform, UpstreamError } from "./transport.server";
import type { VerificationCaller } from "./verification.server";

export type { VerificationFilePurposeWire, VerificationFileWire };
export { VERIFICATION_FILE_PURPOSE_LABELS } from "../../platform/contract/verification";

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
  const body = new FormData();
  body.append("purpose", purpose);
  body.append("file", file, file.name);
  const [request, headers] = platformRequest(caller, VERIFICATION_FILE_UPLOAD_PATH, { method: "POST", body });
  const response = await sendToPlatform(request, headers);
  const reply = await readReply<VerificationFileWire>(response);
  if (response.ok && reply?.code === 0) return (reply as { data: VerificationFileWire }).data;
  const refusal = refusalOf(response, reply, VERIFICATION_FILE_UPLOAD_PATH, "NOT_FOUND");
  if (refusal.status === 2 || refusal.kind === "fault") throw refusal;
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
