import { describe, expect, it } from "vitest";
import { requestedRedirect, safeRedirect } from "./safe-redirect";

const FALLBACK = "/fallback";
const SITE = "https://gpu.example";

/** Where a browser on our site goes when it gets this Location header. */
const followed = (location: string) => new URL(location, `${SITE}/login`);

/** Known open-redirect bypasses: every one must give the fallback. */
const BYPASSES = [
  // the two reported in issue 9 (as the query string decodes them) and their variants
  "/x/../\\evil.example",
  "/\t/evil.example",
  "/x/..\\/evil.example",
  "/x/../\\/evil.example",
  // network paths and backslashes
  "//evil.example",
  "///evil.example",
  "////evil.example/x",
  "/\\evil.example",
  "/\\/evil.example",
  "\\/evil.example",
  "\\\\evil.example",
  "/.//evil.example",
  "/./\\evil.example",
  "/..//evil.example",
  "/../..//evil.example",
  "/a/../..//evil.example",
  "/%2e%2e//evil.example",
  "/%2E//evil.example",
  "/a/%2e%2e/%2e%2e//evil.example",
  // tabs, newlines and other controls (the URL parser strips them)
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\t\t/evil.example",
  "/\u0000/evil.example",
  "/\u007f/evil.example",
  "\t//evil.example",
  " //evil.example",
  // absolute URLs, userinfo and schemes
  "https://evil.example",
  "http://evil.example/console",
  "HTTPS://evil.example",
  "https:evil.example",
  "https:/evil.example",
  "http://gpu.example@evil.example",
  "//gpu.example@evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  " javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "vbscript:msgbox(1)",
  "ftp://evil.example",
  // relative paths, encoded leading separators and unicode look-alikes
  "evil.example",
  "%2F%2Fevil.example",
  "%5C%5Cevil.example",
  "\uFF0F\uFF0Fevil.example",
  "\u2215\u2215evil.example",
  "。/evil.example",
  "",
];

describe("safeRedirect", () => {
  it.each(BYPASSES)("refuses %j", (target) => {
    expect(safeRedirect(target, FALLBACK)).toBe(FALLBACK);
  });

  it("holds at least thirty known bypasses", () => {
    expect(BYPASSES.length).toBeGreaterThanOrEqual(30);
  });

  /** Encoded separators stay encoded: a path on our own site, never another host. */
  it.each([
    ["/x/..%2F%5Cevil.example", "/x/..%2F%5Cevil.example"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%5C%5Cevil.example", "/%5C%5Cevil.example"],
    ["/\uFF0F/evil.example", "/%EF%BC%8F/evil.example"],
    ["/\u2215\u2215evil.example", "/%E2%88%95%E2%88%95evil.example"],
    ["/a/./b/../c", "/a/c"],
    ["/console/../store", "/store"],
    ["/console\\orders", "/console/orders"],
    ["/@evil.example", "/@evil.example"],
  ])("normalises %j to %j, on our site", (target, expected) => {
    const result = safeRedirect(target, FALLBACK);
    expect(result).toBe(expected);
    expect(followed(result).origin).toBe(SITE);
  });

  it("keeps an ordinary path with its query and fragment", () => {
    expect(safeRedirect("/console/messages?tab=notifications#top", FALLBACK)).toBe(
      "/console/messages?tab=notifications#top",
    );
    expect(safeRedirect("/store", FALLBACK)).toBe("/store");
  });

  it("gives the fallback for what is not a string", () => {
    expect(safeRedirect(null, FALLBACK)).toBe(FALLBACK);
    expect(safeRedirect(undefined, FALLBACK)).toBe(FALLBACK);
    expect(safeRedirect(new File(["x"], "x.txt"), FALLBACK)).toBe(FALLBACK);
  });

  it("never gives a Location a browser would follow off our site", () => {
    for (const target of BYPASSES) expect(followed(safeRedirect(target, FALLBACK)).origin).toBe(SITE);
  });
});

describe("requestedRedirect", () => {
  it("answers 400 for a CR or LF", () => {
    for (const target of ["/console\r\nSet-Cookie: x=1", "/a\nb", "/a\rb"]) {
      let thrown: unknown;
      try {
        requestedRedirect(target, FALLBACK);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(400);
    }
  });

  it("is safeRedirect otherwise", () => {
    expect(requestedRedirect("/x/../\\evil.example", FALLBACK)).toBe(FALLBACK);
    expect(requestedRedirect("/store", FALLBACK)).toBe("/store");
  });
});
