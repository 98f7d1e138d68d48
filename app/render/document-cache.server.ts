import { createHash } from "node:crypto";

/**
 * Everything a document's HTML depends on (docs/decisions/017-document-render-cache.md):
 * the code that renders it, the address, the status, Remix's handoff string
 * and the loader data as the document carries it. Remix renders a page from
 * these alone.
 */
export interface DocumentInputs {
  /** Which build and which route modules render it (see `codeIdentity`). */
  code: string;
  url: string;
  status: number;
  serverHandoff: string;
  loaderData: string;
}

/** A digest of the inputs, so a key is small whatever the size of the loader data. */
export function documentKey(inputs: DocumentInputs): string {
  const hash = createHash("sha256");
  for (const part of [inputs.code, inputs.url, String(inputs.status), inputs.serverHandoff]) {
    hash.update(part).update("\0");
  }
  return hash.update(inputs.loaderData).digest("base64");
}

const objectIds = new WeakMap<object, number>();
let nextObjectId = 1;

function objectId(value: object): number {
  let id = objectIds.get(value);
  if (id === undefined) objectIds.set(value, (id = nextObjectId++));
  return id;
}

/**
 * The identity of the code that renders a page: the build's manifest object
 * and each rendered route's module object. A new build, or a module swapped
 * under the same manifest (development), is other code, so another key.
 */
export function codeIdentity(manifest: object, routeModules: readonly object[]): string {
  return [manifest, ...routeModules].map(objectId).join(",");
}

const SEEN_ONCE = null;

/**
 * Rendered documents by the digest of their inputs, least recently used
 * first out. A document is kept from the second time the same inputs render:
 * pages that never repeat (a form with a fresh honeypot, figures that
 * changed) take no room. Loaders still run for every request; only React's
 * render of identical inputs is skipped.
 */
export class DocumentCache {
  private readonly entries = new Map<string, string | typeof SEEN_ONCE>();

  constructor(private readonly maxEntries: number) {}

  /** The HTML rendered before from the same inputs, if it was kept. */
  get(key: string): string | undefined {
    const html = this.entries.get(key);
    if (typeof html !== "string") return undefined;
    this.entries.delete(key);
    this.entries.set(key, html);
    return html;
  }

  /** Called after a render: notes the inputs the first time, keeps the HTML the second. */
  rendered(key: string, html: string): void {
    const keep = this.entries.has(key);
    this.entries.delete(key);
    this.entries.set(key, keep ? html : SEEN_ONCE);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}
