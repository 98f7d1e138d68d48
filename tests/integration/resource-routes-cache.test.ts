/**
 * Issue 33 §2: the web tier's resource routes (`/resources/*`) answer with
 * `Cache-Control: private, no-store`, signed in or not, whatever they answer
 * (data, a refusal, a redirect, a thrown error page). The walk takes every
 * `app/routes/resources.*` file, so a route added later is walked too; a public
 * one must be listed below with the caching it chose.
 *
 * The web tier calls a real platform over HTTP (PLATFORM_URL) on 127.0.0.1,
 * signed in with a session cookie for a registered user.
 */
import { serve, type ServerType } from "@hono/node-server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestPlatform, type TestPlatform } from "../support/platform";

const ROUTES_DIR = fileURLToPath(new URL("../../app/routes", import.meta.url));
const ORIGIN = "http://127.0.0.1:3000";

/** Public resources, not read with anyone's session: the caching each chose. */
const PUBLIC: Record<string, string> = { "resources.contact-qr.$key": "public, max-age=3600" };

type RouteModule = {
  loader?: (args: LoaderFunctionArgs) => unknown;
  action?: (args: ActionFunctionArgs) => unknown;
};

let t: TestPlatform;
let server: ServerType;
let cookie: string;

beforeAll(async () => {
  t = await startTestPlatform();
  server = serve({ fetch: (request) => t.platform.fetch(request), port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  vi.stubEnv("PLATFORM_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const user = await t.registerUser();
  // Imported after PLATFORM_URL is set: the web tier reads its environment once.
  const { commitSessionToken } = await import("~/utils/session.server");
  cookie = (await commitSessionToken(user.token)).split(";")[0]!;
}, 60_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  if (server) await new Promise((resolve) => server.close(resolve));
  if (t) await t.close();
});

/** The route's answer as a Response, returned or thrown. */
async function answer(run: () => unknown): Promise<Response | unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

const resourceRoutes = () =>
  readdirSync(ROUTES_DIR)
    .filter((name) => name.startsWith("resources.") && /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => name.replace(/\.tsx?$/, ""));

describe("the resource routes' caching", () => {
  it("is private, no-store on every loader and action answer, signed in and not", async () => {
    const routes = resourceRoutes();
    expect(routes).toEqual(expect.arrayContaining(["resources.notifications", "resources.messages"]));
    const wrong: string[] = [];
    let walked = 0;
    for (const id of routes) {
      const module = (await import(`../../app/routes/${id}.ts`)) as RouteModule;
      const path = `/${id.replace(/\./g, "/").replace(/\$[A-Za-z]+/g, "1")}`;
      const params = { outTradeNo: "1", key: "1" };
      for (const signedIn of [true, false]) {
        const headers = (extra: Record<string, string> = {}) =>
          new Headers({ host: "127.0.0.1:3000", ...(signedIn ? { cookie } : {}), ...extra });
        const calls: [string, () => unknown][] = [];
        if (module.loader) {
          const loader = module.loader;
          calls.push([
            "GET",
            () => loader({ request: new Request(`${ORIGIN}${path}`, { headers: headers() }), params, context: {} }),
          ]);
        }
        if (module.action) {
          const action = module.action;
          calls.push([
            "POST",
            () =>
              action({
                request: new Request(`${ORIGIN}${path}`, {
                  method: "POST",
                  headers: headers({ origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" }),
                  body: "intent=read-all",
                }),
                params,
                context: {},
              }),
          ]);
        }
        for (const [method, call] of calls) {
          const reply = await answer(call);
          walked++;
          const label = `${method} ${path} (${signedIn ? "signed in" : "no session"})`;
          if (!(reply instanceof Response)) {
            wrong.push(`${label}: not a Response`);
            continue;
          }
          const expected = reply.ok && PUBLIC[id] ? PUBLIC[id] : "private, no-store";
          const got = reply.headers.get("cache-control");
          if (got !== expected) wrong.push(`${label} → ${reply.status}: ${got}`);
        }
      }
    }
    expect(walked).toBeGreaterThanOrEqual(12);
    expect(wrong).toEqual([]);
  });

  it("sends the notification feed itself, to the signed-in user, with it", async () => {
    const { loader } = (await import("~/routes/resources.notifications")) as Required<RouteModule>;
    const reply = (await loader({
      request: new Request(`${ORIGIN}/resources/notifications`, { headers: { cookie } }),
      params: {},
      context: {},
    })) as Response;
    expect(reply.status).toBe(200);
    expect(await reply.json()).toHaveProperty("list");
    expect(reply.headers.get("cache-control")).toBe("private, no-store");
  });
});
