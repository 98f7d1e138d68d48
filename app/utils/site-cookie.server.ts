import { createCookie, type CookieOptions } from "@remix-run/node";
import { isProduction } from "~/env.server";

/**
 * A cookie of this site: httpOnly, SameSite=Lax, whole-site path, Secure in
 * production. Each caller adds its lifetime and, when it must not be forged, secrets.
 */
export function siteCookie(name: string, options: Pick<CookieOptions, "maxAge" | "secrets">) {
  return createCookie(name, { httpOnly: true, sameSite: "lax", secure: isProduction, path: "/", ...options });
}
