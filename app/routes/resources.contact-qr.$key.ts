import type { LoaderFunctionArgs } from "@remix-run/node";
import { withSecurityHeaders } from "~/render/security-headers.server";
import { contactQrSvg } from "~/utils/contact.server";

/** The contact widget's QR codes as cacheable SVG images. */
export function loader({ params }: LoaderFunctionArgs) {
  return withSecurityHeaders(async () => {
    const svg = await contactQrSvg(params.key ?? "");
    if (!svg)
      throw new Response("二维码不存在", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    return new Response(svg, {
      headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=3600" },
    });
  });
}
