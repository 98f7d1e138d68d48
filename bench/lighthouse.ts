/**
 * Lighthouse mobile section of `npm run bench`: Debian's chromium, headless, one page at a time,
 * BENCH_LIGHTHOUSE_RUNS runs per page (default 3), the median run by performance score reported.
 *
 * Each run also keeps what the unthrottled load really did (Lighthouse's "observed" timings): when the
 * first paint came and when the load event fired. On this machine the first paint of some loads is held
 * back by whole seconds after the load event, with the page's main thread idle (Chromium withholding
 * frames, Lighthouse issue #17148). Lantern then counts every request finished before that paint into
 * its simulated FCP and LCP. Such runs are counted as "held" so the figure can be read for what it is
 * (decision 022, 2026-11-26).
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const RUNS = Math.max(1, Number.parseInt(process.env.BENCH_LIGHTHOUSE_RUNS ?? "3", 10) || 3);

export interface LighthouseRun {
  performance?: number;
  accessibility?: number;
  bestPractices?: number;
  fcpMs?: number;
  lcpMs?: number;
  /** The unthrottled load's first paint and load event, ms after navigation start. */
  observedFirstPaintMs?: number;
  observedLoadMs?: number;
}

export interface LighthouseRow extends LighthouseRun {
  page: string;
  /** Every run's performance score, in the order run. */
  scores?: number[];
  /** Runs whose first paint came after the load event (held frames). */
  heldRuns?: number;
  error?: string;
}

const score = (s: number | null | undefined) => (typeof s === "number" ? Math.round(s * 100) : undefined);

/** A run whose first paint waited past the load event: the page was ready and nothing was painted. */
export const paintHeld = (run: LighthouseRun) =>
  run.observedFirstPaintMs !== undefined &&
  run.observedLoadMs !== undefined &&
  run.observedFirstPaintMs > run.observedLoadMs;

/** The median run by performance score (the lower middle for an even count). */
export function medianRun<T extends LighthouseRun>(runs: T[]): T {
  const sorted = [...runs].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

async function runOnce(port: number, url: string): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices"],
  });
  if (!result) throw new Error("no result");
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${runtimeError.code}: ${runtimeError.message}`);
  const observed = (audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0] ?? {};
  return {
    performance: score(categories.performance?.score),
    accessibility: score(categories.accessibility?.score),
    bestPractices: score(categories["best-practices"]?.score),
    fcpMs: audits["first-contentful-paint"]?.numericValue,
    lcpMs: audits["largest-contentful-paint"]?.numericValue,
    observedFirstPaintMs: observed.observedFirstPaint,
    observedLoadMs: observed.observedLoad,
  };
}

/** Lighthouse's default mobile profile (simulated slow 4G, 4× CPU slowdown), three categories. */
export async function runLighthouse(origin: string, pages: string[]): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
  });
  const rows: LighthouseRow[] = [];
  try {
    for (const page of pages) {
      try {
        const runs: LighthouseRun[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await runOnce(chrome.port, `${origin}${page}`));
        rows.push({
          page,
          ...medianRun(runs),
          scores: runs.map((r) => r.performance ?? 0),
          heldRuns: runs.filter(paintHeld).length,
        });
      } catch (error) {
        rows.push({ page, error: (error as Error).message });
      }
    }
  } finally {
    chrome.kill();
  }
  return rows;
}
