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
  /** Null: reported without a target (scripts loaded after the page is usable, like the markdown editor). */
  targetKB?: number | null;
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

/** Sizes of `urls` (same origin), raw and gzip -9, into `result`. */
async function weigh(origin: string, urls: string[], result: PageWeight, target: number | null): Promise<void> {
  for (const url of urls) {
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
  result.targetKB = target;
  result.meetsTarget = (target === null || result.gzipKB <= target) && result.offOrigin.length === 0;
}

const emptyWeight = (page: string): PageWeight => ({
  page,
  status: 0,
  scripts: [],
  gzipKB: 0,
  rawKB: 0,
  offOrigin: [],
  meetsTarget: false,
});

/**
 * Every script a page has loaded in a real browser once `readySelector` shows
 * (e.g. the markdown editor, fetched after the page is usable): reported
 * without the first-load target. `cookie` signs the browser in.
 */
export async function scriptsOnceLoaded(
  origin: string,
  page: string,
  label: string,
  options: { cookie?: string; readySelector: string },
): Promise<PageWeight> {
  const result: PageWeight = { ...emptyWeight(label), targetKB: null };
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    const context = await browser.newContext({ extraHTTPHeaders: options.cookie ? { cookie: options.cookie } : {} });
    const tab = await context.newPage();
    const scripts = new Set<string>();
    tab.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.add(response.url());
    });
    const res = await tab.goto(`${origin}${page}`);
    result.status = res?.status() ?? 0;
    await tab.waitForSelector(options.readySelector, { timeout: REQUEST_TIMEOUT_MS });
    await tab.waitForLoadState("networkidle");
    await weigh(origin, [...scripts], result, null);
  } catch (error) {
    result.error = (error as Error).message;
  } finally {
    await browser.close();
  }
  return result;
}

export async function firstLoadJs(origin: string, page: string, cookie?: string): Promise<PageWeight> {
  const result = emptyWeight(page);
  try {
    const res = await fetch(`${origin}${page}`, {
      redirect: "manual",
      headers: cookie ? { cookie } : {},
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    result.status = res.status;
    const html = await res.text();
    if (res.status !== 200) {
      result.error = `answered ${res.status}`;
      return result;
    }
    await weigh(origin, scriptUrls(html, `${origin}${page}`), result, FIRST_LOAD_JS_TARGET_KB);
  } catch (error) {
    result.error = (error as Error).message;
  }
  return result;
}
