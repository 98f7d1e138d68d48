/**
 * Log flooding (issue 9, section 7): a POST to a page without an action, and a
 * form from another origin, were each logged with a full stack trace. Through
 * the real Remix runtime and our entry: one line, then one per kind per 10 s.
 */
import { createRequestHandler } from "@remix-run/node";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { logRefusal, resetRefusalLog } from "./refusal-log.server";
import { testBuild } from "./test-build.server";

function logLines(spies: ReturnType<typeof vi.spyOn>[]): string[] {
  return spies.flatMap((spy) => spy.mock.calls.map((call) => call.map(String).join(" ")));
}

describe("refusal log", () => {
  let spies: ReturnType<typeof vi.spyOn>[] = [];
  beforeEach(() => {
    resetRefusalLog();
    spies = (["error", "warn", "log", "info"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation(() => undefined),
    );
  });
  afterEach(() => spies.forEach((spy) => spy.mockRestore()));

  it("logs 300 refused requests as one line per kind, without a stack", async () => {
    const build = testBuild({
      page: { path: "page", module: { default: () => <p>没有表单的页面</p>, ErrorBoundary: () => <p>405</p> } },
      form: { path: "form", module: { default: () => <p>表单页</p>, action: async () => ({ ok: true }) } },
      upload: { path: "upload", module: { action: async () => ({ ok: true }) } },
    });
    const handle = createRequestHandler(build);
    const post = (path: string, headers: Record<string, string> = {}) =>
      handle(
        new Request(`http://127.0.0.1:3000${path}`, {
          method: "POST",
          headers: { host: "127.0.0.1:3000", "content-type": "application/x-www-form-urlencoded", ...headers },
          body: "a=1",
        }),
      );
    const statuses = new Set<number>();
    for (let i = 0; i < 100; i++) {
      statuses.add((await post("/page")).status);
      statuses.add((await post("/form", { origin: "https://evil.example" })).status);
      // A GET of a resource route that only takes posts (the upload route has no loader).
      statuses.add((await handle(new Request("http://127.0.0.1:3000/upload"))).status);
    }
    expect([...statuses].sort()).toEqual([400, 403, 405]);
    // The minimal test build has no loader data to hand off; the app's documents do.
    const lines = logLines(spies).filter((line) => !line.startsWith("entry.server: the loader data"));
    expect(lines).toEqual([
      "refused no-action: POST /page",
      "refused cross-origin: POST /form",
      "refused no-loader: GET /upload",
    ]);
  });

  it("still logs a real fault whole", async () => {
    const build = testBuild({
      broken: {
        path: "broken",
        module: {
          default: () => <p>页</p>,
          loader: () => {
            throw new Error("database gone");
          },
        },
      },
    });
    const res = await createRequestHandler(build)(new Request("http://127.0.0.1:3000/broken"));
    expect(res.status).toBe(500);
    expect(logLines(spies).some((line) => line.includes("database gone"))).toBe(true);
  });

  it("says how many it left out when the next window opens", () => {
    const lines: string[] = [];
    const request = new Request("http://127.0.0.1/logout", { method: "POST" });
    for (let i = 0; i < 50; i++) logRefusal("cross-origin", request, 1_000 + i, (l) => lines.push(l));
    logRefusal("cross-origin", request, 11_001, (l) => lines.push(l));
    expect(lines).toEqual([
      "refused cross-origin: POST /logout",
      "refused cross-origin: POST /logout; 49 more like it in the last 10 s",
    ]);
  });
});
