/**
 * Every action checks where the POST came from: a cross-site form must not act
 * with the user's cookie. Browsers send Origin on POST; Sec-Fetch-Site covers
 * the rest.
 */
export function assertSameOrigin(request: Request): void {
  const host = request.headers.get("host");
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") {
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = null;
    }
    if (originHost !== host) throw new Response("跨站请求已被拒绝", { status: 403 });
    return;
  }
  if (request.headers.get("sec-fetch-site") === "cross-site") throw new Response("跨站请求已被拒绝", { status: 403 });
}
