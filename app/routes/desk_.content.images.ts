import type { ActionFunctionArgs } from "@remix-run/node";
import { withSecurityHeaders } from "~/render/security-headers.server";
import { uploadContentImage } from "~/upstream/content-images.server";
import { UpstreamError } from "~/upstream/transport.server";
import { requestClientAddress } from "~/utils/client-address.server";
import { getStaffToken } from "~/utils/desk-session.server";
import {
  editorUploadReply as reply,
  readEditorUpload,
  storedFileReply,
  uploadLoader,
} from "~/utils/editor-upload.server";
import { assertSameOrigin } from "~/utils/origin.server";
import { BUSY_TEXT } from "~/utils/upstream-errors.server";

/** Only posts: a GET answers 405 with the reason in Chinese. */
export const loader = uploadLoader;

/**
 * The content desk's markdown editor image upload (with JavaScript): POST
 * multipart with one `file`, the desk's session only, same origin; stored
 * through /staff/content/images (the users' upload checks, images only,
 * editors and admins). Answers `{id, url, name, mime, width, height}` (`url`
 * is the public /content-images/<id>, which the markdown keeps) or `{error}`.
 */
export function action({ request }: ActionFunctionArgs) {
  return withSecurityHeaders(async () => {
    assertSameOrigin(request);
    const token = await getStaffToken(request);
    if (!token) return reply({ error: "登录已失效，请重新登录" }, 401);
    const file = await readEditorUpload(request);
    if (file instanceof Response) return file;
    try {
      return storedFileReply(await uploadContentImage({ token, clientAddress: requestClientAddress(request) }, file));
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      if (error.kind === "session") return reply({ error: "登录已失效，请重新登录" }, 401);
      if (error.kind === "forbidden") return reply({ error: error.reason }, 403);
      if (error.kind === "fault") {
        console.error(`[content-images] ${error.key} (HTTP ${error.httpStatus}) ${error.reason}`);
        return reply({ error: BUSY_TEXT }, 500);
      }
      return reply({ error: error.reason }, error.httpStatus >= 400 && error.httpStatus < 500 ? error.httpStatus : 400);
    }
  });
}
