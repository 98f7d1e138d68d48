/**
 * Issue 33 §2: every reply of the platform carries `Cache-Control: private,
 * no-store`. The walk takes the routes from the Hono app itself, so a call
 * added later is walked too, and sends each with a live session (the `session`
 * field of the main API, the Authorization header of /third-party and the
 * desk's staff calls). Whatever each answers (data, a refusal of the empty
 * input, a 404 for an id that does not exist), the header must be there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp } from "./app";
import { PRIVATE_NO_STORE } from "./no-store";
import { encodeFields, startTestPlatform, type RegisteredUser, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;
let user: RegisteredUser;
beforeAll(async () => {
  t = await startTestPlatform();
  user = await t.registerUser();
});
afterAll(() => t.close());

/** Every method and path the platform's app routes to (middleware, "ALL", is not a call). */
function registeredCalls(): { method: string; path: string }[] {
  const app = createHttpApp(t.ctx, { sandbox: true, addressing: { role: "in-process" }, opsKey: "k".repeat(40) });
  const seen = new Set<string>();
  const calls: { method: string; path: string }[] = [];
  for (const route of app.routes) {
    if (route.method === "ALL" || route.path.includes("*")) continue;
    // Parameters get a value of the right shape; a number fits every id here, and the reply may well be 404.
    const path = route.path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, "1");
    const key = `${route.method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    calls.push({ method: route.method, path });
  }
  // Logging out ends the session the walk uses: last.
  const endsSession = (c: { path: string }) => /logout/.test(c.path);
  return [...calls.filter((c) => !endsSession(c)), ...calls.filter(endsSession)];
}

function requestFor(call: { method: string; path: string }): Request {
  const url = new URL(`http://x${call.path}`);
  const headers = new Headers({ authorization: `Bearer ${user.token}` });
  if (call.method === "GET" || call.method === "HEAD") {
    url.searchParams.set("session", user.token);
    return new Request(url, { method: call.method, headers });
  }
  headers.set("content-type", "application/x-www-form-urlencoded");
  return new Request(url, { method: call.method, headers, body: encodeFields({ session: user.token }) });
}

describe("Cache-Control on the platform's replies", () => {
  it("is private, no-store on every call of every router, called with a session", async () => {
    const calls = registeredCalls();
    // The walk reaches the calls the issue names, so it cannot pass by walking nothing.
    const paths = calls.map((c) => c.path);
    for (const named of [
      "/api/get_user_info",
      "/api/get_order",
      "/api/get_wallet_balance_change_list",
      "/api/instance/get_instance_list",
      "/api/notifications/get_list",
    ])
      expect(paths).toContain(named);
    expect(paths.filter((p) => p.startsWith("/third-party/")).length).toBeGreaterThan(5);
    expect(calls.length).toBeGreaterThan(80);

    const missing: string[] = [];
    const deadSession: string[] = [];
    for (const call of calls) {
      const reply = await t.platform.fetch(requestFor(call));
      const text = await reply.text();
      if (reply.headers.get("cache-control") !== PRIVATE_NO_STORE)
        missing.push(`${call.method} ${call.path} → ${reply.status} ${reply.headers.get("cache-control")}`);
      if (call.path.startsWith("/api/") && !/logout/.test(call.path) && text.startsWith('{"status":2'))
        deadSession.push(call.path);
    }
    expect(missing).toEqual([]);
    // The calls were made signed in: no main-API call answered "session dead" (status 2).
    expect(deadSession).toEqual([]);
  });

  it("is on the replies that carry personal data, with the data", async () => {
    user = await t.registerUser();
    const info = await t.platform.fetch(requestFor({ method: "POST", path: "/api/get_user_info" }));
    expect(((await info.json()) as { status: number }).status).toBe(0);
    expect(info.headers.get("cache-control")).toBe(PRIVATE_NO_STORE);
    // An unknown path and a dead session too.
    const unknown = await t.platform.fetch(new Request("http://x/api/no_such_call", { method: "POST" }));
    expect(unknown.headers.get("cache-control")).toBe(PRIVATE_NO_STORE);
  });
});
