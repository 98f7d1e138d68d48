import type { ActionFunctionArgs } from "@remix-run/node";
import { withSecurityHeaders } from "~/render/security-headers.server";
import { chosenFiles, UPLOAD_FILE_MAX_BYTES, uploadWorkOrderFile } from "~/upstream/uploads.server";
import { UpstreamError } from "~/upstream/transport.server";
import { requestClientAddress } from "~/utils/client-address.server";
import { assertSameOrigin } from "~/utils/origin.server";
import { BodyRefused } from "~/utils/request-body.server";
import { getSessionToken } from "~/utils/session.server";
import { readUploadForm } from "~/utils/upload-form.server";
import { BUSY_TEXT } from "~/utils/upstream-errors.server";

/** One file and its multipart framing. */
const LIMITS = { maxFileBytes: UPLOAD_FILE_MAX_BYTES, maxFiles: 1, maxTotalBytes: UPLOAD_FILE_MAX_BYTES + 64 * 1024 };

const reply = (body: unknown, status = 200) =>
  Response.json(body, { status, headers: { "Cache-Control": "private, no-store" } });

/**
 * The editor's image-upload button (with JavaScript): POST multipart with one
 * `file`; answers `{id, url, name, mime, width, height}` or `{error}` with the
 * reason in Chinese (401 without a live session, 413 too large, 415/400 a type
 * or content the platform refuses). Same-origin posts only.
 */
export function action({ request }: ActionFunctionArgs) {
  return withSecurityHeaders(async () => {
    assertSameOrigin(request);
    const token = await getSessionToken(request);
    if (!token) return reply({ error: "登录已失效，请重新登录" }, 401);
    let form: FormData;
    try {
      form = await readUploadForm(request, LIMITS);
    } catch (error) {
      if (error instanceof BodyRefused) return reply({ error: error.message }, error.status);
      throw error;
    }
    const [file] = chosenFiles(form, "file");
    if (!file) return reply({ error: "请选择要上传的文件" }, 400);
    try {
      const stored = await uploadWorkOrderFile({ token, clientAddress: requestClientAddress(request) }, file);
      const { id, url, name, mime, width, height } = stored;
      return reply({ id, url, name, mime, width, height });
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      if (error.kind === "session") return reply({ error: error.reason }, 401);
      if (error.kind === "fault") {
        console.error(`[work-order-upload] ${error.key} (HTTP ${error.httpStatus}) ${error.reason}`);
        return reply({ error: BUSY_TEXT }, 500);
      }
      return reply({ error: error.reason }, error.httpStatus >= 400 && error.httpStatus < 500 ? error.httpStatus : 400);
    }
  });
}
