/** Latency section of `npm run bench`: each page and call at 10 and at 50 connections (autocannon). */
import autocannon from "autocannon";

export const CONNECTION_LEVELS = [10, 50] as const;
const REQUEST_TIMEOUT_MS = 15_000;

export interface Target {
  name: string;
  path: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** Checks one response before the load test; returns why it is unusable, or null. */
  preflight?: (res: Response, body: string) => string | null;
  verifyBody?: (body: string) => boolean;
}

export interface Run {
  connections: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** non-2xx answers, errors, timeouts and body mismatches together. */
  failures: number;
  statusCodes: Record<string, number>;
}

export interface LatencyRow {
  name: string;
  path: string;
  method: string;
  skipped?: string;
  runs: Run[];
}

export const expect200 = (res: Response) =>
  res.status === 200
    ? null
    : `answered ${res.status}${res.headers.get("location") ? ` → ${res.headers.get("location")}` : ""}`;

async function preflight(origin: string, target: Target): Promise<string | null> {
  try {
    const res = await fetch(`${origin}${target.path}`, {
      method: target.method ?? "GET",
      headers: target.headers,
      body: target.body,
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = await res.text();
    return (target.preflight ?? expect200)(res, body);
  } catch (error) {
    return `request failed: ${(error as Error).message}`;
  }
}

async function runOnce(origin: string, target: Target, connections: number, seconds: number): Promise<Run> {
  const r = await autocannon({
    url: `${origin}${target.path}`,
    method: target.method ?? "GET",
    headers: target.headers,
    body: target.body,
    connections,
    duration: seconds,
    timeout: 10,
    verifyBody: target.verifyBody && ((body) => target.verifyBody!(String(body ?? ""))),
  });
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = stat.count ?? 0;
  return {
    connections,
    reqPerSec: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    requests: r.requests.total,
    failures: r.non2xx + r.errors + r.timeouts + r.mismatches,
    statusCodes,
  };
}

/**
 * One pass over every target at the first connection level before any is measured. The embedded
 * database is WebAssembly: V8 compiles its hot functions again, optimised, on background threads
 * during the first tens of seconds of load, and the first pages measured after a start paid for it
 * (2026-11-26: `/store` at 29 req/s while the compiler threads took 5–8 ms of CPU per request, then
 * 135 req/s ten seconds later). Targets that fail their preflight are left out here and reported by
 * measureLatency.
 */
export async function warmUpAll(
  origin: string,
  targets: Target[],
  seconds: number,
  onStep?: () => void,
): Promise<void> {
  for (const target of targets) {
    onStep?.();
    if ((await preflight(origin, target)) === null) await runOnce(origin, target, CONNECTION_LEVELS[0], seconds);
  }
}

/** Preflight, a short warm-up, then one run per connection level. */
export async function measureLatency(
  origin: string,
  target: Target,
  { seconds, warmUpSeconds, onStep }: { seconds: number; warmUpSeconds: number; onStep?: () => void },
): Promise<LatencyRow> {
  const row: LatencyRow = { name: target.name, path: target.path, method: target.method ?? "GET", runs: [] };
  const problem = await preflight(origin, target);
  if (problem) return { ...row, skipped: problem };
  await runOnce(origin, target, CONNECTION_LEVELS[0], warmUpSeconds);
  for (const connections of CONNECTION_LEVELS) {
    onStep?.();
    row.runs.push(await runOnce(origin, target, connections, seconds));
  }
  return row;
}
