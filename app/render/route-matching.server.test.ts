/**
 * Equivalence of decision 014's backport (remix-run/react-router#14967): the server's request handler
 * and static handler, matching against branches flattened and ranked once per build, answer every
 * request exactly as the unpatched packages do.
 *
 * The unpatched packages are the installed ones with our patches reversed (`git apply -R`) into a
 * scratch copy, so both run side by side in this process. Both handle the same ≥ 500 requests for a
 * build whose routes are this app's own (read from app/routes the way the compiler reads them), with
 * loaders that echo the route and its params: documents, `.data` (single fetch), `?_data=`, `?index`
 * and the lazy-discovery manifest, for every route path with sample parameters, and for unknown paths,
 * trailing and doubled slashes, encoded and unicode segments, splats and changed case.
 *
 * The document render (remix-run/react-router#14971, the render's matches): the same requests and more
 * (loaders throwing a 404 and an error, a component throwing, form posts) through a build whose documents
 * `<RemixServer>` renders, with each copy's own @remix-run/react, react-router and react-router-dom, under
 * React Router's development and production builds: the same status, headers and HTML (the partial manifest
 * `window.__remixManifest`, the route modules, meta, links, every route's params, matches and relative paths).
 */
import { createRequire } from "node:module";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  appRoutes,
  documentBuild,
  echoBuild,
  FUTURE,
  installedRemix,
  loadedRouterBuilds,
  remixReactOf,
  RENDER_PATCHED,
  routePatterns,
  THROWS,
  unpatchedRemix,
  type Handler,
  type RemixPackages,
  type RouteEntry,
  type StaticContextLike,
} from "../../tests/support/remix-matching";

// ---------------------------------------------------------------------------------------------
// The requests: every route path with sample parameters, then variations, from a seeded generator.

const SAMPLE_PARAMS = ["42", "abc", "%E4%B8%AD%E6%96%87", "中文", "a%2Fb", "a%20b", "0", "UPPER", "x.y", "%25"];
const SPLATS = ["", "a", "a/b/c", "api/v1/x", "%E4%B8%AD/%20", "中文/路径", "x/"];
const UNKNOWN = ["/nope", "/console/nope", "/console/finance/nope", "/desk/x/y/z", "/store/extra", "/a/b/c/d/e"];

