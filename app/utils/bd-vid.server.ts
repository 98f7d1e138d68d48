import { createCookie } from "@remix-run/node";
import { isProduction } from "~/env.server";

export const BD_VID_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/;

/** The Baidu ad click id (bd_vid): remembered when first seen so registration can record it. */
const bdVidCookie = createCookie("gc_bd_vid", {
  httpOnly: true,
  sameSite: "lax",
  secure: isProduction,
  path: "/",
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
