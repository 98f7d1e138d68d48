import { createHash } from "node:crypto";
import type { HeadersFunction } from "@remix-run/node";
import { getStaffToken } from "~/utils/desk-session.server";
import { getSessionToken } from "~/utils/session.server";
import { PRIVATE_NO_STORE } from "./security-headers.server";

/** What a published public content page says to caches when a visitor without a session reads it (issue 35 §2). */
export const PUBLIC_CONTENT_CACHE = "public, max-age=60";

/**
 * The `headers` export of a public content page (/docs, /docs/:id, /dataset*,
 * /software, /AIModels): `export const headers = publicContentHeaders;`. The
 * page asks to be cacheable; the document entry (`applyPublicCache`) decides
 * for each answer. A loader that shows something unpublished (a draft) sets
 * its own `Cache-Control: private, no-store`, which is kept.
 */
export const publicContentHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", loaderHeaders.get("Cache-Control") ?? PUBLIC_CONTENT_CACHE);
  return headers;
};

/** True when the request carries a user's or a staff member's session: their page is theirs alone. */
async function hasSession(request: Request): Promise<boolean> {
  const [user, staff] = await Promise.all([getSessionToken(request), getStaffToken(request)]);
  return user !== null || staff !== null;
}

/**
 * The document's ETag: a hash of its HTML without this answer's CSP nonce
 * (every document gets a fresh one, decision 027), so the same page hashes the
 * same. Weak, as the bytes sent differ by that nonce.
 */
export function documentETag(html: string, nonce: string): string {
  const hash = createHash("sha256").update(html.split(nonce).join("")).digest("base64url").slice(0, 27);
  return `W/"${hash}"`;
}

/** If-None-Match as RFC 9110 compares it for GET: weakly, any of a list, or `*`. */
function matchesETag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

/**
 * Settles a rendered document's caching. A page that asked to be public
 * (publicContentHeaders) stays `public, max-age=60` only for a successful GET
 * by a visitor without a session whose answer sets no cookie; it then gets an
 * ETag and `Vary: Cookie`, and "not-modified" is returned when the visitor's
 * If-None-Match already names it (the entry answers 304). Anything else that
 * asked to be public becomes `private, no-store`.
 */
export async function applyPublicCache(
  request: Request,
  status: number,
  headers: Headers,
  html: string,
  nonce: string,
): Promise<"not-modified" | null> {
  if (!(headers.get("Cache-Control") ?? "").startsWith("public")) return null;
  const cacheable =
    (request.method === "GET" || request.method === "HEAD") &&
    status === 200 &&
    !headers.has("Set-Cookie") &&
    !(await hasSession(request));
  if (!cacheable) {
    headers.set("Cache-Control", PRIVATE_NO_STORE);
    return null;
  }
  const etag = documentETag(html, nonce);
  headers.set("ETag", etag);
  headers.append("Vary", "Cookie");
  return matchesETag(request.headers.get("If-None-Match"), etag) ? "not-modified" : null;
}

/** What a 304 carries (RFC 9110 §15.4.5): only what describes the stored page, nothing that would replace its headers. */
const NOT_MODIFIED_HEADERS = ["Cache-Control", "Content-Location", "Date", "ETag", "Expires", "Vary"];

/**
 * The headers of a 304 for a cached page. A browser merges a 304's headers into
 * the page it kept, so a fresh Content-Security-Policy here would name this
 * answer's nonce while the kept HTML carries the old one: its scripts would be
 * refused. The kept page keeps the policy that came with it.
 */
export function notModifiedHeaders(headers: Headers): Headers {
  const kept = new Headers();
  for (const name of NOT_MODIFIED_HEADERS) {
    const value = headers.get(name);
    if (value !== null) kept.set(name, value);
  }
  return kept;
}

/** Data requests (client navigations) carry the shell's per-visitor data: never public. */
export function privateDataAnswer(headers: Headers): void {
  if ((headers.get("Cache-Control") ?? "").startsWith("public")) headers.set("Cache-Control", PRIVATE_NO_STORE);
}
