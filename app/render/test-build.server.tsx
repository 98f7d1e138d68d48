/**
 * A minimal Remix server build for tests: a root route and the given child
 * routes, rendered through the project's own entry.server.
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, ServerBuild } from "@remix-run/node";
import { Outlet, Scripts } from "@remix-run/react";
import * as entry from "~/entry.server";

export interface TestRoute {
  path: string;
  module: {
    /** Absent for a resource route. */
    default?: () => JSX.Element;
    loader?: (args: LoaderFunctionArgs) => unknown;
    action?: (args: ActionFunctionArgs) => unknown;
    ErrorBoundary?: () => JSX.Element;
    headers?: HeadersFunction;
  };
}

const FUTURE = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_singleFetch: true,
  v3_lazyRouteDiscovery: true,
  v3_routeConfig: false,
  unstable_optimizeDeps: false,
};

const manifestRoute = (
  id: string,
  parentId: string | undefined,
  path: string,
  hasAction = false,
  hasLoader = false,
  hasErrorBoundary = false,
) => ({
  id,
  parentId,
  path,
  module: `/build/${id}.js`,
  imports: [],
  hasAction,
  hasLoader,
  hasClientAction: false,
  hasClientLoader: false,
  hasErrorBoundary,
});

function Root() {
  return (
    <html lang="zh-CN">
      <head />
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}

export function testBuild(routes: Record<string, TestRoute>): ServerBuild {
  const serverRoutes: Record<string, unknown> = { root: { id: "root", path: "", module: { default: Root } } };
  const manifestRoutes: Record<string, unknown> = { root: manifestRoute("root", undefined, "") };
  for (const [id, route] of Object.entries(routes)) {
    serverRoutes[id] = { id, parentId: "root", path: route.path, module: route.module };
    manifestRoutes[id] = manifestRoute(
      id,
      "root",
      route.path,
      route.module.action !== undefined,
      route.module.loader !== undefined,
      route.module.ErrorBoundary !== undefined,
    );
  }
  return {
    mode: "production",
    entry: { module: entry },
    routes: serverRoutes,
    assets: {
      entry: { module: "/build/entry.client.js", imports: [] },
      routes: manifestRoutes,
      url: "/build/manifest.js",
      version: "test",
    },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: FUTURE,
    isSpaMode: false,
  } as unknown as ServerBuild;
}
