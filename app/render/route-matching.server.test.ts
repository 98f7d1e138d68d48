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
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const require = createRequire(import.meta.url);

type Handler = (request: Request) => Promise<Response>;
interface Packages {
  createRequestHandler: (build: unknown, mode?: string) => Handler;
  createStaticHandler: (routes: unknown[]) => { query: (request: Request) => Promise<unknown> };
  createStaticHandlerDataRoutes: (manifest: unknown, future: unknown) => unknown[];
  matchServerRoutes: (routes: unknown[], pathname: string, basename?: string) => unknown;
}

const PATCHED = ["@remix-run/router", "@remix-run/server-runtime"];
// Inside node_modules so the scratch copies resolve their other dependencies from the project's.
const scratch = path.join(root, "node_modules", ".cache", `unpatched-remix-${process.pid}`);

function loadPackages(modules: string): Packages {
  const fromHere = createRequire(path.join(modules, "package.json"));
  const server = fromHere(path.join(modules, "@remix-run/server-runtime/dist/server.js"));
  const routes = fromHere(path.join(modules, "@remix-run/server-runtime/dist/routes.js"));
  const matching = fromHere(path.join(modules, "@remix-run/server-runtime/dist/routeMatching.js"));
  const router = fromHere(path.join(modules, "@remix-run/router/dist/router.cjs.js"));
  return {
    createRequestHandler: server.createRequestHandler,
    createStaticHandler: router.createStaticHandler,
    createStaticHandlerDataRoutes: routes.createStaticHandlerDataRoutes,
    matchServerRoutes: matching.matchServerRoutes,
  };
}

/** The installed packages with every patch in patches/ for them reversed. */
function unpatchedCopy(): string {
  const modules = path.join(scratch, "node_modules");
  for (const name of PATCHED) {
    mkdirSync(path.dirname(path.join(modules, name)), { recursive: true });
    cpSync(path.join(root, "node_modules", name), path.join(modules, name), { recursive: true });
  }
  const patches = readdirSync(path.join(root, "patches")).filter((file) =>
    PATCHED.some((name) => file.startsWith(`${name.replace("/", "+")}+`)),
  );
  expect(patches.length).toBe(2);
  for (const file of patches) {
    // The patches name files as node_modules/<package>/…, relative to the scratch directory.
    // GIT_CEILING_DIRECTORIES: git must not find this repository above the scratch directory (inside a
    // repository, `git apply` would ignore paths outside it and reverse nothing).
    execFileSync("git", ["apply", "-R", path.join(root, "patches", file)], {
      cwd: scratch,
      stdio: "pipe",
      env: { ...process.env, GIT_CEILING_DIRECTORIES: path.dirname(scratch) },
    });
  }
  return modules;
}

// ---------------------------------------------------------------------------------------------
// A build with this app's routes. Every route module has a loader that echoes its id and params.

interface RouteEntry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

function appRoutes(): Record<string, RouteEntry> {
  const { UNSAFE_flatRoutes: flatRoutes } = require("@remix-run/dev") as {
    UNSAFE_flatRoutes: (appDir: string, ignored: string[]) => Record<string, RouteEntry>;
  };
  // remix.config.js's ignoredRouteFiles.
  const routes = flatRoutes(path.join(root, "app"), ["**/.*", "**/*.test.{ts,tsx}"]);
  return { root: { id: "root", path: "" }, ...routes };
}

const FUTURE = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_lazyRouteDiscovery: true,
  v3_singleFetch: true,
};

function echoBuild(routes: Record<string, RouteEntry>) {
  const serverRoutes: Record<string, unknown> = {};
  const assetRoutes: Record<string, unknown> = {};
  for (const route of Object.values(routes)) {
    const common = {
      id: route.id,
      parentId: route.parentId,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    };
    serverRoutes[route.id] = {
      ...common,
      module: {
        default: () => null,
        loader: ({ params }: { params: Record<string, string> }) => ({ route: route.id, params }),
      },
    };
    assetRoutes[route.id] = {
      ...common,
      module: `/build/${route.id}.js`,
      imports: [],
      hasAction: false,
      hasLoader: true,
      hasClientAction: false,
      hasClientLoader: false,
      hasErrorBoundary: false,
    };
  }
  return {
    mode: "production",
    future: FUTURE,
    isSpaMode: false,
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    routes: serverRoutes,
    assets: {
      entry: { module: "/build/entry.client.js", imports: [] },
      routes: assetRoutes,
      url: "/build/manifest.js",
      version: "equivalence",
    },
    entry: {
      module: {
        // A document answers what the router matched and loaded.
        default: (_request: Request, status: number, headers: Headers, context: RemixContextLike) =>
          new Response(
            JSON.stringify({
              status,
              matches: context.staticHandlerContext.matches.map((match) => [
                match.route.id,
                match.params,
                match.pathname,
              ]),
              loaderData: context.staticHandlerContext.loaderData,
              errors: context.staticHandlerContext.errors ? Object.keys(context.staticHandlerContext.errors) : null,
            }),
            { status, headers },
          ),
      },
    },
  };
}

