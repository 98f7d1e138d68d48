import { afterEach, describe, expect, it, vi } from "vitest";
import { UpstreamError } from "~/upstream/transport.server";
import { takeToast } from "./toast.server";
import { loadPage, upstreamErrorResponse } from "./upstream-errors.server";

const request = new Request("http://127.0.0.1:3000/console/messages?tab=notifications");

afterEach(() => vi.restoreAllMocks());

describe("upstreamErrorResponse", () => {
  it("sends a dead session to the login page with the way back, dropping the cookie", async () => {
    const res = await upstreamErrorResponse(request, new UpstreamError("SESSION_EXPIRED", 200, 2, "登录已过期", null));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirectTo=%2Fconsole%2Fmessages%3Ftab%3Dnotifications");
    expect(res.headers.get("set-cookie")).toMatch(/gc_session=;.*Max-Age=0/i);
  });

  it("shows a /third-party dead token's reason (100031/100032) as a toast on the way to the login page", async () => {
    for (const [key, reason] of [
      ["SESSION_INVALID", "登录已失效，请重新登录"],
      ["SESSION_EXPIRED", "登录已过期，请重新登录"],
    ] as const) {
      const res = await upstreamErrorResponse(request, new UpstreamError(key, 401, 2, reason, null));
      expect(res.headers.get("location")).toBe("/login?redirectTo=%2Fconsole%2Fmessages%3Ftab%3Dnotifications");
      const cookies = res.headers.get("set-cookie") ?? "";
      expect(cookies).toMatch(/gc_session=;.*Max-Age=0/i);
      const toast = cookies.split(/,(?=\s*\w+=)/).find((c) => c.trim().startsWith("gc_toast="));
      expect(toast, cookies).toBeDefined();
      expect(
        await takeToast(new Request("http://x/", { headers: { Cookie: toast!.split(";")[0]!.trim() } })),
      ).toMatchObject({
        toast: { type: "error", message: reason },
      });
    }
  });

  it("answers 404 for a missing record and 403 for a refused permission, with the reason", async () => {
    const missing = await upstreamErrorResponse(
      request,
      new UpstreamError("NOT_FOUND", 200, 1, "公告不存在或已下线", "id"),
    );
    expect([missing.status, await missing.text()]).toEqual([404, "公告不存在或已下线"]);
    const denied = await upstreamErrorResponse(
      request,
      new UpstreamError("PERMISSION_DENIED", 200, 1, "没有权限", null),
    );
    expect([denied.status, await denied.text()]).toEqual([403, "没有权限"]);
  });

  it("answers 500 服务繁忙 for a fault (503 for the database) and logs the cause", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const fault = await upstreamErrorResponse(
      request,
      new UpstreamError("INTERNAL", 500, 1, "服务繁忙，请稍后再试", null),
    );
    expect([fault.status, await fault.text()]).toEqual([500, "服务繁忙，请稍后再试"]);
    const database = await upstreamErrorResponse(request, new UpstreamError("DATABASE", 500, 1, "db down", null));
    expect(database.status).toBe(503);
    expect(log.mock.calls.flat().join(" ")).toContain("DATABASE");
  });

  it("treats a 5xx reply as a fault whatever its key says", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await upstreamErrorResponse(request, new UpstreamError("NOT_FOUND", 502, 1, "bad gateway", null));
    expect(res.status).toBe(500);
  });

  it("answers 400 with the reason for any other refusal", async () => {
    const res = await upstreamErrorResponse(
      request,
      new UpstreamError("BAD_REQUEST", 200, 1, "页码必须是整数", "page"),
    );
    expect([res.status, await res.text()]).toEqual([400, "页码必须是整数"]);
  });
});

describe("loadPage", () => {
  it("passes data through", async () => {
    expect(await loadPage(request, async () => ({ ok: 1 }))).toEqual({ ok: 1 });
  });

  it("throws the mapped Response for a refusal, and other errors unchanged", async () => {
    const refused = loadPage(request, async () => {
      throw new UpstreamError("NOT_FOUND", 200, 1, "不存在", null);
    });
    await expect(refused).rejects.toSatisfy((r: unknown) => r instanceof Response && r.status === 404);
    const bug = new TypeError("bug");
    await expect(
      loadPage(request, async () => {
        throw bug;
      }),
    ).rejects.toBe(bug);
  });
});
