import { withSecurityHeaders } from "~/render/security-headers.server";
import { fetchSoftwareRelease, listSoftware } from "~/upstream/software.server";
import { UpstreamError } from "~/upstream/transport.server";
import { requestClientAddress } from "./client-address.server";
import { renderMarkdown } from "./markdown.server";
import { fileRefusal, isFileId, passFile } from "./served-file.server";
import { loadPage } from "./upstream-errors.server";

/** The public pages' caching (decision 077): re-exported so each route imports its server code from here alone. */
export { publicContentHeaders } from "~/render/public-cache.server";

/*
 * The software routes' server code (software._index.tsx,
 * software.download.$releaseId.ts), imported from this one module (decision 078).
 */

/** /software: the published tools with their releases, each body rendered. */
export function softwareLoader(request: Request) {
  return loadPage(request, async () => {
    const tools = await listSoftware();
    return { tools: tools.map(({ Body, ...tool }) => ({ tool, html: renderMarkdown(Body) })) };
  });
}

const releaseNotFound = () =>
  new Response("这个版本不存在或已撤回", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });

/**
 * A software release's file (softwareDownloadPath), for anyone: streamed from
 * the platform, which reads it through the storage provider, with its type,
 * exact length, `Content-Disposition: attachment` with its name, nosniff and
 * `X-Content-SHA256` (the figure the /software page shows). A withdrawn
 * release, one of a tool visitors do not see, or an unknown id: 404.
 */
export function softwareDownload(request: Request, rawId: string) {
  return withSecurityHeaders(async () => {
    if (!isFileId(rawId)) return releaseNotFound();
    try {
      const served = await fetchSoftwareRelease(Number(rawId), requestClientAddress(request));
      const response = passFile(served);
      const sha256 = served.headers.get("x-content-sha256");
      if (sha256) response.headers.set("X-Content-SHA256", sha256);
      // The bytes as stored, with their own length: remix-serve's compression skips a no-transform reply.
      response.headers.set(
        "Cache-Control",
        `${response.headers.get("Cache-Control") ?? "private, no-store"}, no-transform`,
      );
      return response;
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      return error.kind === "not-found" ? releaseNotFound() : fileRefusal("software-download", error);
    }
  });
}
