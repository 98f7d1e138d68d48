import type { ActionFunctionArgs } from "@remix-run/node";
import { withSecurityHeaders } from "~/render/security-headers.server";
import { uploadDeskFile } from "~/upstream/desk-files.server";
import { getDeskOrder, type StaffAuth } from "~/upstream/desk.server";
import { UpstreamError } from "~/upstream/transport.server";
import { requestClientAddress } from "~/utils/client-address.server";
import { getStaffToken } from "~/utils/desk-session.server";
import { assertSameOrigin } from "~/utils/origin.server";
import {
  editorUploadReply as reply,
  readEditorUpload,
  storedFileReply,
  uploadLoader,
} from "~/utils/editor-upload.server";
import { BUSY_TEXT } from "~/utils/upstream-errors.server";

/** The states in which staff may still reply or ask, so send files (desk.orders.$id.tsx). */
const OPEN = new Set(["new", "processing", "waiting_user"]);

/** The refusal of a /staff call as the editor reads it: `{error}` in Chinese with a fitting status. */
function refusal(error: unknown): Response {
  if (!(error instanceof UpstreamError)) throw error;
  if (error.kind === "session") return reply({ error: "登录已失效，请重新登录" }, 401);
  if (error.kind === "not-found") return reply({ error: "工单不存在" }, 404);
  if (error.kind === "fault") {
    console.error(`[desk-upload] ${error.key} (HTTP ${error.httpStatus}) ${error.reason}`);
    return reply({ error: BUSY_TEXT }, 500);
  }
  return reply({ error: error.reason }, error.httpStatus >= 400 && error.httpStatus < 500 ? error.httpStatus : 400);
}

/** Only posts: a GET answers 405 with the reason in Chinese, not Remix's "Unexpected Server Error". */
export const loader = uploadLoader;

/**
 * The desk editor's image upload (with JavaScript), for one order: POST
 * multipart with one `file`, the desk's session only (never the user's
 * cookie). The order must exist and be open (a reply or a request for more
 * is what takes files); the file is stored as the staff member's upload
 * through /staff (the users' inspection and limits) and attached when the
 * reply is sent. Answers `{id, url, name, mime, width, height}` (`url` is the
 * users' file address, which the text keeps: the user reads it) or `{error}`.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return withSecurityHeaders(async () => {
    assertSameOrigin(request);
    const token = await getStaffToken(request);
    if (!token) return reply({ error: "登录已失效，请重新登录" }, 401);
    const orderId = Number(params.id);
    if (!Number.isSafeInteger(orderId) || orderId < 1) return reply({ error: "工单不存在" }, 404);
    const auth: StaffAuth = { token, clientAddress: requestClientAddress(request) };
    try {
      const order = await getDeskOrder(auth, orderId);
      if (!OPEN.has(order.status)) return reply({ error: "工单已结束，不能再上传图片" }, 409);
    } catch (error) {
      return refusal(error);
    }
    const file = await readEditorUpload(request);
    if (file instanceof Response) return file;
    try {
      return storedFileReply(await uploadDeskFile(auth, file));
    } catch (error) {
      return refusal(error);
    }
  });
}
