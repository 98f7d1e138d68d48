/**
 * Paths of the routes that take a parameter, built in one place so a page
 * never spells a route's URL by hand. One builder per `$param` route file in
 * app/routes; each encodes its parameter, so any value yields a path to that
 * route and no other. Plain routes ("/inform", "/console/safe") are written as
 * they are. The splat mounts (api.$, sandbox.$, third-party.$) are the
 * platform's own HTTP surface, not pages, and have no builder here.
 *
 * Three files, by who loads them: this one (the bar and public pages, in every
 * first load), console-paths.ts (the console's pages) and desk-paths.ts (the
 * staff desk), so a public page's first load carries no console builder.
 */

/** app/routes/informDetail.$id.tsx: one notice. */
export function informDetailPath(id: number): string {
  return `/informDetail/${encodeURIComponent(String(id))}`;
}

/** app/routes/docs.$id.tsx: one doc, by its URL name. */
export function docPath(slug: string): string {
  return `/docs/${encodeURIComponent(slug)}`;
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

/** app/routes/AIModels._index.tsx: the model library, of one family when given. */
export function aiModelsPath(family?: string): string {
  return family ? `/AIModels?family=${encodeURIComponent(family)}` : "/AIModels";
}

/** app/routes/AIModels.$id.tsx (the spec's named route modelDetail): one model by its slug. */
export function modelDetailPath(slug: string): string {
  return `/AIModels/${encodeURIComponent(slug)}`;
}

/** app/routes/store.tsx with its filters (a GET form; every combination has a URL). */
export function storePath(filters: Record<string, string | number | undefined> = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== "") query.set(key, String(value));
  const search = query.toString();
  return search ? `/store?${search}` : "/store";
}

/** app/routes/dataset._index.tsx, filtered by one task or not. */
export function datasetsPath(task?: string): string {
  return task ? `/dataset?${new URLSearchParams({ task }).toString()}` : "/dataset";
}

/** app/routes/dataset.$id.tsx: one public dataset by its slug. */
export function datasetPath(slug: string): string {
  return `/dataset/${encodeURIComponent(slug)}`;
}

/** app/routes/software.download.$releaseId.ts: a release's file. */
export function softwareDownloadPath(releaseId: number): string {
  return `/software/download/${encodeURIComponent(String(releaseId))}`;
}

/** app/routes/docs.search.tsx: the site search's results for `q`, optionally of one source, page `page`. */
export function docsSearchPath(q: string, options: { source?: string; page?: number } = {}): string {
  const params = new URLSearchParams({ q });
  if (options.source) params.set("source", options.source);
  if (options.page && options.page > 1) params.set("page", String(options.page));
  return `/docs/search?${params}`;
}
