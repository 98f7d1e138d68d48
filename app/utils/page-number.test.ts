import { describe, expect, it } from "vitest";
import { pageNumber, pageOf } from "./page-number";

describe("a list's ?page=", () => {
  it("reads a whole number from 1 to the maximum, and anything else as the first page", () => {
    const read = (page: string | null, max?: number) =>
      pageOf(new Request(`http://x/list${page === null ? "" : `?page=${encodeURIComponent(page)}`}`), max);
    expect(read("3")).toBe(3);
    expect(read(null)).toBe(1);
    for (const bad of ["", "0", "-2", "1.5", "abc", "10001", "1e3x"]) expect(read(bad), bad).toBe(1);
    expect(read("10000")).toBe(10_000);
    expect(read("50000", 100_000)).toBe(50_000);
    expect(pageNumber().parse(undefined)).toBe(1);
  });
});
