/**
 * The web tier's pages as URL patterns, read from the Remix v2 flat route files of app/routes (names like
 * `console.finance.orders.tsx`, `console.instance.$uuid.tsx`, folders with a `route.tsx`), so a test can ask
 * whether a link points at a page that exists without starting the app.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

const ROUTES_DIR = path.join(__dirname, "../../app/routes");

/** One route file's name (without extension) as a regular expression over a URL's path. */
export function routePattern(name: string): RegExp {
  // `[.]` escapes a dot inside a segment (chart[.svg]); every other dot separates segments.
  const segments = name.replace(/\[\.\]/g, "\u0000").split(".");
  const parts: string[] = [];
  for (const raw of segments) {
    const segment = raw.replace(/\u0000/g, ".");
    if (segment === "_index" || segment.startsWith("_")) continue; // index, or a layout without a path
    const bare = segment.endsWith("_") ? segment.slice(0, -1) : segment; // `$id_`: not nested in `$id`'s layout
    if (bare === "$") parts.push(".*");
    else if (bare.startsWith("$")) parts.push("[^/]+");
    else parts.push(bare.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  }
  return new RegExp(`^/${parts.join("/")}/?$`);
}

/** Every page's pattern (resource routes included), but not the root catch-all `$.tsx`, which is the 404 page. */
export function appRoutePatterns(): RegExp[] {
  return readdirSync(ROUTES_DIR).flatMap((entry) => {
    if (/^\$\.tsx?$/.test(entry)) return [];
    const full = path.join(ROUTES_DIR, entry);
    if (statSync(full).isDirectory()) return [routePattern(entry)];
    if (!/\.(tsx|ts)$/.test(entry) || /\.(server|test)\.tsx?$/.test(entry)) return [];
    return [routePattern(entry.replace(/\.tsx?$/, ""))];
  });
}

/** Whether the app has a page at this path (the query and fragment aside). */
export function appHasRoute(href: string, patterns = appRoutePatterns()): boolean {
  const pathname = href.split(/[?#]/)[0]!;
  return patterns.some((p) => p.test(pathname));
}
