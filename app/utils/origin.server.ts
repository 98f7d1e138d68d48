import { logRefusal } from "~/render/refusal-log.server";

/**
 * Every action checks where the POST came from: a cross-site form must not act
 * with the user's cookie. Browsers send Origin on POST; Sec-Fetch-Site covers
 * the rest. `Origin: null` (a sandboxed frame, a data: or file: page, a
 * redirect from another site) is foreign, as it is in Remix's own check.
 */
export function assertSameOrigin(request: Request): void {
  if (!isSameOrigin(request)) {
    logRefusal("cross-origin", request);
    throw new Response("跨站请求已被拒绝", { status: 403 });
  }
}

function isSameOrigin(request: Request): boolean {
  const host = request.headers.get("host");
  const origin = request.headers.get("origin");
  if (origin !== null) {
    let originHost: string | null = null;
    try {
      originHost = origin === "null" ? null : new URL(origin).host;
    } catch {
      originHost = null;
    }
    return originHost !== null && originHost === host;
  }
  return request.headers.get("sec-fetch-site") !== "cross-site";
}
