import { describe, expect, it } from "vitest";
import { totalFromPage } from "./page";

describe("totalFromPage", () => {
  it("reads the total off a short page, the last one", () => {
    expect(totalFromPage({ page: 1, pageSize: 10 }, 3)).toBe(3);
    expect(totalFromPage({ page: 3, pageSize: 10 }, 4)).toBe(24);
  });
  it("knows an empty first page means none", () => {
    expect(totalFromPage({ page: 1, pageSize: 10 }, 0)).toBe(0);
  });
  it("leaves a full page and a page past the end to be counted", () => {
    expect(totalFromPage({ page: 1, pageSize: 10 }, 10)).toBeNull();
    expect(totalFromPage({ page: 2, pageSize: 10 }, 10)).toBeNull();
    expect(totalFromPage({ page: 4, pageSize: 10 }, 0)).toBeNull();
  });
});