function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function requestUrls(routes: Record<string, RouteEntry>): string[] {
  const random = seeded(14967);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
  const ids = Object.keys(routes);
  const fill = (pattern: string) =>
    pattern
      .split("/")
      .map((segment) => (segment === "*" ? pick(SPLATS) : segment.startsWith(":") ? pick(SAMPLE_PARAMS) : segment))
      .join("/");
  const variants = (pathname: string): string[] => {
    const bare = pathname.replace(/\/+$/, "") || "/";
    return [
      bare,
      `${bare}/`,
      bare.replace(/^\//, "//"),
      bare.toUpperCase(),
      `${bare}/${pick(["unknown", "中", "%E4%B8%AD", "x/y"])}`,
      `${bare === "/" ? "/_root" : bare}.data`,
      `${bare}.data?_routes=${encodeURIComponent(pick(ids))}`,
      `${bare}?_data=${encodeURIComponent(pick(ids))}`,
      `${bare}?index`,
      `${bare}?index&_data=${encodeURIComponent(pick(ids))}`,
    ];
  };
  const urls = new Set<string>();
  for (const pattern of routePatterns(routes)) {
    for (let sample = 0; sample < 3; sample++) for (const url of variants(fill(pattern))) urls.add(url);
  }
  for (const unknown of UNKNOWN) for (const url of variants(unknown)) urls.add(url);
  const patterns = routePatterns(routes);
  const manifestPaths = () => [pick(patterns), pick(patterns), pick(UNKNOWN)].map(fill);
  for (let i = 0; i < 20; i++) {
    const query = manifestPaths()
      .map((p) => `p=${encodeURIComponent(p)}`)
      .join("&");
    urls.add(`/__manifest?${query}&version=equivalence`);
  }
  urls.add("/__manifest?p=%2Fstore&version=stale");
  return [...urls];
}

async function answer(handler: Handler, url: string, method = "GET") {
  const init = method === "GET" ? {} : { method, body: new URLSearchParams({ field: "value" }) };
  const response = await handler(new Request(`http://localhost${url}`, init));
  const headers = [...response.headers].filter(([name]) => name !== "date");
  return { status: response.status, headers, body: await response.text() };
}

/**
 * The document walk: every request above (a document for most), and per route pattern one path whose every
 * parameter makes the loader throw a 404 response, one whose loader throws, one whose component throws (the
 * second render with the error at its boundary), and a form post to it and to its `?index`.
 */
function documentRequests(routes: Record<string, RouteEntry>): [method: string, url: string][] {
  const requests: [string, string][] = requestUrls(routes).map((url) => ["GET", url]);
  const random = seeded(14971);
  for (const pattern of routePatterns(routes)) {
    const fill = (value: string) =>
      pattern
        .split("/")
        .map((segment) => (segment === "*" ? `a/${value}` : segment.startsWith(":") ? value : segment))
        .join("/");
    if (pattern.includes(":") || pattern.includes("*"))
      for (const value of Object.values(THROWS)) requests.push(["GET", fill(value)]);
    const sample = fill(SAMPLE_PARAMS[Math.floor(random() * SAMPLE_PARAMS.length)]);
    requests.push(["POST", sample], ["POST", `${sample}?index`]);
  }
  return requests;
}

// ---------------------------------------------------------------------------------------------

let unpatched: RemixPackages;
let patched: RemixPackages;
let removeUnpatched: () => void;
let patchesReversed: string[];
let routes: Record<string, RouteEntry>;
let urls: string[];

beforeAll(() => {
  ({ packages: unpatched, patchesReversed, remove: removeUnpatched } = unpatchedRemix());
  patched = installedRemix();
  routes = appRoutes();
  urls = requestUrls(routes);
});

afterAll(() => removeUnpatched?.());

describe("route matching with branches ranked once (decision 014)", () => {
  it("is really patched, and the scratch copy really is not", () => {
    expect(patchesReversed).toEqual([
      "@remix-run+react+2.17.5.patch",
      "@remix-run+router+1.23.3.patch",
      "@remix-run+server-runtime+2.17.5.patch",
      "react-router+6.30.4.patch",
      "react-router-dom+6.30.4.patch",
    ]);
    expect(typeof patched.flattenAndRankRoutes).toBe("function");
    expect(unpatched.flattenAndRankRoutes).toBeUndefined();
    // #14971: the static router hands its route manifest and the branches to the render.
    const staticRouter = (copy: RemixPackages) =>
      createRequire(path.join(copy.modules, "package.json"))("react-router-dom/server").createStaticRouter([], {
        matches: [],
      });
    expect(Object.keys(staticRouter(patched))).toEqual(expect.arrayContaining(["branches", "manifest"]));
    expect(Object.keys(staticRouter(unpatched))).not.toContain("manifest");
  });

  it("covers every route of the app and at least 500 requests", () => {
    expect(Object.keys(routes).length).toBeGreaterThanOrEqual(60);
    expect(urls.length).toBeGreaterThanOrEqual(500);
    for (const kind of [".data", "?_data=", "?index", "/__manifest", "%E4%B8%AD", "中文", "//"])
      expect(urls.some((url) => url.includes(kind))).toBe(true);
  });

  it("the request handler answers every request exactly as the unpatched one does", { timeout: 120_000 }, async () => {
    const before = unpatched.createRequestHandler(echoBuild(routes), "test");
    const after = patched.createRequestHandler(echoBuild(routes), "test");
    const statuses = new Set<number>();
    for (const url of urls) {
      const expected = await answer(before, url);
      statuses.add(expected.status);
      expect(await answer(after, url), url).toEqual(expected);
    }
    // The walk reached matched pages, the manifest's "nothing new" answer and refusals (a 404 without the
    // catch-all route app/routes/$.tsx, a 403 for a `?_data=` route that does not match the URL).
    expect([...statuses]).toEqual(expect.arrayContaining([200, 204]));
    expect([...statuses].some((status) => status >= 400)).toBe(true);
  });

  it("the static handler matches every request exactly as the unpatched one does", { timeout: 120_000 }, async () => {
    const build = echoBuild(routes);
    const before = unpatched.createStaticHandler(unpatched.createStaticHandlerDataRoutes(build.routes, FUTURE));
    const after = patched.createStaticHandler(patched.createStaticHandlerDataRoutes(build.routes, FUTURE));
    const summary = (context: unknown) => {
      if (context instanceof Response) return { response: context.status };
      const c = context as StaticContextLike;
      return {
        statusCode: c.statusCode,
        matches: c.matches.map((m) => [m.route.id, m.params, m.pathname]),
        loaderData: c.loaderData,
      };
    };
    for (const url of urls) {
      const request = () => new Request(`http://localhost${url}`);
      expect(summary(await after.query(request())), url).toEqual(summary(await before.query(request())));
    }
  });

  it("matchServerRoutes with the branches ranked once matches as the unpatched one ranking on every call", () => {
    const manifest = echoBuild(routes).routes;
    const before = unpatched.createRoutes(manifest);
    const after = patched.createRoutes(manifest);
    const branches = patched.flattenAndRankRoutes!(after);
    const summary = (matches: unknown) =>
      (matches as StaticContextLike["matches"] | null)?.map((m) => [m.route.id, m.params, m.pathname]) ?? null;
    for (const url of urls) {
      const pathname = new URL(`http://localhost${url}`).pathname;
      expect(summary(patched.matchServerRoutes(after, pathname, undefined, branches)), url).toEqual(
        summary(unpatched.matchServerRoutes(before, pathname)),
      );
    }
  });
});

describe("the document render with the router's matches and the ranked branches (decision 014, #14971)", () => {
  for (const nodeEnv of ["development", "production"] as const) {
    it(
      `renders every document exactly as the unpatched packages do (React Router's ${nodeEnv} build)`,
      { timeout: 240_000 },
      async () => {
        const before = unpatched.createRequestHandler(
          documentBuild(routes, remixReactOf(unpatched, nodeEnv)),
          "production",
        );
        const after = patched.createRequestHandler(documentBuild(routes, remixReactOf(patched, nodeEnv)), "production");
        const build = nodeEnv === "production" ? "production.min" : "development";
        for (const copy of [unpatched, patched])
          expect(loadedRouterBuilds(copy).filter((file) => !file.startsWith(".cache"))).toEqual([
            `react-router-dom/dist/umd/react-router-dom.${build}.js`,
            "react-router-dom/server.js",
            `react-router/dist/umd/react-router.${build}.js`,
          ]);
        const requests = documentRequests(routes);
        const statuses = new Set<number>();
        const seen = new Set<string>();
        for (const [i, [method, url]] of requests.entries()) {
          // A macrotask now and then, so the worker answers vitest's calls during this long walk.
          if (i % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
          const expected = await answer(before, url, method);
          statuses.add(expected.status);
          for (const mark of ["window.__remixManifest", "data-boundary=", "data-fallback=", "posted"])
            if (expected.body.includes(mark)) seen.add(mark);
          expect(await answer(after, url, method), `${method} ${url}`).toEqual(expected);
        }
        expect(requests.length).toBeGreaterThanOrEqual(1000);
        // The walk rendered documents with the partial manifest, error boundaries (a loader's 404 and error, a
        // component's error, a post to a route without an action), hydrate fallbacks and action data.
        expect([...seen].sort()).toEqual(["data-boundary=", "data-fallback=", "posted", "window.__remixManifest"]);
        expect([...statuses]).toEqual(expect.arrayContaining([200, 204, 404, 405, 500]));
      },
    );
  }

  it("renders the router's own 404 (no catch-all route) exactly as the unpatched packages do", async () => {
    const withoutCatchAll = Object.fromEntries(Object.entries(routes).filter(([, route]) => route.path !== "*"));
    expect(Object.keys(withoutCatchAll).length).toBeLessThan(Object.keys(routes).length);
    for (const nodeEnv of ["development", "production"] as const) {
      const before = unpatched.createRequestHandler(
        documentBuild(withoutCatchAll, remixReactOf(unpatched, nodeEnv)),
        "production",
      );
      const after = patched.createRequestHandler(
        documentBuild(withoutCatchAll, remixReactOf(patched, nodeEnv)),
        "production",
      );
      for (const url of ["/nope", "/nope/", "/console/nope", "/a/b/c/d/e", "/%E4%B8%AD", "/store/extra/x"]) {
        const expected = await answer(before, url);
        expect(expected.status, url).toBe(404);
        expect(await answer(after, url), `${nodeEnv} ${url}`).toEqual(expected);
      }
    }
  });
});

describe("the render matches no route of its own (decision 014, #14971)", () => {
  /** Calls of this copy's `matchRoutes` and `UNSAFE_matchRoutesImpl` (with or without branches) in one document request. */
  async function matchingCalls(copy: RemixPackages, url: string) {
    const router = createRequire(path.join(copy.modules, "package.json"))("@remix-run/router");
    const handler = copy.createRequestHandler(documentBuild(routes, remixReactOf(copy, "production")), "production");
    await answer(handler, url); // the build derived, outside the count
    const calls = { matchRoutes: 0, withBranches: 0, withoutBranches: 0 };
    const { matchRoutes, UNSAFE_matchRoutesImpl: matchRoutesImpl } = router;
    router.matchRoutes = (...args: unknown[]) => (calls.matchRoutes++, matchRoutes(...args));
    if (matchRoutesImpl)
      router.UNSAFE_matchRoutesImpl = (...args: unknown[]) => {
        if (args[4]) calls.withBranches++;
        else calls.withoutBranches++;
        return matchRoutesImpl(...args);
      };
    try {
      expect((await answer(handler, url)).status).toBe(200);
    } finally {
      router.matchRoutes = matchRoutes;
      if (matchRoutesImpl) router.UNSAFE_matchRoutesImpl = matchRoutesImpl;
    }
    return calls;
  }

  it("a console document: unpatched, the request handler, the partial manifest's two parent paths and the render flatten and rank all routes; patched, nothing does", async () => {
    expect(await matchingCalls(unpatched, "/console/dashboard")).toEqual({
      matchRoutes: 4,
      withBranches: 0,
      withoutBranches: 0,
    });
    // Only the #14971 patches reversed (the bench's middle build): the request handler uses the branches.
    const before14971 = unpatchedRemix(RENDER_PATCHED);
    try {
      expect(before14971.patchesReversed).toEqual([
        "@remix-run+react+2.17.5.patch",
        "react-router+6.30.4.patch",
        "react-router-dom+6.30.4.patch",
      ]);
      expect(await matchingCalls(before14971.packages, "/console/dashboard")).toEqual({
        matchRoutes: 3,
        withBranches: 1,
        withoutBranches: 0,
      });
    } finally {
      before14971.remove();
    }
    expect(await matchingCalls(patched, "/console/dashboard")).toEqual({
      matchRoutes: 0,
      withBranches: 3,
      withoutBranches: 0,
    });
  });
});
