/** Lighthouse mobile section of `npm run bench`: Debian's chromium, headless, one page at a time. */
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

export interface LighthouseRow {
  page: string;
  performance?: number;
  accessibility?: number;
  bestPractices?: number;
  fcpMs?: number;
  lcpMs?: number;
  error?: string;
}

const score = (s: number | null | undefined) => (typeof s === "number" ? Math.round(s * 100) : undefined);

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
        const result = await lighthouse(`${origin}${page}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices"],
        });
        if (!result) throw new Error("no result");
        const { categories, audits, runtimeError } = result.lhr;
        if (runtimeError) throw new Error(`${runtimeError.code}: ${runtimeError.message}`);
        rows.push({
          page,
          performance: score(categories.performance?.score),
          accessibility: score(categories.accessibility?.score),
          bestPractices: score(categories["best-practices"]?.score),
          fcpMs: audits["first-contentful-paint"]?.numericValue,
          lcpMs: audits["largest-contentful-paint"]?.numericValue,
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
