/** The tables `npm run bench` prints. */
import { FIRST_LOAD_JS_TARGET_KB, type PageWeight } from "./first-load-js";
import type { Measured } from "./load";

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r, ri) => {
      const line = r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
      return ri === 0 ? `${line}\n${widths.map((w) => "-".repeat(w)).join("  ")}` : line;
    })
    .join("\n");
}

export const fixed = (n: number | undefined, digits: number) => (n === undefined ? "–" : n.toFixed(digits));

export function report(results: Measured[], pages: PageWeight[]): boolean {
  let ok = true;
  const rows = [["target", "req/s", "p50 ms", "p99 ms", "ratio", "target", "non2xx", "errors", "ok"]];
  for (const r of results) {
    if (r.skipped) {
      rows.push([
        r.name,
        "–",
        "–",
        "–",
        "–",
        r.minRatio ? `>= ${r.minRatio.toFixed(2)}` : "ceiling",
        "–",
        "–",
        "SKIPPED",
      ]);
      ok = false;
      continue;
    }
    const errs = (r.errors ?? 0) + (r.timeouts ?? 0) + (r.mismatches ?? 0);
    rows.push([
      r.name,
      fixed(r.reqPerSec, 0),
      fixed(r.p50Ms, 1),
      fixed(r.p99Ms, 1),
      fixed(r.ratio, 2),
      r.minRatio ? `>= ${r.minRatio.toFixed(2)}` : "ceiling",
      String(r.non2xx ?? 0),
      String(errs),
      r.meetsTarget ? "yes" : "NO",
    ]);
    if (!r.meetsTarget) ok = false;
  }
  console.log(`\n${table(rows)}`);
  for (const r of results) {
    if (r.skipped) console.log(`  ${r.name}: not measured, ${r.path} ${r.skipped}`);
    else if ((r.non2xx ?? 0) > 0 || (r.mismatches ?? 0) > 0)
      console.log(`  ${r.name}: status codes ${JSON.stringify(r.statusCodes)}, body mismatches ${r.mismatches}`);
  }

  const pageRows = [["first-load JS", "scripts", "raw KB", "gzip KB", "target", "ok"]];
  for (const p of pages) {
    pageRows.push([
      p.page,
      p.error ? "–" : String(p.scripts.length),
      p.error ? "–" : fixed(p.rawKB, 1),
      p.error ? "–" : fixed(p.gzipKB, 1),
      `<= ${FIRST_LOAD_JS_TARGET_KB}`,
      p.error ? "SKIPPED" : p.meetsTarget ? "yes" : "NO",
    ]);
    if (!p.meetsTarget) ok = false;
  }
  console.log(`\n${table(pageRows)}`);
  for (const p of pages) {
    if (p.error) console.log(`  ${p.page}: not measured, ${p.error}`);
    if (p.offOrigin.length) console.log(`  ${p.page}: scripts from another origin: ${p.offOrigin.join(", ")}`);
  }
  return ok;
}
