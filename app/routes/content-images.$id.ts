import type { LoaderFunctionArgs } from "@remix-run/node";
import { withSecurityHeaders } from "~/render/security-headers.server";
import { fetchContentImage } from "~/upstream/content-images.server";
import { UpstreamError } from "~/upstream/transport.server";
import { fileNotFound, fileRefusal, isFileId, passFile } from "~/utils/served-file.server";

/** A stored doc image never changes (a new upload is a new id): any cache may keep it for a year. */
const IMAGE_CACHE = "public, max-age=31536000, immutable";

/**
 * A doc image for anyone (contentImagePagePath): the public docs show the
 * editors' images through it. The platform's answer is passed on (type,
 * nosniff, the sandboxing CSP, SVG as a download) with long public caching;
 * an id that is no doc image is a 404.
 */
export function loader({ params }: LoaderFunctionArgs) {
  return withSecurityHeaders(async () => {
    const raw = params.id ?? "";
    if (!isFileId(raw)) return fileNotFound();
    try {
      const answer = passFile(await fetchContentImage(Number(raw)));
      answer.headers.set("Cache-Control", IMAGE_CACHE);
      answer.headers.delete("Vary");
      return answer;
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      return fileRefusal("content-images", error);
    }
  });
}
