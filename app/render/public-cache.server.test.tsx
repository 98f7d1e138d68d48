/**
 * Issue 35 §2: published public content pages are cacheable for visitors
 * (`public, max-age=60` with an ETag, 304 on a matching If-None-Match);
 * signed-in users, staff, answers that set a cookie, refusals and drafts get
 * `private, no-store`. A fixture page with the pages' one-line headers export,
 * rendered through the project's own entry.server.
 */
import { createRequestHandler, data } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { commitStaffToken } from "~/utils/desk-session.server";
import { commitSessionToken } from "~/utils/session.server";
import { publicContentHeaders } from "./public-cache.server";
import { testBuild } from "./test-build.server";

const ORIGIN = "http://127.0.0.1:3000";

function setup() {
  const build = testBuild({
    page: {
      path: "docs/:id",
      module: {
        default: () => <p>快速开始</p>,
        loader: ({ params }) => {
          if (params.id === "missing") throw new Response("没有这篇文档", { status: 404 });
          if (params.id === "draft") return data({}, { headers: { "Cache-Control": "private, no-store" } });
          if (params.id === "cookie") return data({}, { headers: { "Set-Cookie": "toast=1; Path=/" } });
          return { id: params.id };
        },
        headers: publicContentHeaders,
        ErrorBoundary: () => <p>404</p>,
      },
    },
    plain: { path: "plain", module: { default: () => <p>别的页面</p> } },
  });
  const handle = createRequestHandler(build);
  return (path: string, headers: Record<string, string> = {}) =>
    handle(new Request(`${ORIGIN}${path}`, { headers: { host: "127.0.0.1:3000", ...headers } }));
}

const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;

describe("a public content page's caching", () => {
  it("is public for a visitor, with a weak ETag that stays the same across documents and nonces", async () => {
    const get = setup();
    const first = await get("/docs/quick-start");
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("public, max-age=60");
    expect(first.headers.get("vary")).toContain("Cookie");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    const html = await first.text();
    expect(html).toContain("快速开始");
    const second = await get("/docs/quick-start");
    expect(second.headers.get("etag")).toBe(etag);
    // Each document has its own CSP nonce: the bodies differ, the ETag does not.
    expect(second.headers.get("content-security-policy")).not.toBe(first.headers.get("content-security-policy"));
    expect((await get("/docs/billing")).headers.get("etag")).not.toBe(etag);
  });

  it("answers 304 without a body when If-None-Match names the page's ETag", async () => {
    const get = setup();
    const etag = (await get("/docs/quick-start")).headers.get("etag")!;
    for (const ifNoneMatch of [etag, `"other", ${etag}`, etag.replace(/^W\//, "")]) {
      const again = await get("/docs/quick-start", { "if-none-match": ifNoneMatch });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("cache-control")).toBe("public, max-age=60");
      // The kept page keeps the policy its nonce belongs to: a 304 with a new one would block its scripts.
      expect(again.headers.get("content-security-policy")).toBeNull();
    }
    const changed = await get("/docs/quick-start", { "if-none-match": 'W/"stale"' });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain("快速开始");
  });

  it("is private, no-store for a signed-in user and for staff, even with a matching If-None-Match", async () => {
    const get = setup();
    const etag = (await get("/docs/quick-start")).headers.get("etag")!;
    for (const cookie of [
      cookieOf(await commitSessionToken("user-token")),
      cookieOf(await commitStaffToken("staff")),
    ]) {
      const page = await get("/docs/quick-start", { cookie, "if-none-match": etag });
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("private, no-store");
      expect(page.headers.get("etag")).toBeNull();
    }
  });

  it("is private, no-store for a draft, a 404, and an answer that sets a cookie", async () => {
    const get = setup();
    for (const [path, status] of [
      ["/docs/draft", 200],
      ["/docs/missing", 404],
      ["/docs/cookie", 200],
    ] as const) {
      const page = await get(path);
      expect(page.status, path).toBe(status);
      expect(page.headers.get("cache-control"), path).toBe("private, no-store");
      expect(page.headers.get("etag"), path).toBeNull();
    }
  });

  it("leaves pages that did not ask alone, and keeps client navigations' data private", async () => {
    const get = setup();
    const plain = await get("/plain");
    expect(plain.headers.get("etag")).toBeNull();
    expect(plain.headers.get("cache-control") ?? "").not.toContain("public");
    const navigation = await get("/docs/quick-start.data");
    expect(navigation.status).toBe(200);
    expect(navigation.headers.get("cache-control")).toBe("private, no-store");
  });
});
