import { siteCookie } from "./site-cookie.server";

/** The newest notice id the browser has seen (the spec's NOTICE), kept in a cookie so the server knows it. */
const noticeCookie = siteCookie("gc_notice", {
  maxAge: 365 * 24 * 3600,
});

export async function lastSeenNoticeId(request: Request): Promise<number> {
  const value: unknown = await noticeCookie.parse(request.headers.get("Cookie"));
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

export function markNoticesSeen(newestId: number): Promise<string> {
  return noticeCookie.serialize(String(newestId));
}
