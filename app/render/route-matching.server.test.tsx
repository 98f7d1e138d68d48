/**
 * The route-matching caches that patches/ add to React Router 6 and Remix 2
 * (docs/decisions/014-route-matching-caches.md): they are in place, they give
 * the same matches as before, and they let go of what changed.
 *
 * The server loads these packages through `require` (their CommonJS builds,
 * which the patches change), so the tests load them the same way.
 */
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";
import { testBuild } from "./test-build.server";

const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as typeof import("@remix-run/router");
const routerServer = require("react-router-dom/server") as typeof import("react-router-dom/server");
const fogOfWar = require("@remix-run/react/dist/fog-of-war.js") as {
  getPartialManifest(manifest: unknown, router: unknown): { routes: Record<string, unknown> };
};

type Route = import("@remix-run/router").AgnosticRouteObject;

/** Routes whose `path` reads are counted: flattening and ranking read every one of them. */
function countedRoutes() {
  let reads = 0;
  const route = (id: string, path: string, extra: Partial<Route> = {}): Route => {
    const r = { id, ...extra } as Route;
    Object.defineProperty(r, "path", {
      enumerable: true,
      get: () => {
        reads += 1;
        return path;
      },
    });
    return r;
  };
  const routes = [
    route("root", "", {
      children: [route("a", "a"), route("b", "b/:id"), route("About", "About", { caseSensitive: true })],
    } as Partial<Route>),
  ];
  return { routes, reads: () => reads };
}

const ids = (matches: ReturnType<typeof router.matchRoutes>) => matches?.map((m) => m.route.id) ?? null;

describe("matchRoutes with ranked branches cached per routes array", () => {
  it("flattens a routes array once and matches the same as before", () => {
    const { routes, reads } = countedRoutes();
    const first = router.matchRoutes(routes, "/b/7");
    expect(ids(first)).toEqual(["root", "b"]);
    expect(first?.at(-1)?.params).toEqual({ id: "7" });
    expect(reads()).toBeGreaterThan(0);

    const afterFirst = reads();
    expect(ids(router.matchRoutes(routes, "/a"))).toEqual(["root", "a"]);
    expect(router.matchRoutes(routes, "/b/8")?.at(-1)?.params).toEqual({ id: "8" });
    expect(router.matchRoutes(routes, "/nowhere")).toBeNull();
    expect(reads()).toBe(afterFirst);
  });

  it("keeps case-sensitive and case-insensitive paths apart", () => {
    const { routes } = countedRoutes();
    expect(ids(router.matchRoutes(routes, "/About"))).toEqual(["root", "About"]);
    expect(router.matchRoutes(routes, "/about")).toBeNull();
    const insensitive = [{ id: "about", path: "/About" }];
    expect(ids(router.matchRoutes(insensitive, "/about"))).toEqual(["about"]);
  });

  it("gives each routes array its own branches", () => {
    const one = [{ id: "x", path: "/x" }];
    const two = [{ id: "y", path: "/x" }];
    expect(ids(router.matchRoutes(one, "/x"))).toEqual(["x"]);
    expect(ids(router.matchRoutes(two, "/x"))).toEqual(["y"]);
  });

  it("sees children that patchRoutes adds in place", () => {
    const memory = router.createRouter({
      history: router.createMemoryHistory({ initialEntries: ["/"] }),
      routes: [{ id: "root", path: "/", children: [{ id: "a", path: "a" }] }],
    });
    expect(router.matchRoutes(memory.routes, "/late")).toBeNull();
    memory.patchRoutes("root", [{ id: "late", path: "late" }]);
    expect(ids(router.matchRoutes(memory.routes, "/late"))).toEqual(["root", "late"]);
    memory.dispose();
  });
});

