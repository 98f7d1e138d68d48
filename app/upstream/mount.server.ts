import { CLIENT_ADDRESS_HEADER, CLIENT_USER_AGENT_HEADER, WEB_TIER_KEY_HEADER } from "../../platform/contract/security";
import { requestClientAddress } from "~/utils/client-address.server";
import { clientAddressHeaders, sendToPlatform } from "./transport.server";
import { secured } from "~/render/security-headers.server";

/**
 * Hands an outside client's request (under /api, /third-party or /sandbox) to the
 * platform unchanged, except: the browser's cookies stay here (the caller's
 * session for the platform is the `session` field or the Authorization
 * header), and the client-address headers are this tier's own, never the
 * client's (decision 025): the address TRUST_PROXY lets us know, or none.
 */
export function forwardToPlatform(request: Request): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.delete("cookie");
  headers.delete(CLIENT_ADDRESS_HEADER);
  headers.delete(CLIENT_USER_AGENT_HEADER); // the request's own user-agent stays: it is the client's
  headers.delete(WEB_TIER_KEY_HEADER);
  for (const [name, value] of clientAddressHeaders(requestClientAddress(request))) headers.set(name, value);
  return sendToPlatform(request, headers).then(secured);
}
