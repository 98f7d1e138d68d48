import { sendToPlatform } from "./transport.server";

/**
 * Hands an outside client's request (under /api, /third-party or /sandbox) to the
 * platform unchanged, except that the caller's address comes from the load
 * balancer's header only.
 */
export async function forwardToPlatform(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  headers.delete("cookie");
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers };
  if (request.method !== "GET" && request.method !== "HEAD") {
    init.body = request.body;
    init.duplex = "half";
  }
  const response = await sendToPlatform(
    new Request(new URL(url.pathname + url.search, "http://platform.internal"), init),
  );
  // Hand back a plain response: Remix must not treat it as a route's data.
  return new Response(response.body, { status: response.status, headers: response.headers });
}
