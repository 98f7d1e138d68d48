/**
 * Load measurement for `npm run bench`: autocannon runs, and each target rated
 * against the ceiling measured in short slices alternating with its own.
 */
import autocannon from "autocannon";

export const CONNECTIONS = 10;
const REQUEST_TIMEOUT_MS = 15_000;

export interface Target {
  name: string;
  path: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** Share of the ceiling's req/s this target must reach. */
  minRatio?: number;
  /** Checks one response before the load test; returns why it is unusable, or null. */
  preflight?: (res: Response, body: string) => string | null;
  verifyBody?: (body: string) => boolean;
}

/** One autocannon run. */
export interface Slice {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  mismatches: number;
  statusCodes: Record<string, number>;
}

export interface Measured {
  name: string;
  path: string;
  method: string;
  skipped?: string;
  /** Mean of the slices' req/s. */
  reqPerSec?: number;
  /** Request-weighted means of the slices' percentiles. */
  p50Ms?: number;
  p99Ms?: number;
  /** Mean of the slices' ratios, each against the mean of the two ceiling slices beside it. */
  ratio?: number;
  minRatio?: number;
  meetsTarget?: boolean;
  requests?: number;
  non2xx?: number;
  errors?: number;
  timeouts?: number;
  mismatches?: number;
  statusCodes?: Record<string, number>;
  slices?: Slice[];
  /** The ceiling slices this target's slices alternated with (one more than its own). */
  ceilingSlices?: Slice[];
}

export const expect200 = (res: Response) =>
  res.status === 200
    ? null
    : `answered ${res.status}${res.headers.get("location") ? ` → ${res.headers.get("location")}` : ""}`;

/** Why one request to the target is unusable for a load test, or null when it is fine. */
export async function preflight(origin: string, target: Target): Promise<string | null> {
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

/** One autocannon run of `seconds` against the target. */
export async function runSlice(origin: string, target: Target, seconds: number): Promise<Slice> {
  const r = await autocannon({
    url: `${origin}${target.path}`,
    method: target.method ?? "GET",
    headers: target.headers,
    body: target.body,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    verifyBody: target.verifyBody && ((body) => target.verifyBody!(String(body ?? ""))),
  });
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = stat.count ?? 0;
  return {
    reqPerSec: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    mismatches: r.mismatches,
    statusCodes,
  };
}

const sum = (slices: Slice[], pick: (s: Slice) => number) => slices.reduce((total, s) => total + pick(s), 0);

/** Slices of one target as one row; clean only if every slice was. */
export function summarize(target: Target, slices: Slice[]): Measured {
  const requests = sum(slices, (s) => s.requests);
  const weighted = (pick: (s: Slice) => number) =>
    requests > 0 ? sum(slices, (s) => pick(s) * s.requests) / requests : 0;
  const statusCodes: Record<string, number> = {};
  for (const s of slices)
    for (const [code, n] of Object.entries(s.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  const row = {
    name: target.name,
    path: target.path,
    method: target.method ?? "GET",
    minRatio: target.minRatio,
    reqPerSec: sum(slices, (s) => s.reqPerSec) / slices.length,
    p50Ms: weighted((s) => s.p50Ms),
    p99Ms: weighted((s) => s.p99Ms),
    requests,
    non2xx: sum(slices, (s) => s.non2xx),
    errors: sum(slices, (s) => s.errors),
    timeouts: sum(slices, (s) => s.timeouts),
    mismatches: sum(slices, (s) => s.mismatches),
    statusCodes,
    slices,
  };
  return { ...row, meetsTarget: row.non2xx + row.errors + row.timeouts + row.mismatches === 0 };
}

/**
 * Measures `target` in `count` slices of `seconds`, each between two slices of
 * the ceiling: ceiling, target, ceiling, target, …, ceiling. The machine's
 * speed drifts within seconds here, so each target slice is rated against the
 * ceiling measured just before and just after it.
 */
export async function measureBesideCeiling(
  origin: string,
  target: Target,
  ceiling: Target,
  {
    count,
    seconds,
    warmUpSeconds,
    onSlice,
  }: { count: number; seconds: number; warmUpSeconds: number; onSlice?: () => void },
): Promise<Measured> {
  const problem = await preflight(origin, target);
  if (problem) {
    return {
      name: target.name,
      path: target.path,
      method: target.method ?? "GET",
      minRatio: target.minRatio,
      skipped: problem,
      meetsTarget: false,
    };
  }
  await runSlice(origin, target, warmUpSeconds);
  const ceilingSlices = [await runSlice(origin, ceiling, seconds)];
  const slices: Slice[] = [];
  for (let i = 0; i < count; i++) {
    onSlice?.();
    slices.push(await runSlice(origin, target, seconds));
    ceilingSlices.push(await runSlice(origin, ceiling, seconds));
  }
  const ratios = slices.map(
    (s, i) => s.reqPerSec / ((ceilingSlices[i]!.reqPerSec + ceilingSlices[i + 1]!.reqPerSec) / 2),
  );
  const ratio = ratios.reduce((a, b) => a + b, 0) / ratios.length;
  const measured = summarize(target, slices);
  return {
    ...measured,
    ratio,
    ceilingSlices,
    meetsTarget: measured.meetsTarget === true && (target.minRatio === undefined || ratio >= target.minRatio),
  };
}
