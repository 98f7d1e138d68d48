import { secured } from "~/render/security-headers.server";
import { sendToPlatform } from "~/upstream/transport.server";

/** Ready when the platform answers and its database responds within 1 s; otherwise 503 (a load balancer takes it out). */
export function loader() {
  return ready().then(secured);
}

async function ready(): Promise<Response> {
  try {
    const response = await sendToPlatform(new Request("http://platform.internal/readyz"));
    return new Response(await response.text(), {
      status: response.status,
      headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
    });
  } catch {
    return new Response(JSON.stringify({ ok: false }), {
      status: 503,
      headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
    });
  }
}
