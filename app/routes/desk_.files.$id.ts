import type { LoaderFunctionArgs } from "@remix-run/node";
import { withSecurityHeaders } from "~/render/security-headers.server";
import { fetchDeskFile } from "~/upstream/desk-files.server";
import { UpstreamError } from "~/upstream/transport.server";
import { requestClientAddress } from "~/utils/client-address.server";
import { getStaffToken, redirectToDeskLogin } from "~/utils/desk-session.server";
import { BUSY_TEXT } from "~/utils/upstream-errors.server";

/** The headers of the platform's answer that the browser gets (type, length, disposition, nosniff, CSP, caching). */
const PASSED_ON = [
  "content-type",
  "content-length",
  "content-disposition",
  "x-content-type-options",
  "content-security-policy",
  "cache-control",
  "cross-origin-resource-policy",
];

const notFound = () =>
  new Response("附件不存在或无权访问", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });

/**
 * A work-order file for staff (deskFilePath): the desk's session only (the
 * `gc_desk` cookie, never the user's), through the /staff read call, so staff
 * see any order's files but not a user's upload on no order. The same headers
 * as the users' route (work-order-files.$id.ts): the stored type, nosniff,
 * `inline` only for gif/png/jpeg, private caching. Without a live staff
 * session: the desk's login, coming back here; a file staff may not see: 404.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return withSecurityHeaders(async () => {
    const raw = params.id ?? "";
    const token = await getStaffToken(request);
    if (!token) return redirectToDeskLogin(request, false);
    if (!/^[1-9]\d{0,15}$/.test(raw)) return notFound();
    try {
      const served = await fetchDeskFile({ token, clientAddress: requestClientAddress(request) }, Number(raw));
      const headers = new Headers({ Vary: "Cookie" });
      for (const name of PASSED_ON) {
        const value = served.headers.get(name);
        if (value !== null) headers.set(name, value);
      }
      return new Response(served.body, { status: 200, headers });
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      if (error.kind === "session") return redirectToDeskLogin(request, true);
      if (error.kind === "fault") {
        console.error(`[desk-files] ${error.key} (HTTP ${error.httpStatus}) ${error.reason}`);
        return new Response(BUSY_TEXT, { status: error.key === "DATABASE" ? 503 : 500 });
      }
      return notFound();
    }
  });
}
