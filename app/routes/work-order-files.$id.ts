import type { LoaderFunctionArgs } from "@remix-run/node";
import { withSecurityHeaders } from "~/render/security-headers.server";
import { fetchWorkOrderFile } from "~/upstream/uploads.server";
import { UpstreamError } from "~/upstream/transport.server";
import { requestClientAddress } from "~/utils/client-address.server";
import { getSessionToken } from "~/utils/session.server";
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
 * A work-order file (the `url` of WorkOrderFileWire, workOrderFilePath): its
 * bytes for the uploader and the owner of the order it is attached to (a main
 * account for its sub-accounts' orders too), with the stored type, nosniff,
 * `inline` for gif/png/jpeg and `attachment` for everything else, private
 * caching. Anyone else, signed in or not, gets 404.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return withSecurityHeaders(async () => {
    const raw = params.id ?? "";
    const token = await getSessionToken(request);
    if (!token || !/^[1-9]\d{0,15}$/.test(raw)) return notFound();
    try {
      const served = await fetchWorkOrderFile({ token, clientAddress: requestClientAddress(request) }, Number(raw));
      const headers = new Headers({ Vary: "Cookie" });
      for (const name of PASSED_ON) {
        const value = served.headers.get(name);
        if (value !== null) headers.set(name, value);
      }
      return new Response(served.body, { status: 200, headers });
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      if (error.kind === "fault") {
        console.error(`[work-order-files] ${error.key} (HTTP ${error.httpStatus}) ${error.reason}`);
        return new Response(BUSY_TEXT, { status: error.key === "DATABASE" ? 503 : 500 });
      }
      return notFound();
    }
  });
}