describe("matchRoutes remembering which branch a pathname matched", () => {
  /** How many times matching runs a path pattern (`matchPath` calls `String.prototype.match`). */
  function patternRuns<T>(run: () => T): { result: T; runs: number } {
    const spy = vi.spyOn(String.prototype, "match");
    try {
      const result = run();
      return { result, runs: spy.mock.calls.length };
    } finally {
      spy.mockRestore();
    }
  }
  const tree = () => [
    {
      id: "root",
      path: "/",
      children: [
        ...Array.from({ length: 20 }, (_, i) => ({ id: `page${i}`, path: `page${i}` })),
        { id: "splat", path: "*" },
      ],
    },
  ];

  it("tries only that branch the next time, and matches the same", () => {
    const routes = tree();
    const first = patternRuns(() => router.matchRoutes(routes, "/api/get_user_info"));
    expect(ids(first.result)).toEqual(["root", "splat"]);
    expect(first.runs).toBeGreaterThan(20);
    const again = patternRuns(() => router.matchRoutes(routes, "/api/get_user_info"));
    expect(ids(again.result)).toEqual(["root", "splat"]);
    expect(again.result?.at(-1)?.params).toEqual({ "*": "api/get_user_info" });
    expect(again.runs).toBeLessThanOrEqual(2);
    // Built anew: a caller that changes its matches changes nothing for the next one.
    (again.result![1]!.params as Record<string, string>)["*"] = "changed";
    expect(router.matchRoutes(routes, "/api/get_user_info")?.at(-1)?.params).toEqual({ "*": "api/get_user_info" });
  });

  it("remembers a pathname that matched nothing, and forgets after patchRoutes", () => {
    const memory = router.createRouter({
      history: router.createMemoryHistory({ initialEntries: ["/"] }),
      routes: [{ id: "root", path: "/", children: [{ id: "a", path: "a" }] }],
    });
    expect(router.matchRoutes(memory.routes, "/late")).toBeNull();
    expect(patternRuns(() => router.matchRoutes(memory.routes, "/late")).runs).toBe(0);
    memory.patchRoutes("root", [{ id: "late", path: "late" }]);
    expect(ids(router.matchRoutes(memory.routes, "/late"))).toEqual(["root", "late"]);
    memory.dispose();
  });
});

describe("createStaticRouter with data routes built once per routes array", () => {
  it("reuses the data routes and maps the request's matches onto them", async () => {
    const routes = [{ id: "root", path: "/", children: [{ id: "a", path: "a", loader: () => "A" }] }];
    const handler = routerServer.createStaticHandler(routes);
    const context = await handler.query(new Request("http://localhost/a"));
    if (context instanceof Response) throw new Error("unexpected response");
    const first = routerServer.createStaticRouter(routes, context);
    const second = routerServer.createStaticRouter(routes, context);
    expect(second.routes).toBe(first.routes);
    const [rootMatch, aMatch] = second.state.matches;
    expect(rootMatch.route).toBe(first.routes[0]);
    expect(aMatch.route).toBe(first.routes[0].children![0]);
    expect(second.state.loaderData).toEqual({ root: null, a: "A" });
  });
});

describe("RemixServer with server routes created once per build", () => {
  const page = (text: string) => ({ default: () => <p>{text}</p> });
  const build = (text: string) => testBuild({ page: { path: "page", module: page(text) } });

  const render = async (serverBuild: ServerBuild) => {
    const res = await createRequestHandler(serverBuild)(new Request("http://localhost/page"));
    expect(res.status).toBe(200);
    return res.text();
  };

  it("renders the route module the build has now, not the one cached with its manifest", async () => {
    const serverBuild = build("第一版");
    expect(await render(serverBuild)).toContain("<p>第一版</p>");
    expect(await render(serverBuild)).toContain("<p>第一版</p>");
    (serverBuild.routes.page as { module: unknown }).module = page("第二版");
    const html = await render(serverBuild);
    expect(html).toContain("<p>第二版</p>");
    expect(html).not.toContain("第一版");
  });

  it("renders each build's own routes", async () => {
    expect(await render(build("甲"))).toContain("<p>甲</p>");
    expect(await render(build("乙"))).toContain("<p>乙</p>");
  });
});

