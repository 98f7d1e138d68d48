/**
 * The "first start" section of `npm run bench` (issue 33 §5, decision 066), also runnable alone:
 * `npx tsx bench/first-start.ts`. For each of BENCH_FIRST_STARTS runs (default 3): a fresh DATA_DIR,
 * `npm start` of the built server (sandbox providers, demo data, as a fresh clone starts), and the time
 * until GET /store answers 200. Prints each run, the start-up lines the server logged, and the median
 * against the target (15 s); exits 1 when the median is over it or a run never answered.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port";
import { machineSpeedLine } from "./machine-speed";
import { sandboxServerEnv } from "./sandbox-server-env";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const HOST = "127.0.0.1";
export const FIRST_START_TARGET_S = 15;
const GIVE_UP_S = 120;
const RUNS = Math.max(1, Number(process.env.BENCH_FIRST_STARTS ?? 3) || 3);

interface Run {
  seconds: number | null;
  log: string[];
}

async function firstStart(): Promise<Run> {
  const port = await freePort(HOST);
  const dataDir = mkdtempSync(path.join(tmpdir(), "gpu-cloud-first-start-"));
  const log: string[] = [];
  const started = performance.now();
  const child = spawn("npm", ["start"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: sandboxServerEnv({ port, host: HOST, dataDir, sessionSecret: randomBytes(32).toString("hex") }),
  });
  const keep = (chunk: Buffer) => log.push(...chunk.toString("utf8").split("\n").filter(Boolean));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  try {
    const seconds = await until200(`http://${HOST}:${port}/store`, child, started);
    return { seconds, log };
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
}

async function until200(url: string, child: ChildProcess, started: number): Promise<number | null> {
  while (performance.now() - started < GIVE_UP_S * 1000) {
    if (child.exitCode !== null || child.signalCode !== null) return null;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(GIVE_UP_S * 1000) });
      await res.arrayBuffer();
      if (res.status === 200) return (performance.now() - started) / 1000;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

/** npm → sh → node run in their own process group: SIGTERM to the group, SIGKILL after 3 s. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.pid === undefined) return;
  const signal = (s: NodeJS.Signals | 0) => {
    try {
      process.kill(-child.pid!, s);
      return true;
    } catch {
      return false;
    }
  };
  signal("SIGTERM");
  for (let i = 0; i < 60 && signal(0); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  if (signal(0)) signal("SIGKILL");
}

if (!existsSync(path.join(ROOT, "build/index.js"))) {
  console.error("build/index.js is missing: run `npm run build` first");
  process.exit(1);
}
console.log(`\nfirst start: fresh DATA_DIR, \`npm start\`, until GET /store answers 200 (${RUNS} runs)`);
console.log(machineSpeedLine("before"));
const runs: Run[] = [];
for (let i = 0; i < RUNS; i++) {
  const run = await firstStart();
  runs.push(run);
  console.log(
    `  run ${i + 1}: ${run.seconds === null ? `no 200 within ${GIVE_UP_S} s` : `${run.seconds.toFixed(1)} s`}`,
  );
  if (i === 0 || run.seconds === null) for (const line of run.log) if (/^\[/.test(line)) console.log(`    ${line}`);
}
const times = runs.map((r) => r.seconds);
const answered = times.filter((s): s is number => s !== null).sort((a, b) => a - b);
const median = answered.length === RUNS ? answered[Math.floor(RUNS / 2)]! : null;
console.log(
  median === null
    ? "first start: FAILED (a run never answered)"
    : `first start: median ${median.toFixed(1)} s (target ≤ ${FIRST_START_TARGET_S} s)${median > FIRST_START_TARGET_S ? " — OVER TARGET" : ""}`,
);
console.log(machineSpeedLine("after"));
if (median === null || median > FIRST_START_TARGET_S) process.exitCode = 1;
