import { describe, expect, it } from "vitest";
import { assertSameOrigin } from "./origin.server";

const post = (headers: Record<string, string>) =>
  new Request("http://127.0.0.1:3000/logout", { method: "POST", headers: { host: "127.0.0.1:3000", ...headers } });

const refused = (request: Request) => {
  try {
    assertSameOrigin(request);
    return null;
  } catch (error) {
    return error instanceof Response ? error.status : "other";
  }
};

describe("assertSameOrigin", () => {
  it("lets a post from this site through", () => {
    expect(refused(post({ origin: "http://127.0.0.1:3000" }))).toBeNull();
    expect(refused(post({ "sec-fetch-site": "same-origin" }))).toBeNull();
  });

  it("refuses another site, Origin: null, and a garbled Origin", () => {
    expect(refused(post({ origin: "https://evil.example" }))).toBe(403);
    expect(refused(post({ origin: "null" }))).toBe(403);
    expect(refused(post({ origin: "null", "sec-fetch-site": "same-origin" }))).toBe(403);
    expect(refused(post({ origin: "not a url" }))).toBe(403);
    expect(refused(post({ "sec-fetch-site": "cross-site" }))).toBe(403);
  });
});
