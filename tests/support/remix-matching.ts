/**
 * What the route-matching equivalence test (app/render/route-matching.server.test.ts) and the matching
 * benchmark (bench/route-matching.ts) share: the patched packages of decision 014 beside an unpatched
 * copy of them in the same process, and a server build with this app's routes whose loaders echo the
 * matched route and params.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

export type Handler = (request: Request) => Promise<Response>;
type Branches = unknown[];

/** The server-side matching entry points of one copy of @remix-run/router and @remix-run/server-runtime. */
export interface RemixPackages {
  createRequestHandler: (build: unknown, mode?: string) => Handler;
  createStaticHandler: (routes: unknown[]) => { query: (request: Request) => Promise<unknown> };
  createStaticHandlerDataRoutes: (manifest: unknown, future: unknown) => unknown[];
  /** Server routes (with children) of a build's route manifest, as the request handler makes them. */
  createRoutes: (manifest: unknown) => unknown[];
  /** The patched copy takes the branches as its fourth argument; the unpatched one ignores it. */
  matchServerRoutes: (routes: unknown[], pathname: string, basename?: string, branches?: Branches) => unknown;
  /** Only in the patched copy. */
  flattenAndRankRoutes?: (routes: unknown[]) => Branches;
}

const PATCHED = ["@remix-run/router", "@remix-run/server-runtime"];

export function loadRemixPackages(modules: string): RemixPackages {
  const load = createRequire(path.join(modules, "package.json"));
  const server = load(path.join(modules, "@remix-run/server-runtime/dist/server.js"));
  const routes = load(path.join(modules, "@remix-run/server-runtime/dist/routes.js"));
  const matching = load(path.join(modules, "@remix-run/server-runtime/dist/routeMatching.js"));
  const router = load(path.join(modules, "@remix-run/router/dist/router.cjs.js"));
  return {
    createRequestHandler: server.createRequestHandler,
    createStaticHandler: router.createStaticHandler,
    createStaticHandlerDataRoutes: routes.createStaticHandlerDataRoutes,
    createRoutes: routes.createRoutes,
    matchServerRoutes: matching.matchServerRoutes,
    flattenAndRankRoutes: router.UNSAFE_flattenAndRankRoutes,
  };
}

export const installedRemix = () => loadRemixPackages(path.join(projectRoot, "node_modules"));

/**
 * The installed packages with every patch of patches/ for them reversed (`git apply -R`), in a scratch
 * directory inside node_modules (so they resolve their other dependencies from the project's). Call
 * `remove` when done.
 */
export function unpatchedRemix(): { packages: RemixPackages; patchesReversed: string[]; remove: () => void } {
  const scratch = path.join(projectRoot, "node_modules", ".cache", `unpatched-remix-${process.pid}`);
  const modules = path.join(scratch, "node_modules");
  rmSync(scratch, { recursive: true, force: true });
  for (const name of PATCHED) {
    mkdirSync(path.dirname(path.join(modules, name)), { recursive: true });
    cpSync(path.join(projectRoot, "node_modules", name), path.join(modules, name), { recursive: true });
  }
  const patches = readdirSync(path.join(projectRoot, "patches")).filter((file) =>
    PATCHED.some((name) => file.startsWith(`${name.replace("/", "+")}+`)),
  );
  for (const file of patches) {
    // The patches name files as node_modules/<package>/…, relative to the scratch directory.
    // GIT_CEILING_DIRECTORIES: git must not find this repository above the scratch directory (inside a
    // repository, `git apply` ignores paths outside the current directory and would reverse nothing).
    execFileSync("git", ["apply", "-R", path.join(projectRoot, "patches", file)], {
      cwd: scratch,
      stdio: "pipe",
      env: { ...process.env, GIT_CEILING_DIRECTORIES: path.dirname(scratch) },
    });
  }
  return {
    packages: loadRemixPackages(modules),
    patchesReversed: patches,
    remove: () => rmSync(scratch, { recursive: true, force: true }),
  };
}

// ---------------------------------------------------------------------------------------------
// A build with this app's routes.

export interface RouteEntry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

/** This app's route manifest, read from app/routes the way the compiler reads it (remix.config.js's ignoredRouteFiles). */
export function appRoutes(): Record<string, RouteEntry> {
  const require = createRequire(import.meta.url);
  const { UNSAFE_flatRoutes: flatRoutes } = require("@remix-run/dev") as {
    UNSAFE_flatRoutes: (appDir: string, ignored: string[]) => Record<string, RouteEntry>;
  };
  const routes = flatRoutes(path.join(projectRoot, "app"), ["**/.*", "**/*.test.{ts,tsx}"]);
  return { root: { id: "root", path: "" }, ...routes };
}

/** `count` more routes under the root, as a bigger app would have (a scratch manifest for the benchmark). */
export function withExtraRoutes(routes: Record<string, RouteEntry>, count: number): Record<string, RouteEntry> {
  const more: Record<string, RouteEntry> = { ...routes };
  for (let i = 0; i < count; i++) {
    const id = `routes/extra${i}.$id`;
    more[id] = { id, parentId: "root", path: `extra${i}/:id` };
  }
  return more;
}

export const FUTURE = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_lazyRouteDiscovery: true,
  v3_singleFetch: true,
};

export interface StaticContextLike {
  statusCode: number;
  matches: { route: { id: string }; params: unknown; pathname: string }[];
  loaderData: unknown;
  errors: Record<string, unknown> | null;
}

/**
 * A server build of these routes whose every loader answers its route id and params, and whose document
 * answers, as JSON, what the router matched and loaded.
 */
export function echoBuild(routes: Record<string, RouteEntry>) {
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
        default: (
          _request: Request,
          status: number,
          headers: Headers,
          context: { staticHandlerContext: StaticContextLike },
        ) => {
          const handled = context.staticHandlerContext;
          return new Response(
            JSON.stringify({
              status,
              matches: handled.matches.map((match) => [match.route.id, match.params, match.pathname]),
              loaderData: handled.loaderData,
              errors: handled.errors ? Object.keys(handled.errors) : null,
            }),
            { status, headers },
          );
        },
      },
    },
  };
}

/** Every route's full path pattern (`/console/instance/:uuid`, `/api/*`, …), once each. */
export function routePatterns(routes: Record<string, RouteEntry>): string[] {
  const pathOf = (route: RouteEntry): string => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    return [parent ? pathOf(parent) : "", route.path ?? ""].filter(Boolean).join("/");
  };
  return [...new Set(Object.values(routes).map((route) => `/${pathOf(route)}`))];
}
