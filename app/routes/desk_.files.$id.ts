import type { LoaderFunctionArgs } from "@remix-run/node";
import { withSecurityHeaders } from "~/render/security-headers.server";
import { fetchDeskFile } from "~/upstream/desk-files.server";
import { UpstreamError } from "~/upstream/transport.server";
import { requestClientAddress } from "~/utils/client-address.server";
import { getStaffToken, redirectToDeskLogin } from "~/utils/desk-session.server";
import { fileNotFound, fileRefusal, isFileId, passFile } from "~/utils/served-file.server";

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
    if (!isFileId(raw)) return fileNotFound();
    try {
      return passFile(await fetchDeskFile({ token, clientAddress: requestClientAddress(request) }, Number(raw)));
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      if (error.kind === "session") return redirectToDeskLogin(request, true);
      return fileRefusal("desk-files", error);
    }
  });
}
