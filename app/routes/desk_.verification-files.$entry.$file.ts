import type { LoaderFunctionArgs } from "@remix-run/node";
import { withSecurityHeaders } from "~/render/security-headers.server";
import { fetchReviewFile } from "~/upstream/verification-review.server";
import { UpstreamError } from "~/upstream/transport.server";
import { requestClientAddress } from "~/utils/client-address.server";
import { getStaffToken, redirectToDeskLogin } from "~/utils/desk-session.server";
import { fileNotFound, fileRefusal, isFileId, passFile } from "~/utils/served-file.server";

/**
 * An application's file for the reviewer who revealed it (deskVerificationFilePath): the desk's session only,
 * through the /staff call that checks the reveal (`?reveal=`, 15 minutes) and audits each opening. The platform's
 * headers go on (`Cache-Control: no-store`); anything the reviewer may not open is a 404.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return withSecurityHeaders(async () => {
    const token = await getStaffToken(request);
    if (!token) return redirectToDeskLogin(request, false);
    const entry = params.entry ?? "";
    const file = params.file ?? "";
    const reveal = new URL(request.url).searchParams.get("reveal") ?? "";
    if (!isFileId(entry) || !isFileId(file) || !isFileId(reveal)) return fileNotFound();
    try {
      return passFile(
        await fetchReviewFile(
          { token, clientAddress: requestClientAddress(request) },
          Number(entry),
          Number(file),
          Number(reveal),
        ),
      );
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      if (error.kind === "session") return redirectToDeskLogin(request, true);
      return fileRefusal("desk-verification-files", error);
    }
  });
}
