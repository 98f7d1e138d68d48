/**
 * `npm run bench:route-matching`: what route matching costs the server per request, with decision 014's
 * backport (branches flattened and ranked once per build; the render's matching of #14971) and without it
 * (the installed packages with the patches reversed, side by side in this process), and with only the
 * #14971 patches reversed (@remix-run/react, react-router, react-router-dom: the build before #14971), at
 * this app's route count and with 60 more routes.
 *
 * Three figures per case, as main-thread CPU (process.cpuUsage) per request, the median of BENCH_ROUNDS
 * rounds (default 5) of BENCH_REQUESTS requests (default 2,000), the builds alternating within a round:
 *  - match: `matchServerRoutes` alone, as the request handler calls it (once per document request);
 *  - handler: a whole GET through `createRequestHandler` of a build whose loaders and document only echo
 *    what matched: the request handler's match and the static handler's match, and Remix's own work.
 *  - document: a whole document GET through `createRequestHandler` of a build whose documents React renders
 *    with `<RemixServer>` (tests/support/remix-matching.ts, `documentBuild`: every route shows its data, params,
 *    matches and relative links, with meta and links, and the root has `<Scripts>` and its partial manifest), in
 *    production mode with React Router's production build, as the production server runs: the request
 *    handler's and static handler's matches, then the render's (the partial manifest's parent paths and the
 *    routes' own) and React's work.
 * The paths are every route pattern of the app with sample parameters, in a fixed order.
 *
 * Then the matching CPU of one console user every 30 s (decision 022's load: one console document, three
 * notification polls, one unread call, and one user in twenty paying with a status poll every 2 s): each
 * path's `matchServerRoutes` cost times how often that user's requests match it. Unpatched, a document is
 * matched five times (the request handler, the static handler's query, the partial manifest's two parent
 * paths and the render); with the backport of #14971 the first four use the branches ranked once and the
 * render matches no more (it renders the static handler's matches). Every other request twice, both served.
 */
import {
  appRoutes,
  documentBuild,
  echoBuild,
  installedRemix,
  remixReactOf,
  RENDER_PATCHED,
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
  document: (path: string) => Promise<unknown>;
}

function caseOf(label: string, packages: RemixPackages, routes: Record<string, RouteEntry>, patched: boolean): Case {
  const build = echoBuild(routes);
  const tree = packages.createRoutes(build.routes);
  const branches = patched ? packages.flattenAndRankRoutes!(tree) : undefined;
  const handle = packages.createRequestHandler(build, "test");
  const render = packages.createRequestHandler(
    documentBuild(routes, remixReactOf(packages, "production")),
    "production",
  );
  return {
    label,
    match: (path) => packages.matchServerRoutes(tree, path, undefined, branches),
    handler: async (path) => (await handle(new Request(`http://localhost${path}`))).text(),
    document: async (path) => (await render(new Request(`http://localhost${path}`))).text(),
  };
}

/**
 * One console user's requests per 30 s (bench/capacity.ts): how many matches each makes unpatched, how many of
 * them the backport serves with the branches ranked once, and how many it does not make at all.
 */
const USER_MIX: { path: string; per30s: number; matches: number; served: number; avoided: number }[] = [
  { path: "/console/dashboard", per30s: 1 / 3, matches: 5, served: 4, avoided: 1 },
  { path: "/console/accountInfo", per30s: 1 / 3, matches: 5, served: 4, avoided: 1 },
  { path: "/console/messages", per30s: 1 / 3, matches: 5, served: 4, avoided: 1 },
  { path: "/resources/notifications", per30s: 3, matches: 2, served: 2, avoided: 0 },
  { path: "/api/app/get_unread_state", per30s: 1, matches: 2, served: 2, avoided: 0 },
  { path: "/resources/order-status/20261128000000000001", per30s: 15 / 20, matches: 2, served: 2, avoided: 0 },
];

async function perUser(unpatchedCase: Case, patchedCase: Case): Promise<{ before: number; after: number }> {
  let before = 0;
  let after = 0;
  for (const { path, per30s, matches, served, avoided } of USER_MIX) {
    const costs = { unpatched: [] as number[], backport: [] as number[] };
    await perRequest(unpatchedCase.match, [path]);
    await perRequest(patchedCase.match, [path]);
    for (let round = 0; round < ROUNDS; round++) {
      costs.unpatched.push(await perRequest(unpatchedCase.match, [path]));
      costs.backport.push(await perRequest(patchedCase.match, [path]));
    }
    const unpatchedCost = median(costs.unpatched);
    before += per30s * matches * unpatchedCost;
    after += per30s * (served * median(costs.backport) + (matches - served - avoided) * unpatchedCost);
  }
  return { before, after };
}

async function main() {
  // As the production server (Dockerfile): React and React Router load their production builds.
  process.env.NODE_ENV ??= "production";
  const unpatched = unpatchedRemix();
  const before14971 = unpatchedRemix(RENDER_PATCHED);
  try {
    const patched = installedRemix();
    const sizes = [appRoutes(), withExtraRoutes(appRoutes(), 60)];
    const userFigures: { routes: number; before: number; after: number }[] = [];
    console.log(`| routes | build | match µs/request | handler µs/request | document µs/request |`);
    console.log(`| --- | --- | --- | --- | --- |`);
    for (const routes of sizes) {
      const paths = pathsOf(routes);
      const cases = [
        caseOf("unpatched", unpatched.packages, routes, false),
        caseOf("#14967, #15186", before14971.packages, routes, true),
        caseOf("backport (+ #14971)", patched, routes, true),
      ];
      const results = new Map(
        cases.map((c) => [c.label, { match: [] as number[], handler: [] as number[], document: [] as number[] }]),
      );
      // One warm-up round, not counted.
      for (const c of cases) {
        await perRequest(c.match, paths);
        await perRequest(c.handler, paths);
        await perRequest(c.document, paths);
      }
      for (let round = 0; round < ROUNDS; round++) {
        // The builds alternate: forwards, then backwards.
        for (const c of round % 2 ? [...cases].reverse() : cases) {
          results.get(c.label)!.match.push(await perRequest(c.match, paths));
          results.get(c.label)!.handler.push(await perRequest(c.handler, paths));
          results.get(c.label)!.document.push(await perRequest(c.document, paths));
        }
      }
      for (const c of cases) {
        const r = results.get(c.label)!;
        console.log(
          `| ${Object.keys(routes).length} | ${c.label} | ${median(r.match).toFixed(1)} | ${median(r.handler).toFixed(1)} | ${median(r.document).toFixed(1)} |`,
        );
      }
      userFigures.push({ routes: Object.keys(routes).length, ...(await perUser(cases[0]!, cases[2]!)) });
    }
    console.log(
      `\nMatching CPU of one console user per 30 s (µs):\n| routes | unpatched | backport | saved |\n| --- | --- | --- | --- |`,
    );
    for (const f of userFigures)
      console.log(
        `| ${f.routes} | ${f.before.toFixed(0)} | ${f.after.toFixed(0)} | ${(100 * (1 - f.after / f.before)).toFixed(0)} % |`,
      );
  } finally {
    unpatched.remove();
    before14971.remove();
  }
}

await main();
