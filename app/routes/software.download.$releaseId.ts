import type { LoaderFunctionArgs } from "@remix-run/node";
import { softwareDownload } from "~/utils/software.server";

/** A software release's file: bytes, exact length, attachment with its name, X-Content-SHA256; 404 when gone. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return softwareDownload(request, params.releaseId ?? "");
}
