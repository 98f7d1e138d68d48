/** /third-party: the token comes in the Authorization header; failures use the numeric codes of spec §8. */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, DAY, type TestPlatform } from "../../tests/support/platform";

const CATEGORIES = "/third-party/api/v1/work-order/categories";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const call = (path: string, authorization?: string, init: RequestInit = {}) =>
  t.request(path, { ...init, headers: authorization === undefined ? {} : { authorization } });

describe("/third-party authentication", () => {
  it("no Authorization header: 401 with code 100031", async () => {
    const reply = await call(CATEGORIES);
    expect(reply.http).toBe(401);
    expect(reply.body).toMatchObject({
      code: 100031,
      reason: "登录已失效，请重新登录",
      message: "登录已失效，请重新登录",
    });
  });

  it("a forged or malformed token: 100031", async () => {
    const forged = randomBytes(32).toString("base64url");
    for (const authorization of [
      `Bearer ${forged}`,
      forged,
      "Bearer ",
      "Basic dXNlcjpwYXNz",
      `Bearer ${"x".repeat(5000)}`,
    ]) {
      const reply = await call(CATEGORIES, authorization);
      expect(reply.http, authorization).toBe(401);
      expect(reply.body.code, authorization).toBe(100031);
    }
  });

  it("also for a POST with a body, and for paths that do not exist", async () => {
    const post = await call("/third-party/api/v1/verification/captcha", undefined, { method: "POST", body: "a=1" });
    expect(post.body.code).toBe(100031);
    expect((await call("/third-party/no/such/path")).body.code).toBe(100031);
  });

  it("a logged-out token: 100031; an expired one: 100032", async () => {
    const user = await t.registerUser();
    const other = await t.login(user.phone, user.password);
    await t.post("/logout", { session: user.token });
    expect((await call(CATEGORIES, `Bearer ${user.token}`)).body.code).toBe(100031);
    t.clock.advance(8 * DAY);
    expect((await call(CATEGORIES, `Bearer ${other}`)).body.code).toBe(100032);
  });

  it("a valid token passes; an unknown path then answers JSON 404 with code 100022", async () => {
    const user = await t.registerUser();
    for (const authorization of [`Bearer ${user.token}`, `bearer ${user.token}`, user.token]) {
      const reply = await call("/third-party/api/v1/no-such-area", authorization);
      expect(reply.http, authorization).toBe(404);
      expect(reply.body, authorization).toMatchObject({ code: 100022, reason: "接口不存在" });
    }
  });

  it("an oversized body: 413 with code 100021", async () => {
    const user = await t.registerUser();
    const reply = await call("/third-party/api/v1/work-order/orders", `Bearer ${user.token}`, {
      method: "POST",
      body: "x".repeat(1024 * 1024),
    });
    expect(reply.http).toBe(413);
    expect(reply.body).toMatchObject({ code: 100021, reason: "请求内容过大" });
  });
});
