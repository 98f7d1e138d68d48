import type { ActionFunctionArgs } from "@remix-run/node";
import { withSecurityHeaders } from "~/render/security-headers.server";
import { uploadWorkOrderFile } from "~/upstream/uploads.server";
import { UpstreamError } from "~/upstream/transport.server";
import { requestClientAddress } from "~/utils/client-address.server";
import { assertSameOrigin } from "~/utils/origin.server";
import { getSessionToken } from "~/utils/session.server";
import {
  editorUploadReply as reply,
  readEditorUpload,
  storedFileReply,
  uploadLoader,
} from "~/utils/editor-upload.server";
import { BUSY_TEXT } from "~/utils/upstream-errors.server";

/** Only posts: a GET answers 405 with the reason in Chinese, not Remix's "Unexpected Server Error". */
export const loader = () => withSecurityHeaders(uploadLoader);

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
    const file = await readEditorUpload(request);
    if (file instanceof Response) return file;
    try {
      return storedFileReply(await uploadWorkOrderFile({ token, clientAddress: requestClientAddress(request) }, file));
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
