/**
 * `npm run bench:route-matching`: what route matching costs the server per request, with decision 014's
 * backport (branches flattened and ranked once per build) and without it (the installed packages with
 * the patches reversed, side by side in this process), at this app's route count and with 60 more routes.
 *
 * Two figures per case, as main-thread CPU (process.cpuUsage) per request, the median of BENCH_ROUNDS
 * rounds (default 5) of BENCH_REQUESTS requests (default 2,000), the builds alternating within a round:
 *  - match: `matchServerRoutes` alone, as the request handler calls it (once per document request);
 *  - handler: a whole GET through `createRequestHandler` of a build whose loaders and document only echo
 *    what matched: the request handler's match and the static handler's match, and Remix's own work.
 * The paths are every route pattern of the app with sample parameters, in a fixed order.
 */
import {
  appRoutes,
  echoBuild,
  installedRemix,
  routePatterns,
  unpatchedRemix,
  withExtraRoutes,
  type RemixPackages,
  type RouteEntry,
} from "../tests/support/remix-matching";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);

function pathsOf(routes: Record<string, RouteEntry>): string[] {
  return routePatterns(routes).map((pattern) =>
    pattern
      .split("/")
      .map((segment) => (segment === "*" ? "a/b" : segment.startsWith(":") ? "42" : segment))
      .join("/"),
  );
}

function cpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

async function perRequest(run: (path: string) => unknown, paths: string[]): Promise<number> {
  const start = cpuMicros();
  for (let i = 0; i < REQUESTS; i++) await run(paths[i % paths.length]);
  return (cpuMicros() - start) / REQUESTS;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

interface Case {
  label: string;
  match: (path: string) => unknown;
  handler: (path: string) => Promise<unknown>;
}

function caseOf(label: string, packages: RemixPackages, routes: Record<string, RouteEntry>, patched: boolean): Case {
  const build = echoBuild(routes);
  const tree = packages.createRoutes(build.routes);
  const branches = patched ? packages.flattenAndRankRoutes!(tree) : undefined;
  const handle = packages.createRequestHandler(build, "test");
  return {
    label,
    match: (path) => packages.matchServerRoutes(tree, path, undefined, branches),
    handler: async (path) => (await handle(new Request(`http://localhost${path}`))).text(),
  };
}

async function main() {
  const unpatched = unpatchedRemix();
  try {
    const patched = installedRemix();
    const sizes = [appRoutes(), withExtraRoutes(appRoutes(), 60)];
    console.log(`| routes | build | match µs/request | handler µs/request |`);
    console.log(`| --- | --- | --- | --- |`);
    for (const routes of sizes) {
      const paths = pathsOf(routes);
      const cases = [caseOf("unpatched", unpatched.packages, routes, false), caseOf("backport", patched, routes, true)];
      const results = new Map(cases.map((c) => [c.label, { match: [] as number[], handler: [] as number[] }]));
      // One warm-up round, not counted.
      for (const c of cases) {
        await perRequest(c.match, paths);
        await perRequest(c.handler, paths);
      }
      for (let round = 0; round < ROUNDS; round++) {
        for (const c of round % 2 ? [...cases].reverse() : cases) {
          results.get(c.label)!.match.push(await perRequest(c.match, paths));
          results.get(c.label)!.handler.push(await perRequest(c.handler, paths));
        }
      }
      for (const c of cases) {
        const r = results.get(c.label)!;
        console.log(
          `| ${Object.keys(routes).length} | ${c.label} | ${median(r.match).toFixed(1)} | ${median(r.handler).toFixed(1)} |`,
        );
      }
    }
  } finally {
    unpatched.remove();
  }
}

await main();
