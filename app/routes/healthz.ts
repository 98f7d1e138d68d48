import { secured } from "~/render/security-headers.server";

/** The web process is alive. */
export function loader() {
  return secured(new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } }));
}
