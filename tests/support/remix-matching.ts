/**
 * What the route-matching equivalence test (app/render/route-matching.server.test.ts) and the matching
 * benchmark (bench/route-matching.ts) share: the patched packages of decision 014 beside an unpatched
 * copy of them in the same process, and a server build with this app's routes whose loaders echo the
 * matched route and params.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { PassThrough } from "node:stream";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

export type Handler = (request: Request) => Promise<Response>;
type Branches = unknown[];

/** The server-side matching entry points of one copy of @remix-run/router and @remix-run/server-runtime. */
export interface RemixPackages {
  /** The node_modules directory this copy is loaded from (its @remix-run/react: `remixReactOf`). */
  modules: string;
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

/** The packages the patches of decision 014 change: the request handler's two, then the document render's three. */
const PATCHED = [
  "@remix-run/router",
  "@remix-run/server-runtime",
  "@remix-run/react",
  "react-router",
  "react-router-dom",
];

export function loadRemixPackages(modules: string): RemixPackages {
  const load = createRequire(path.join(modules, "package.json"));
  const server = load(path.join(modules, "@remix-run/server-runtime/dist/server.js"));
  const routes = load(path.join(modules, "@remix-run/server-runtime/dist/routes.js"));
  const matching = load(path.join(modules, "@remix-run/server-runtime/dist/routeMatching.js"));
  const router = load(path.join(modules, "@remix-run/router/dist/router.cjs.js"));
  return {
    modules,
    createRequestHandler: server.createRequestHandler,
    createStaticHandler: router.createStaticHandler,
    createStaticHandlerDataRoutes: routes.createStaticHandlerDataRoutes,
    createRoutes: routes.createRoutes,
    matchServerRoutes: matching.matchServerRoutes,
    flattenAndRankRoutes: router.UNSAFE_flattenAndRankRoutes,
  };
}

export const installedRemix = () => loadRemixPackages(path.join(projectRoot, "node_modules"));

/** The packages whose patches hold only the backport of remix-run/react-router#14971 (the document render's). */
export const RENDER_PATCHED = ["@remix-run/react", "react-router", "react-router-dom"];

/**
 * The installed packages with every patch of patches/ for them reversed (`git apply -R`), in a scratch
 * directory inside node_modules (so they resolve their other dependencies from the project's). Call
 * `remove` when done. With `only`, just the patches of those packages are reversed (`RENDER_PATCHED`: the
 * build before #14971, with #14967 and #15186; the entry context's `branches` then goes unread).
 */
export function unpatchedRemix(only: string[] = PATCHED): {
  packages: RemixPackages;
  patchesReversed: string[];
  remove: () => void;
} {
  const label = only === PATCHED ? "" : `-${only.length}`;
  const scratch = path.join(projectRoot, "node_modules", ".cache", `unpatched-remix-${process.pid}${label}`);
  const modules = path.join(scratch, "node_modules");
  rmSync(scratch, { recursive: true, force: true });
  for (const name of PATCHED) {
    mkdirSync(path.dirname(path.join(modules, name)), { recursive: true });
    cpSync(path.join(projectRoot, "node_modules", name), path.join(modules, name), { recursive: true });
  }
  const patches = readdirSync(path.join(projectRoot, "patches")).filter((file) =>
    only.some((name) => file.startsWith(`${name.replace("/", "+")}+`)),
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

/** The parts of a production server build both test builds share: their routes, assets and document entry. */
function serverBuild(
  serverRoutes: Record<string, unknown>,
  assetRoutes: Record<string, unknown>,
  { entryImports, manifestUrl, entryModule }: { entryImports: string[]; manifestUrl: string; entryModule: object },
) {
  return {
    mode: "production",
    future: FUTURE,
    isSpaMode: false,
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    routes: serverRoutes,
    assets: {
      entry: { module: "/build/entry.client.js", imports: entryImports },
      routes: assetRoutes,
      url: manifestUrl,
      version: "equivalence",
    },
    entry: { module: entryModule },
  };
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
  return serverBuild(serverRoutes, assetRoutes, {
    entryImports: [],
    manifestUrl: "/build/manifest.js",
    entryModule: {
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
  });
}

/** Every route's full path pattern (`/console/instance/:uuid`, `/api/*`, …), once each. */
export function routePatterns(routes: Record<string, RouteEntry>): string[] {
  const pathOf = (route: RouteEntry): string => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    return [parent ? pathOf(parent) : "", route.path ?? ""].filter(Boolean).join("/");
  };
  return [...new Set(Object.values(routes).map((route) => `/${pathOf(route)}`))];
}

// ---------------------------------------------------------------------------------------------
// The document render: a build of the same routes whose documents React renders with <RemixServer>.

/** One copy's @remix-run/react (its CommonJS build, the one the server loads). */
export type RemixReact = typeof import("@remix-run/react");
type ReactModule = typeof import("react");
type ReactDomServer = typeof import("react-dom/server");

/**
 * This copy's @remix-run/react with React Router's `nodeEnv` build (react-router and react-router-dom load
 * `umd/*.production.min.js` under NODE_ENV=production, as the production server does, and
 * `umd/*.development.js` otherwise). Each call loads @remix-run/react, react-router and react-router-dom of
 * this copy anew (their contexts are the new instance's); React itself is the project's, loaded once.
 */
export function remixReactOf(packages: RemixPackages, nodeEnv: "development" | "production"): RemixReact {
  const load = createRequire(path.join(packages.modules, "package.json"));
  load("react");
  load("react-dom/server");
  const prefixes = RENDER_PATCHED.map((name) => path.join(packages.modules, name) + path.sep);
  for (const key of Object.keys(load.cache))
    if (prefixes.some((prefix) => key.startsWith(prefix))) delete load.cache[key];
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = nodeEnv;
  try {
    return load(path.join(packages.modules, "@remix-run/react/dist/index.js")) as RemixReact;
  } finally {
    if (previous === undefined) Reflect.deleteProperty(process.env, "NODE_ENV");
    else process.env.NODE_ENV = previous;
  }
}

/** Which files of React Router a copy loaded: the proof that `remixReactOf` chose the build it was asked for. */
export function loadedRouterBuilds(packages: RemixPackages): string[] {
  const load = createRequire(path.join(packages.modules, "package.json"));
  return Object.keys(load.cache)
    .filter(
      (key) => key.startsWith(packages.modules + path.sep) && /react-router(-dom)?\/(dist\/umd\/|server\.js)/.test(key),
    )
    .map((key) => path.relative(packages.modules, key))
    .sort();
}

/** A parameter value whose loader throws a 404 response, one whose loader throws, one whose component throws. */
export const THROWS = { notFound: "__404", loader: "__boom", render: "__render" };

const hash = (text: string) => [...text].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0, 7);

/**
 * Which of a route's optional exports it has, decided by its id (the same for both copies): an error boundary,
 * an action, a client loader with a hydrate fallback (rendered on the server instead of the route), links.
 */
export function routeTraits(id: string) {
  const h = hash(id);
  return {
    errorBoundary: id === "root" || h % 3 === 0,
    action: h % 2 === 0,
    clientLoader: id !== "root" && h % 7 === 3,
    links: h % 5 !== 1,
  };
}

/**
 * A server build of these routes whose documents `<RemixServer>` of `remix` renders, as app/entry.server.tsx
 * does (the loader data read first, then `renderToString`): every route shows what React Router gave it (its
 * loader and action data, params, matches with their handles, resolved relative paths, a relative link and a
 * form), and has `meta`, `handle` and, by `routeTraits`, an error boundary, an action, a client loader with a
 * hydrate fallback and links. Loaders throw for the parameter values of `THROWS`.
 */
export function documentBuild(routes: Record<string, RouteEntry>, remix: RemixReact) {
  const load = createRequire(import.meta.url);
  const React = load("react") as ReactModule;
  const { renderToString, renderToPipeableStream } = load("react-dom/server") as ReactDomServer;
  const h = React.createElement;
  const R = remix;

  const throwing = (params: Record<string, string | undefined>, which: string) =>
    Object.values(params).some((value) => value?.split("/").includes(which));

  function Probe({ id }: { id: string }) {
    const data = R.useLoaderData();
    const actionData = R.useActionData();
    const params = R.useParams();
    const location = R.useLocation();
    const matches = R.useMatches();
    const here = R.useResolvedPath(".");
    const up = R.useResolvedPath("..", { relative: "path" });
    const child = R.useResolvedPath("child");
    if (throwing(params, THROWS.render) && id !== "root") throw new Error(`render of ${id}`);
    const shown = {
      id,
      data,
      actionData,
      params,
      location: `${location.pathname}${location.search}`,
      resolved: [here.pathname, up.pathname, child.pathname],
      matches: matches.map((m) => [m.id, m.pathname, m.params, m.handle]),
    };
    return h(
      "section",
      { "data-route": id },
      h("pre", null, JSON.stringify(shown)),
      h(R.Link, { to: "." }, "here"),
      h(R.NavLink, { to: "child" }, "child"),
      h(R.Form, { method: "post" }, h("button", null, "post")),
    );
  }

  function Route({ id }: { id: string }) {
    return h(React.Fragment, null, h(Probe, { id }), h(R.Outlet));
  }

  function Document({ children }: { children: React.ReactNode }) {
    return h(
      "html",
      { lang: "zh-CN" },
      h("head", null, h(R.Meta), h(R.Links)),
      h("body", null, children, h(R.ScrollRestoration), h(R.Scripts)),
    );
  }

  function ErrorBoundary({ id }: { id: string }) {
    const error = R.useRouteError();
    const params = R.useParams();
    const shown = R.isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText} ${JSON.stringify(error.data)}`
      : error instanceof Error
        ? error.message
        : JSON.stringify(error);
    const resolved = [R.useResolvedPath(".").pathname, R.useResolvedPath("..", { relative: "path" }).pathname];
    const body = h(
      "div",
      { "data-boundary": id },
      h("p", null, `${shown} ${JSON.stringify(params)} ${JSON.stringify(resolved)}`),
      h(R.Link, { to: "." }, "here"),
      h(R.Form, { method: "post" }, h("button", null, "post")),
    );
    return id === "root" ? h(Document, null, body) : body;
  }

  const serverRoutes: Record<string, unknown> = {};
  const assetRoutes: Record<string, unknown> = {};
  for (const route of Object.values(routes)) {
    const id = route.id;
    const traits = routeTraits(id);
    const common = {
      id,
      parentId: route.parentId,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    };
    const module: Record<string, unknown> = {
      default: id === "root" ? () => h(Document, null, h(Route, { id })) : () => h(Route, { id }),
      loader: ({ params }: { params: Record<string, string> }) => {
        if (throwing(params, THROWS.notFound)) throw new Response(`no ${id}`, { status: 404, statusText: "Not Found" });
        if (throwing(params, THROWS.loader)) throw new Error(`loader of ${id}`);
        return { route: id, params };
      },
      handle: { route: id },
      meta: ({ params, matches }: { params: unknown; matches: { id: string }[] }) => [
        { title: `${id} ${JSON.stringify(params)}` },
        { name: "matches", content: matches.map((m) => m.id).join(" ") },
      ],
    };
    if (traits.errorBoundary) module.ErrorBoundary = () => h(ErrorBoundary, { id });
    if (traits.action) module.action = () => ({ posted: id });
    if (traits.clientLoader) {
      // `hydrate`: the server renders the fallback instead of the route (its loader data left out of the document).
      module.clientLoader = Object.assign(() => null, { hydrate: true });
      module.HydrateFallback = () => h("p", { "data-fallback": id }, "loading");
    }
    if (traits.links) module.links = () => [{ rel: "stylesheet", href: `/build/${id}.css` }];
    serverRoutes[id] = { ...common, module };
    assetRoutes[id] = {
      ...common,
      module: `/build/${id}.js`,
      imports: [`/build/_shared/${hash(id) % 4}.js`],
      css: traits.links ? [`/build/${id}.css`] : undefined,
      hasAction: traits.action,
      hasLoader: true,
      hasClientAction: false,
      hasClientLoader: traits.clientLoader,
      hasErrorBoundary: traits.errorBoundary,
    };
  }

  /** As app/entry.server.tsx (and app/render/handoff.server.ts): the whole data stream first, then one synchronous render. */
  async function render(element: React.ReactElement, context: { serverHandoffStream?: ReadableStream<Uint8Array> }) {
    const ctx = context as { serverHandoffStream?: ReadableStream<Uint8Array>; renderMeta?: Record<string, unknown> };
    if (ctx.serverHandoffStream && ctx.renderMeta && ctx.renderMeta.streamCache === undefined) {
      const text = await new Response(ctx.serverHandoffStream).text();
      const settled = (result: { done: boolean; value: string }) => Object.assign(Promise.resolve(), { result });
      ctx.renderMeta.streamCache = { 0: settled({ done: false, value: text }), 1: settled({ done: true, value: "" }) };
      ctx.serverHandoffStream = new ReadableStream({ start: (controller) => controller.close() });
      return renderToString(element);
    }
    return new Promise<string>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(element, {
        onAllReady() {
          const chunks: Buffer[] = [];
          const sink = new PassThrough();
          sink.on("data", (chunk: Buffer) => chunks.push(chunk));
          sink.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
          pipe(sink);
        },
        onShellError: reject,
      });
    });
  }

  return serverBuild(serverRoutes, assetRoutes, {
    entryImports: ["/build/_shared/entry.js"],
    manifestUrl: "/build/manifest-equivalence.js",
    entryModule: {
      default: async (request: Request, status: number, headers: Headers, context: object) => {
        const html = await render(h(R.RemixServer, { context: context as never, url: request.url }), context);
        headers.set("Content-Type", "text/html; charset=utf-8");
        return new Response(`<!DOCTYPE html>${html}`, { status, headers });
      },
      // The errors the loaders and components throw on purpose are part of the answer, not to be logged.
      handleError: () => {},
    },
  });
}
