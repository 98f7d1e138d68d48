import { siteCookie } from "./site-cookie.server";

export const BD_VID_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/;

/** The Baidu ad click id (bd_vid): remembered when first seen so registration can record it. */
const bdVidCookie = siteCookie("gc_bd_vid", {
  maxAge: 30 * 24 * 3600,
});

export async function readBdVid(request: Request): Promise<string | null> {
  const fromUrl = new URL(request.url).searchParams.get("bd_vid");
  if (fromUrl && BD_VID_PATTERN.test(fromUrl)) return fromUrl;
  const stored: unknown = await bdVidCookie.parse(request.headers.get("Cookie"));
  return typeof stored === "string" && BD_VID_PATTERN.test(stored) ? stored : null;
}

/** A Set-Cookie header when the URL brings a new bd_vid, else null. */
export async function rememberBdVid(request: Request): Promise<string | null> {
  const fromUrl = new URL(request.url).searchParams.get("bd_vid");
  if (!fromUrl || !BD_VID_PATTERN.test(fromUrl)) return null;
  const stored: unknown = await bdVidCookie.parse(request.headers.get("Cookie"));
  return stored === fromUrl ? null : bdVidCookie.serialize(fromUrl);
}
