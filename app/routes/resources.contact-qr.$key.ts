import type { LoaderFunctionArgs } from "@remix-run/node";
import { withSecurityHeaders } from "~/render/security-headers.server";
import { contactQrSvg } from "~/utils/contact.server";

/** The contact widget's QR codes as cacheable SVG images. */
export function loader({ params }: LoaderFunctionArgs) {
  return withSecurityHeaders(async () => {
    const svg = await contactQrSvg(params.key ?? "");
    if (!svg) throw new Response("Not found", { status: 404 });
    return new Response(svg, {
      headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=3600" },
    });
  });
}