interface RemixContextLike {
  staticHandlerContext: {
    matches: { route: { id: string }; params: unknown; pathname: string }[];
    loaderData: unknown;
    errors: Record<string, unknown> | null;
  };
}

// ---------------------------------------------------------------------------------------------
// The requests: every route path with sample parameters, then variations, from a seeded generator.

const SAMPLE_PARAMS = ["42", "abc", "%E4%B8%AD%E6%96%87", "中文", "a%2Fb", "a%20b", "0", "UPPER", "x.y", "%25"];
const SPLATS = ["", "a", "a/b/c", "api/v1/x", "%E4%B8%AD/%20", "中文/路径", "x/"];
const UNKNOWN = ["/nope", "/console/nope", "/console/finance/nope", "/desk/x/y/z", "/store/extra", "/a/b/c/d/e"];

function fullPaths(routes: Record<string, RouteEntry>): string[] {
  const paths: string[] = [];
  const pathOf = (route: RouteEntry): string => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    const own = route.path ?? "";
    const above = parent ? pathOf(parent) : "";
    return [above, own].filter(Boolean).join("/");
  };
  for (const route of Object.values(routes)) paths.push(`/${pathOf(route)}`);
  return [...new Set(paths)];
}

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
  for (const pattern of fullPaths(routes)) {
    for (let sample = 0; sample < 3; sample++) for (const url of variants(fill(pattern))) urls.add(url);
  }
  for (const unknown of UNKNOWN) for (const url of variants(unknown)) urls.add(url);
  const patterns = fullPaths(routes);
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

async function answer(handler: Handler, url: string) {
  const response = await handler(new Request(`http://localhost${url}`));
  const headers = [...response.headers].filter(([name]) => name !== "date");
  return { status: response.status, headers, body: await response.text() };
}

// ---------------------------------------------------------------------------------------------

let unpatched: Packages;
let patched: Packages;
let routes: Record<string, RouteEntry>;
let urls: string[];

beforeAll(() => {
  unpatched = loadPackages(unpatchedCopy());
  patched = loadPackages(path.join(root, "node_modules"));
  routes = appRoutes();
  urls = requestUrls(routes);
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("route matching with branches ranked once (decision 014)", () => {
  it("is really patched, and the scratch copy really is not", () => {
    const router = (modules: string) =>
      createRequire(path.join(modules, "package.json"))(path.join(modules, "@remix-run/router/dist/router.cjs.js"));
    expect(typeof router(path.join(root, "node_modules")).UNSAFE_flattenAndRankRoutes).toBe("function");
    expect(router(path.join(scratch, "node_modules")).UNSAFE_flattenAndRankRoutes).toBeUndefined();
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
    // The walk reached matched pages, unknown ones, and the manifest's "nothing new" answer.
    expect([...statuses]).toEqual(expect.arrayContaining([200, 204, 404]));
  });

  it("the static handler matches every request exactly as the unpatched one does", { timeout: 120_000 }, async () => {
    const build = echoBuild(routes);
    const before = unpatched.createStaticHandler(unpatched.createStaticHandlerDataRoutes(build.routes, FUTURE));
    const after = patched.createStaticHandler(patched.createStaticHandlerDataRoutes(build.routes, FUTURE));
    const summary = (context: unknown) => {
      if (context instanceof Response) return { response: context.status };
      const c = context as RemixContextLike["staticHandlerContext"] & { statusCode: number };
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

  it("matchServerRoutes without branches is the unpatched function", () => {
    const tree = (packages: Packages) =>
      packages.createStaticHandlerDataRoutes(echoBuild(routes).routes, FUTURE) as unknown[];
    const before = tree(unpatched);
    const after = tree(patched);
    const ids = (matches: unknown) =>
      matches === null
        ? null
        : (matches as { route: { id: string }; params: unknown; pathname: string }[]).map((m) => [
            m.route.id,
            m.params,
            m.pathname,
          ]);
    for (const url of urls) {
      const pathname = new URL(`http://localhost${url}`).pathname;
      expect(ids(patched.matchServerRoutes(after, pathname)), url).toEqual(
        ids(unpatched.matchServerRoutes(before, pathname)),
      );
    }
  });
});
