/**
 * `npm run bench:capacity-compare`: the capacity figure N of this build against a baseline build, measured in the
 * same minutes (decision 022). Issue 34 judges N as a share of the figure before it (TARGETS). This machine's speed moves by up to 2× between minutes, and one build's N moved from
 * "none" to 2,400 users within an hour. So one run of each proves nothing. This script runs the capacity
 * section of `bench/run.ts` ROUNDS times per build, alternating the builds (this one first in odd rounds, the baseline
 * first in even ones). It then prints each round's N, each build's median and the medians' ratio.
 *
 * BENCH_BASELINE_DIR: the baseline's build directory, inside a checkout with its own node_modules, for example
 *   git worktree add --detach /tmp/baseline 711aaf8 && (cd /tmp/baseline && npm ci && npm run build)
 *   BENCH_BASELINE_DIR=/tmp/baseline/build npm run bench:capacity-compare
 * BENCH_COMPARE_ROUNDS (default 3); BENCH_BUILD_DIR (default ./build), BENCH_USERS and BENCH_STEP_SECONDS go to
 * each run as they are.
 *
 * A run whose first step fails counts as N = 0. A run whose last step held is reported as "≥ N"; then the verdict
 * is "undecided", since that build may hold more: raise BENCH_USERS.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RESULTS = path.join(ROOT, "bench/results/latest.json");
const ROUNDS = Number(process.env.BENCH_COMPARE_ROUNDS ?? 3);
const builds = {
  this: path.resolve(ROOT, process.env.BENCH_BUILD_DIR ?? "build"),
  baseline: process.env.BENCH_BASELINE_DIR ? path.resolve(process.env.BENCH_BASELINE_DIR) : "",
};
/**
 * What the baseline's N must become (issue 34): against B3 (main before the backport) at least 120 %; from then
 * on, an issue that adds routes or work per request keeps at least 90 % of the build before it.
 */
const TARGETS = [
  { rule: "issue 34, against B3", share: 1.2 },
  { rule: "any later issue, against the build before it", share: 0.9 },
];

interface RunResult {
  users: number;
  /** The last step held, so the build may hold more. */
  open: boolean;
  steps: string;
}

function measure(buildDir: string): RunResult {
  const startedAt = new Date();
  const run = spawnSync("npx", ["tsx", "bench/run.ts"], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, BENCH_ONLY: "capacity", BENCH_BUILD_DIR: buildDir },
  });
  if (run.error) throw run.error;
  // The bench exits 1 when a step had errors; its results are written either way.
  const result = JSON.parse(readFileSync(RESULTS, "utf8")) as {
    at: string;
    build: string;
    capacity: { users: number; steps: { users: number; p99Ms: number; errors: number }[] };
  };
  // A run that died before writing leaves the previous run's file, perhaps of the same build.
  if (new Date(result.at) < startedAt || path.resolve(result.build) !== buildDir)
    throw new Error(`the bench wrote no results for ${buildDir} (exit ${run.status ?? run.signal})`);
  const { users, steps } = result.capacity;
  const last = steps.at(-1);
  return {
    users,
    open: last !== undefined && last.users === users,
    steps: steps
      .map((s) => `${s.users}: ${Math.round(s.p99Ms)} ms${s.errors ? `, ${s.errors} errors` : ""}`)
      .join("; "),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const figure = (r: RunResult) => `${r.open ? "≥ " : ""}${r.users}`;

function main(): void {
  if (!builds.baseline) throw new Error("set BENCH_BASELINE_DIR to the baseline's build directory (see the header)");
  for (const dir of Object.values(builds))
    if (!existsSync(path.join(dir, "index.js"))) throw new Error(`${dir}/index.js is missing: build it first`);
  if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error("BENCH_COMPARE_ROUNDS must be a whole number ≥ 1");
  const results: Record<keyof typeof builds, RunResult[]> = { this: [], baseline: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    const order: (keyof typeof builds)[] = round % 2 ? ["this", "baseline"] : ["baseline", "this"];
    for (const which of order) {
      console.log(`\n=== round ${round} of ${ROUNDS}: ${which} (${builds[which]}) at ${new Date().toISOString()}`);
      results[which].push(measure(builds[which]));
    }
  }
  console.log("\n### Capacity, this build against the baseline, same minutes\n");
  console.log("| round | this build | baseline |\n| ----- | ---------- | -------- |");
  for (let i = 0; i < ROUNDS; i++)
    console.log(
      `| ${i + 1} | ${figure(results.this[i]!)} (${results.this[i]!.steps}) | ${figure(results.baseline[i]!)} (${results.baseline[i]!.steps}) |`,
    );
  const ours = median(results.this.map((r) => r.users));
  const theirs = median(results.baseline.map((r) => r.users));
  const share = theirs > 0 ? ours / theirs : 0;
  console.log(`\nmedians: this build ${ours}, baseline ${theirs}: ${(share * 100).toFixed(0)} % of the baseline`);
  if ([...results.this, ...results.baseline].some((r) => r.open)) {
    console.log("undecided: a run's last step held, so its build may hold more; raise BENCH_USERS");
    return;
  }
  for (const t of TARGETS)
    console.log(`${t.rule} (at least ${t.share * 100} %): ${share >= t.share ? "met" : "not met"}`);
}

main();
