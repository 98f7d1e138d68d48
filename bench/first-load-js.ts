/** First-load JavaScript for `npm run bench`: the gzipped size of every script a first visit to a page loads. */
import { gzipSync } from "node:zlib";

export const FIRST_LOAD_JS_TARGET_KB = 110;
const REQUEST_TIMEOUT_MS = 15_000;

export interface PageWeight {
  page: string;
  status: number;
  scripts: { url: string; bytes: number; gzipBytes: number }[];
  gzipKB: number;
  rawKB: number;
  offOrigin: string[];
  meetsTarget: boolean;
  error?: string;
}

function attr(tag: string, name: string): string | undefined {
  const m = tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i"));
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

/** Every script a first visit loads: <script src>, <link rel=modulepreload>, and the inline module script's imports. */
function scriptUrls(html: string, pageUrl: string): string[] {
  const found = new Set<string>();
  const add = (ref: string | undefined) => {
    if (ref) found.add(new URL(ref.replaceAll("&amp;", "&"), pageUrl).href);
  };
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) add(attr(tag, "src"));
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if ((attr(tag, "rel") ?? "").toLowerCase().split(/\s+/).includes("modulepreload")) add(attr(tag, "href"));
  }
  for (const [, inline] of html.matchAll(/<script\b[^>]*type\s*=\s*["']?module["']?[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const m of inline!.matchAll(/\bimport\s*(?:[\w*{}\s,$]+\s*from\s*)?["']([^"']+\.js)["']/g)) add(m[1]);
  }
  return [...found];
}

export async function firstLoadJs(origin: string, page: string): Promise<PageWeight> {
  const result: PageWeight = {
    page,
    status: 0,
    scripts: [],
    gzipKB: 0,
    rawKB: 0,
    offOrigin: [],
    meetsTarget: false,
  };
  try {
    const res = await fetch(`${origin}${page}`, {
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    result.status = res.status;
    const html = await res.text();
    if (res.status !== 200) {
      result.error = `answered ${res.status}`;
      return result;
    }
    for (const url of scriptUrls(html, `${origin}${page}`)) {
      // All traffic stays on 127.0.0.1; a script from elsewhere is a finding in itself (no external CDN).
      if (new URL(url).origin !== origin) {
        result.offOrigin.push(url);
        continue;
      }
      const js = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      if (!js.ok) throw new Error(`${url} answered ${js.status}`);
      const bytes = Buffer.from(await js.arrayBuffer());
      result.scripts.push({
        url: url.slice(origin.length),
        bytes: bytes.length,
        gzipBytes: gzipSync(bytes, { level: 9 }).length,
      });
    }
    result.gzipKB = result.scripts.reduce((sum, s) => sum + s.gzipBytes, 0) / 1024;
    result.rawKB = result.scripts.reduce((sum, s) => sum + s.bytes, 0) / 1024;
    result.meetsTarget = result.gzipKB <= FIRST_LOAD_JS_TARGET_KB && result.offOrigin.length === 0;
  } catch (error) {
    result.error = (error as Error).message;
  }
  return result;
}
