import { describe, expect, it } from "vitest";
import { isContentSlug, SLUG_MAX } from "./content-slug";

describe("content URL names", () => {
  it("takes lower-case words joined by single hyphens, up to 64 characters", () => {
    for (const slug of ["quick-start", "ssh", "rtx-4090", "a", "a".repeat(SLUG_MAX)])
      expect(isContentSlug(slug), slug).toBe(true);
  });

  it("refuses anything else", () => {
    for (const slug of [
      "",
      "Quick-start",
      "quick--start",
      "-ssh",
      "ssh-",
      "计费",
      "a b",
      "a\u0000",
      "../x",
      "a".repeat(SLUG_MAX + 1),
    ])
      expect(isContentSlug(slug), JSON.stringify(slug)).toBe(false);
  });
});
