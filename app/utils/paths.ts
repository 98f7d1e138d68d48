/**
 * Paths of the routes that take a parameter, built in one place so a page
 * never spells a route's URL by hand. One builder per `$param` route file in
 * app/routes; each encodes its parameter, so any value yields a path to that
 * route and no other. Plain routes ("/inform", "/console/safe") are written as
 * they are. The splat mounts (api.$, sandbox.$, third-party.$) are the
 * platform's own HTTP surface, not pages, and have no builder here.
 *
 * Four files, by who loads them: this one (the bar and the store, in every
 * first load), content-paths.ts (docs, datasets, software, models),
 * console-paths.ts (the console's pages) and desk-paths.ts (the staff desk), so
 * a page's first load carries no other area's builders (decision 078).
 */

/** app/routes/informDetail.$id.tsx: one notice. */
export function informDetailPath(id: number): string {
  return `/informDetail/${encodeURIComponent(String(id))}`;
}

/** app/routes/resources.contact-qr.$key.ts: the contact widget's QR code image for `key`. */
export function contactQrPath(key: string): string {
  return `/resources/contact-qr/${encodeURIComponent(key)}`;
}

/** app/routes/console.recharge.tsx, its amount filled in (yuan, e.g. "12.50") when given: the fast-pay fallback. */
export function rechargePath(amountYuan?: string): string {
  return amountYuan ? `/console/recharge?amount=${encodeURIComponent(amountYuan)}` : "/console/recharge";
}

/** What a store offer links to: the rental form preset to a machine type, region and GPU model (issue 12 §2–3). */
export interface OfferChoice {
  type: "kvm" | "docker";
  region: string;
  gpu: string;
  gpus?: number;
  /** An official image's id, preselected (the model library's 用此镜像创建). */
  image?: number;
}

/** app/routes/createInstance.tsx: the rental form, preset to an offer of the store. */
export function createInstancePath(offer: OfferChoice): string {
  const query = new URLSearchParams({ type: offer.type, region: offer.region, gpu: offer.gpu });
  if (offer.gpus) query.set("gpus", String(offer.gpus));
  if (offer.image) query.set("image", String(offer.image));
  return `/createInstance?${query.toString()}`;
}

/** app/routes/store.tsx with its filters (a GET form; every combination has a URL). */
export function storePath(filters: Record<string, string | number | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== "") query.set(key, String(value));
  const search = query.toString();
  return search ? `/store?${search}` : "/store";
}

/** app/routes/studentverify: student verification (public; signing in to submit). */
export const STUDENT_VERIFY_PATH = "/studentverify";
