/**
 * Redirect targets that come from the request (`redirectTo`, the page a form
 * was posted from) pass here, and only here (docs/decisions/027).
 *
 * The target is resolved against a fixed origin of our own with the WHATWG URL
 * parser, the same parser the browser uses on the Location header, so a target
 * is judged after it is normalised (backslashes, dot segments, tabs, encoded
 * separators), never before. Only a result on that same origin is kept, and
 * only as its path, query and fragment. Anything else gives the fallback.
 */
const INTERNAL_ORIGIN = "http://redirect.internal";

/** C0 controls, DEL and C1 controls: the URL parser drops or rewrites them, so their presence is never legitimate. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
const LINE_BREAK = /[\r\n]/;

export const DEFAULT_REDIRECT = "/console/dashboard";

export function safeRedirect(target: unknown, fallback: string = DEFAULT_REDIRECT): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return fallback;
  if (CONTROL_CHARACTER.test(target)) return fallback;
  // Only a path of this site: not a relative path, a scheme or a network path.
  if (!target.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(target, INTERNAL_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== INTERNAL_ORIGIN || url.username || url.password) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // After normalisation "/x/../\evil" is "//evil": as a Location header that is another host.
  if (!path.startsWith("/") || path.startsWith("//")) return fallback;
  return path;
}

/**
 * A redirect target read from the request: a CR or LF in it is a malformed
 * request (400), not a target to fall back from; everything else is `safeRedirect`.
 */
export function requestedRedirect(target: unknown, fallback: string = DEFAULT_REDIRECT): string {
  if (typeof target === "string" && LINE_BREAK.test(target)) throw new Response("跳转地址无效", { status: 400 });
  return safeRedirect(target, fallback);
}
