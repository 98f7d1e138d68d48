/**
 * A platform call that takes longer than UPSTREAM_TIMEOUT_MS (spec §9: 30000 ms;
 * 300 ms here) ends with 服务响应超时，请稍后重试 and a 504, not a hang: over HTTP
 * (PLATFORM_URL) against a fake platform that answers too late, and in process
 * against a platform that never answers.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";

const LIMIT_MS = 300;

async function slowPlatform(delayMs: number): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    request.resume();
    const timer = setTimeout(() => {
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify({ status: 0, reason: "", data: null }));
    }, delayMs);
    response.on("close", () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function webTier() {
  const transport = await import("~/upstream/transport.server");
  const { upstreamErrorResponse } = await import("~/utils/upstream-errors.server");
  return { ...transport, upstreamErrorResponse };
}

async function expectTimeout(tier: Awaited<ReturnType<typeof webTier>>) {
  const started = Date.now();
  const failure = await tier.callApiOrThrow("/get_user_info", {}, { session: "x" }).then(
    () => null,
    (error: unknown) => error,
  );
  const waited = Date.now() - started;
  expect(failure).toBeInstanceOf(tier.UpstreamError);
  expect(failure).toMatchObject({ key: "TIMEOUT", httpStatus: 504, reason: "服务响应超时，请稍后重试" });
  expect(waited).toBeGreaterThanOrEqual(LIMIT_MS - 20);
  // Well before the slow platform's answer (10 s), with room for a loaded machine's first fetch.
  expect(waited).toBeLessThan(8_000);

  const page = await tier.upstreamErrorResponse(new Request("http://127.0.0.1/console/dashboard"), failure as never);
  expect(page.status).toBe(504);
  expect(await page.text()).toBe("服务响应超时，请稍后重试");

  const mounted = await tier.sendToPlatform(new Request("http://127.0.0.1/api/get_user_info", { method: "POST" }));
  expect(mounted.status).toBe(504);
  expect(await mounted.json()).toMatchObject({ status: 1, key: "TIMEOUT", reason: "服务响应超时，请稍后重试" });
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
  vi.doUnmock("../../platform/index");
});

// Each test imports the web tier afresh (it reads its environment once): a few seconds on this machine.
describe("a platform slower than UPSTREAM_TIMEOUT_MS", { timeout: 30_000 }, () => {
  let slow: { server: Server; url: string } | undefined;
  afterAll(async () => {
    if (slow) await new Promise((resolve) => slow!.server.close(resolve));
  });

  it("over HTTP (PLATFORM_URL): the call is aborted and the page answers 504", async () => {
    slow = await slowPlatform(10_000);
    vi.stubEnv("PLATFORM_URL", slow.url);
    vi.stubEnv("UPSTREAM_TIMEOUT_MS", String(LIMIT_MS));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expectTimeout(await webTier());
  });

  it("in process: the web tier stops waiting and the page answers 504", async () => {
    vi.stubEnv("UPSTREAM_TIMEOUT_MS", String(LIMIT_MS));
    const never = () => new Promise<Response>(() => undefined);
    vi.doMock("../../platform/index", () => ({
      loadPlatformConfig: () => ({}),
      getPlatform: async () => ({ fetch: never }),
    }));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await expectTimeout(await webTier());
  });

  it("answers normally within the limit", async () => {
    const quick = await slowPlatform(10);
    try {
      vi.stubEnv("PLATFORM_URL", quick.url);
      vi.stubEnv("UPSTREAM_TIMEOUT_MS", String(LIMIT_MS));
      const tier = await webTier();
      await expect(tier.callApiOrThrow("/get_user_info", {}, { session: "x" })).resolves.toBeNull();
    } finally {
      await new Promise((resolve) => quick.server.close(resolve));
    }
  });
});