describe("the document's partial manifest, built once per manifest, routes and matches", () => {
  const entry = (id: string) => ({ id, module: `/build/${id}.js` });
  const manifest = {
    version: "test",
    routes: Object.fromEntries(
      ["root", "console", "console._index", "console.dashboard", "console.messages", "store"].map((id) => [
        id,
        entry(id),
      ]),
    ),
  };
  const routeTree = () => [
    {
      id: "root",
      path: "",
      children: [
        {
          id: "console",
          path: "console",
          children: [
            { id: "console._index", index: true },
            { id: "console.dashboard", path: "dashboard" },
            { id: "console.messages", path: "messages" },
          ],
        },
        { id: "store", path: "store" },
      ],
    },
  ];
  const staticRouter = (routes: unknown, pathname: string, matched: string[]) => ({
    basename: "/",
    routes,
    state: { location: { pathname }, matches: matched.map((id) => ({ route: { id } })) },
  });
  const routeIds = (partial: { routes: Record<string, unknown> }) => Object.keys(partial.routes).sort();

  it("has the matched routes and those of the parent paths, and is the same object the next time", () => {
    const routes = routeTree();
    const first = fogOfWar.getPartialManifest(
      manifest,
      staticRouter(routes, "/console/dashboard", ["root", "console", "console.dashboard"]),
    );
    expect(routeIds(first)).toEqual(["console", "console._index", "console.dashboard", "root"]);
    const again = fogOfWar.getPartialManifest(
      manifest,
      staticRouter(routes, "/console/dashboard", ["root", "console", "console.dashboard"]),
    );
    expect(again).toBe(first);
  });

  it("builds another one for other matches, other routes or another manifest", () => {
    const routes = routeTree();
    const dashboard = fogOfWar.getPartialManifest(
      manifest,
      staticRouter(routes, "/console/dashboard", ["root", "console", "console.dashboard"]),
    );
    const messages = fogOfWar.getPartialManifest(
      manifest,
      staticRouter(routes, "/console/messages", ["root", "console", "console.messages"]),
    );
    expect(routeIds(messages)).toEqual(["console", "console._index", "console.messages", "root"]);
    const store = fogOfWar.getPartialManifest(manifest, staticRouter(routes, "/store", ["root", "store"]));
    expect(routeIds(store)).toEqual(["root", "store"]);

    const otherRoutes = fogOfWar.getPartialManifest(
      manifest,
      staticRouter(routeTree(), "/console/dashboard", ["root", "console", "console.dashboard"]),
    );
    expect(otherRoutes).not.toBe(dashboard);
    expect(otherRoutes).toEqual(dashboard);
    const otherManifest = { ...manifest, version: "next" };
    const next = fogOfWar.getPartialManifest(
      otherManifest,
      staticRouter(routes, "/console/dashboard", ["root", "console", "console.dashboard"]),
    );
    expect(next).not.toBe(dashboard);
    expect((next as unknown as { version: string }).version).toBe("next");
  });
});

describe("loaders get the request itself when there is no Remix parameter to strip", () => {
  it("passes the request through, and still strips ?index and ?_routes", async () => {
    const seen: Request[] = [];
    const serverBuild = testBuild({
      page: {
        path: "page",
        module: {
          default: () => <p>页</p>,
          loader: ({ request }) => {
            seen.push(request);
            return null;
          },
        },
      },
    });
    const handler = createRequestHandler(serverBuild);
    const plain = new Request("http://localhost/page?a=1");
    expect((await handler(plain)).status).toBe(200);
    expect(seen.at(-1)).toBe(plain);

    expect((await handler(new Request("http://localhost/page?a=1&_routes=x&index"))).status).toBe(200);
    expect(seen.at(-1)?.url).toBe("http://localhost/page?a=1");
  });
});
