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
import { describe, expect, it } from "vitest";
import { testBuild } from "./test-build.server";

const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as typeof import("@remix-run/router");
const routerServer = require("react-router-dom/server") as typeof import("react-router-dom/server");

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
