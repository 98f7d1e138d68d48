/** The markdown tables `npm run bench` prints, one per section. */
import { FIRST_LOAD_JS_TARGET_KB, type PageWeight } from "./first-load-js";
import { CAPACITY_P99_MS, type CapacityStep } from "./capacity";
import type { LatencyRow } from "./latency";
import type { LighthouseRow } from "./lighthouse";

export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(3, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  return [
    line(rows[0]!),
    `| ${widths.map((w, i) => (i === 0 ? "-".repeat(w) : `${"-".repeat(w - 1)}:`)).join(" | ")} |`,
    ...rows.slice(1).map(line),
  ].join("\n");
}

export const fixed = (n: number | undefined, digits: number) => (n === undefined ? "–" : n.toFixed(digits));

/** Returns false when a row was skipped or any request failed. */
export function reportLatency(rows: LatencyRow[]): boolean {
  let ok = true;
  const out = [["page / call", "conns", "req/s", "p50 ms", "p99 ms", "requests", "failed"]];
  for (const r of rows) {
    if (r.skipped) {
      out.push([`${r.method} ${r.path}`, "–", "–", "–", "–", "–", "SKIPPED"]);
      ok = false;
      continue;
    }
    for (const run of r.runs) {
      out.push([
        `${r.method} ${r.path}`,
        String(run.connections),
        fixed(run.reqPerSec, 0),
        fixed(run.p50Ms, 1),
        fixed(run.p99Ms, 1),
        String(run.requests),
        String(run.failures),
      ]);
      if (run.failures > 0) ok = false;
    }
  }
  console.log(`\n### Latency\n\n${table(out)}`);
  for (const r of rows) {
    if (r.skipped) console.log(`- ${r.name}: not measured, ${r.path} ${r.skipped}`);
    for (const run of r.runs)
      if (run.failures > 0)
        console.log(`- ${r.name} @${run.connections}: status codes ${JSON.stringify(run.statusCodes)}`);
  }
  return ok;
}

export function reportFirstLoadJs(pages: PageWeight[]): boolean {
  let ok = true;
  const out = [["page", "scripts", "raw KB", "gzip KB", "target KB", "ok"]];
  for (const p of pages) {
    out.push([
      p.page,
      p.error ? "–" : String(p.scripts.length),
      p.error ? "–" : fixed(p.rawKB, 1),
      p.error ? "–" : fixed(p.gzipKB, 1),
      p.targetKB === null ? "– (after load)" : `<= ${FIRST_LOAD_JS_TARGET_KB}`,
      p.error ? "SKIPPED" : p.targetKB === null ? "n/a" : p.meetsTarget ? "yes" : "NO",
    ]);
    if (!p.meetsTarget) ok = false;
  }
  console.log(`\n### First-load JavaScript (gzip)\n\n${table(out)}`);
  for (const p of pages) {
    if (p.error) console.log(`- ${p.page}: not measured, ${p.error}`);
    if (p.offOrigin.length) console.log(`- ${p.page}: scripts from another origin: ${p.offOrigin.join(", ")}`);
  }
  return ok;
}

export function reportLighthouse(rows: LighthouseRow[]): boolean {
  const out = [
    [
      "page",
      "performance",
      "runs",
      "accessibility",
      "best practices",
      "FCP s",
      "LCP s",
      "first paint / load ms",
      "held",
    ],
  ];
  for (const r of rows) {
    out.push(
      r.error
        ? [r.page, "FAILED", "–", "–", "–", "–", "–", "–", "–"]
        : [
            r.page,
            String(r.performance ?? "–"),
            (r.scores ?? []).join(" "),
            String(r.accessibility ?? "–"),
            String(r.bestPractices ?? "–"),
            fixed(r.fcpMs === undefined ? undefined : r.fcpMs / 1000, 2),
            fixed(r.lcpMs === undefined ? undefined : r.lcpMs / 1000, 2),
            `${fixed(r.observedFirstPaintMs, 0)} / ${fixed(r.observedLoadMs, 0)}`,
            `${r.heldRuns ?? "–"} of ${r.scores?.length ?? "–"}`,
          ],
    );
  }
  console.log(`\n### Lighthouse mobile (median run)\n\n${table(out)}`);
  console.log(
    "\nfirst paint / load: the median run's unthrottled first paint and load event. held: runs whose first paint came after the load event (frames withheld with the page idle; decision 022).",
  );
  for (const r of rows) if (r.error) console.log(`- ${r.page}: ${r.error}`);
  return rows.every((r) => !r.error);
}

/** The capacity steps and the figure; false when even the first step did not hold. */
export function reportCapacity(steps: CapacityStep[], capacity: number): boolean {
  const out = [["virtual users", "req/s", "p50 ms", "p99 ms", "requests", "errors", "generator CPU", "holds"]];
  for (const s of steps) {
    out.push([
      String(s.users),
      fixed(s.reqPerSec, 0),
      fixed(s.p50Ms, 1),
      fixed(s.p99Ms, 1),
      String(s.requests),
      String(s.errors),
      `${fixed(s.generatorCpu * 100, 0)} %`,
      s.holds ? "yes" : "no",
    ]);
  }
  console.log(`\n### Mixed console load (p99 ≤ ${CAPACITY_P99_MS} ms, no error)\n\n${table(out)}`);
  const last = steps.at(-1);
  const bound = last?.holds ? " (the last step held: raise BENCH_USERS to find the limit)" : "";
  console.log(`\n**Capacity: ${capacity} virtual users**${bound}`);
  return capacity > 0;
}
