import type { LoaderFunctionArgs } from "@remix-run/node";
import { withSecurityHeaders } from "~/render/security-headers.server";
import { fetchWorkOrderFile } from "~/upstream/uploads.server";
import { UpstreamError } from "~/upstream/transport.server";
import { requestClientAddress } from "~/utils/client-address.server";
import { fileNotFound, fileRefusal, isFileId, passFile } from "~/utils/served-file.server";
import { getSessionToken } from "~/utils/session.server";

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
    if (!token || !isFileId(raw)) return fileNotFound();
    try {
      return passFile(await fetchWorkOrderFile({ token, clientAddress: requestClientAddress(request) }, Number(raw)));
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      return fileRefusal("work-order-files", error);
    }
  });
}
