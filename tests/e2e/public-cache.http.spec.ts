/**
 * Issue 35 §2 on the real pages: a published docs, dataset, software or model
 * library page read by a visitor without a session is `public, max-age=60`
 * with an ETag, and a revalidation with that ETag is a 304 that carries no
 * Content-Security-Policy (the kept page keeps the policy its nonce belongs
 * to); a signed-in user's copy of the same page is `private, no-store`, and the
 * model detail page (it needs a login) is never public.
 */
import { expect, test } from "@playwright/test";
import { sessionCookie } from "./fixtures/session";

const PUBLIC_PAGES = ["/docs", "/docs/billing-modes", "/dataset", "/dataset/librispeech", "/software", "/AIModels"];

test("published public pages are cacheable for visitors, revalidate to a bare 304, and stay private for users", async ({
  playwright,
  baseURL,
}) => {
  // A visitor keeps no cookie between requests; a user sends the session's.
  const visitor = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  for (const path of PUBLIC_PAGES) {
    const first = await visitor.get(path);
    expect(first.status(), path).toBe(200);
    expect(first.headers()["cache-control"], path).toBe("public, max-age=60");
    let etag = first.headers()["etag"];
    expect(etag, path).toMatch(/^W\/"[\w-]+"$/);
    let again = await visitor.get(path, { headers: { "if-none-match": etag! } });
    // /AIModels shows the market's live free counts, which tests running beside this one change: a page
    // that changed between the two reads answers 200 with a new ETag (never the same one), and is asked again.
    for (let tries = 0; again.status() === 200 && tries < 3; tries += 1) {
      expect(again.headers()["etag"], path).not.toBe(etag);
      etag = again.headers()["etag"];
      again = await visitor.get(path, { headers: { "if-none-match": etag! } });
    }
    expect(again.status(), path).toBe(304);
    expect(again.headers()["content-security-policy"], path).toBeUndefined();
    expect(again.headers()["etag"], path).toBe(etag);
  }
  await visitor.dispose();
  const user = await playwright.request.newContext({ baseURL });
  const { cookie } = await sessionCookie(user, baseURL!);
  const asUser = { headers: { cookie: `${cookie.name}=${cookie.value}` }, maxRedirects: 0 };
  for (const path of PUBLIC_PAGES) {
    const mine = await user.get(path, asUser);
    expect(mine.status(), path).toBe(200);
    expect(mine.headers()["cache-control"], path).toBe("private, no-store");
    expect(mine.headers()["etag"], path).toBeUndefined();
  }
  // The model detail page (modelDetail) never asked to be public: a user's copy has no validator and no public caching.
  const detail = await user.get("/AIModels/qwen2-5-7b-instruct", asUser);
  expect(detail.status()).toBe(200);
  expect(detail.headers()["cache-control"] ?? "").not.toContain("public");
  expect(detail.headers()["etag"]).toBeUndefined();
  await user.dispose();
});
