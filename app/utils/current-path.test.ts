import { describe, expect, it } from "vitest";
import { isCurrentPath } from "./current-path";

describe("isCurrentPath", () => {
  it("matches the page itself and pages below it", () => {
    expect(isCurrentPath("/store", "/store")).toBe(true);
    expect(isCurrentPath("/store/", "/store")).toBe(true);
    expect(isCurrentPath("/console/dashboard", "/console/dashboard")).toBe(true);
    expect(isCurrentPath("/inform/2", "/inform")).toBe(true);
  });

  it("does not match siblings that share a prefix, or the root for every page", () => {
    expect(isCurrentPath("/informDetail/3", "/inform")).toBe(false);
    expect(isCurrentPath("/console/accountInfo", "/console/dashboard")).toBe(false);
    expect(isCurrentPath("/store", "/")).toBe(false);
    expect(isCurrentPath("/", "/")).toBe(true);
  });
});
