/**
 * Form posts from another origin (decision 015): Remix's CSRF check, patched to
 * answer 403 with our refusal page instead of an empty 500. The action never runs.
 */
import { createRequestHandler } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { testBuild } from "./test-build.server";

function setup() {
  const posts: string[] = [];
  const build = testBuild({
    form: {
      path: "form",
      module: {
        default: () => <p>表单页</p>,
        action: async ({ request }) => {
          posts.push(await request.text());
          return { saved: true };
        },
      },
    },
  });
  const handle = createRequestHandler(build);
  const post = (path: string, headers: Record<string, string>) =>
    handle(
      new Request(`http://127.0.0.1:3000${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: "amount=100",
      }),
    );
  return { posts, post, handle };
}

describe("a form post from another origin", () => {
  it("gets the 403 refusal page, and the action does not run", async () => {
    const { posts, post } = setup();
    const res = await post("/form?tab=a%22b", { origin: "https://evil.example", host: "127.0.0.1:3000" });
    expect(res.status).toBe(403);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    expect(html).toContain("403 · 请求已拒绝");
    expect(html).toContain("没有做任何更改");
    expect(html).toContain('href="/form?tab=a%22b"');
    expect(posts).toEqual([]);
  });

  it("is refused when no Host header says which site it is for", async () => {
    const { posts, post } = setup();
    const res = await post("/form", { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(posts).toEqual([]);
  });

  it("is refused on the single-fetch path too, as a 403 the page's error boundary shows", async () => {
    const { posts, post } = setup();
    const res = await post("/form.data", { origin: "https://evil.example", host: "127.0.0.1:3000" });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("403");
    expect(posts).toEqual([]);
  });

  it("leaves posts from this site, and posts without an Origin, to the action", async () => {
    const { posts, post } = setup();
    const same = await post("/form", { origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" });
    expect(same.status).toBe(200);
    expect(await same.text()).toContain("表单页");
    const noOrigin = await post("/form", { host: "127.0.0.1:3000" });
    expect(noOrigin.status).toBe(200);
    expect(posts).toEqual(["amount=100", "amount=100"]);
  });
});
