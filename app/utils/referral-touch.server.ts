import { siteCookie } from "./site-cookie.server";

const TOUCH_PATTERN = /^[a-f0-9]{32}$/;

/**
 * The browser's first touch of a sales partner's referral link (issue 39 §2, decision 114): only the touch's random
 * id, kept 30 days (the binding window) in an httpOnly cookie. A later link never replaces it (first touch wins).
 */
const referralTouchCookie = siteCookie("gc_ref_touch", { maxAge: 30 * 24 * 3600 });

export async function readReferralTouch(request: Request): Promise<string | null> {
  const stored: unknown = await referralTouchCookie.parse(request.headers.get("Cookie"));
  return typeof stored === "string" && TOUCH_PATTERN.test(stored) ? stored : null;
}

export function rememberReferralTouch(touchId: string): Promise<string> {
  return referralTouchCookie.serialize(touchId);
}
