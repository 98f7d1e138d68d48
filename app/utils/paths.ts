/**
 * Paths of the routes that take a parameter, built in one place so a page
 * never spells a route's URL by hand. One builder per `$param` route file in
 * app/routes; each encodes its parameter, so any value yields a path to that
 * route and no other. Plain routes ("/inform", "/console/safe") are written as
 * they are. The splat mounts (api.$, sandbox.$, third-party.$) are the
 * platform's own HTTP surface, not pages, and have no builder here.
 */

/** app/routes/informDetail.$id.tsx: one notice. */
export function informDetailPath(id: number): string {
  return `/informDetail/${encodeURIComponent(String(id))}`;
}

/** app/routes/resources.contact-qr.$key.ts: the contact widget's QR code image for `key`. */
export function contactQrPath(key: string): string {
  return `/resources/contact-qr/${encodeURIComponent(key)}`;
}

/** app/routes/console.coupon.use.$id.tsx: the confirm page for using recharge voucher `id`. */
export function couponUsePath(id: number): string {
  return `/console/coupon/use/${encodeURIComponent(String(id))}`;
}
