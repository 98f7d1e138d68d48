import { secured } from "~/render/security-headers.server";
import { sendToPlatform } from "./transport.server";

/**
 * Hands an outside client's request (under /api, /third-party or /sandbox) to the
 * platform unchanged, except that the browser's cookies stay here: the caller's
 * session for the platform is the `session` field or the Authorization header.
 */
export function forwardToPlatform(request: Request): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.delete("cookie");
  return sendToPlatform(request, headers).then(secured);
}
