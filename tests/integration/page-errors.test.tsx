/**
 * The error contract from the platform to the page (issue 8, section 1): a
 * notice that does not exist is a 404, but a platform whose database is gone
 * answers the 服务繁忙 page with a 5xx, never 公告不存在.
 *
 * The web tier calls a real platform over HTTP (PLATFORM_URL), on 127.0.0.1,
 * whose database the test then closes.
 */
import { serve, type ServerType } from "@hono/node-server";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestPlatform, type TestPlatform } from "../support/platform";

let t: TestPlatform;
let server: ServerType;
let handle: (request: Request) => Promise<Response>;
let noticeId: number;
let databaseClosed = false;

beforeAll(async () => {
  t = await startTestPlatform();
  server = serve({ fetch: (request) => t.platform.fetch(request), port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  vi.stubEnv("PLATFORM_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const notices = await t.get<{ data: { Id: number }[] }>("/get_notice_by_page", { page: 1, page_size: 1 });
  noticeId = notices.body.data.data[0]!.Id;
  // Imported after PLATFORM_URL is set: the web tier reads its environment once.
  const [route, { GeneralErrorBoundary }, { testBuild }] = await Promise.all([
    import("~/routes/informDetail.$id"),
    import("~/components/ErrorBoundary"),
    import("~/render/test-build.server"),
  ]);
  const build: ServerBuild = testBuild({
    notice: {
      path: "informDetail/:id",
      module: { default: route.default, loader: route.loader, ErrorBoundary: () => <GeneralErrorBoundary /> },
    },
  });
  handle = createRequestHandler(build);
  // A migrated, seeded platform: as slow as the platform tests' own set-up (their hook timeout is 60 s).
}, 60_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  if (server) await new Promise((resolve) => server.close(resolve));
  if (t && !databaseClosed) await t.close();
});

const open = (path: string) => handle(new Request(`http://127.0.0.1:3000${path}`));

describe("/informDetail/:id", () => {
  it("shows a notice that exists", async () => {
    const res = await open(`/informDetail/${noticeId}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("发布时间");
  });

  it("answers 404 公告不存在 for an id the platform does not have", async () => {
    const res = await open("/informDetail/987654321");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("公告不存在或已下线");
    expect(html).not.toContain("服务繁忙");
  });

  it("answers 500 服务繁忙, not 公告不存在, once the platform's database is gone", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await t.platform.close();
    databaseClosed = true;
    const res = await open(`/informDetail/${noticeId}`);
    expect([500, 503]).toContain(res.status);
    const html = await res.text();
    expect(html).toContain("服务繁忙");
    expect(html).not.toContain("公告不存在");
    // The cause is logged on the server, not shown.
    expect(logged.mock.calls.flat().join(" ")).toMatch(/INTERNAL|DATABASE/);
    logged.mockRestore();
  });
});
