import { describe, expect, it } from "vitest";
import { bytesToGbText, canEditContent, gbTextToBytes } from "./content-desk";

describe("a dataset's size in GB", () => {
  it("converts decimal GB to bytes exactly and back", () => {
    expect(gbTextToBytes("150")).toBe(150_000_000_000);
    expect(gbTextToBytes(" 0.170498071 ")).toBe(170_498_071);
    expect(gbTextToBytes("1.5")).toBe(1_500_000_000);
    expect(gbTextToBytes("999999.999999999")).toBe(999_999_999_999_999);
    for (const bytes of [0, 1, 170_498_071, 150_000_000_000, 1_234_567_890_123])
      expect(gbTextToBytes(bytesToGbText(bytes))).toBe(bytes);
    expect(bytesToGbText(150_000_000_000)).toBe("150");
    expect(bytesToGbText(1_500_000_000)).toBe("1.5");
  });

  it("refuses what is not a GB figure", () => {
    for (const text of ["", "-1", "1e3", "1.", ".5", "1.0000000001", "一百", "1234567", "1,5"])
      expect(gbTextToBytes(text), text).toBeNull();
  });
});

describe("who edits content", () => {
  it("is editors and admins only", () => {
    expect(["agent", "lead", "editor", "finance", "admin"].filter(canEditContent)).toEqual(["editor", "admin"]);
  });
});
