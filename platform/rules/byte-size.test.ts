import { describe, expect, it } from "vitest";
import { formatByteSize } from "./byte-size";

describe("formatByteSize", () => {
  it.each([
    [0, "0 B"],
    [512, "512 B"],
    [999, "999 B"],
    [1000, "1 KB"],
    [2048, "2 KB"],
    [3_584, "3.6 KB"],
    [999_950, "1 MB"],
    [170_498_071, "170.5 MB"],
    [15_582_913_665, "15.6 GB"],
    [154_642_401_280, "154.6 GB"],
    [1_200_000_000_000, "1.2 TB"],
    [3e15, "3 PB"],
    [5e18, "5000 PB"],
  ])("%d bytes → %s", (bytes, shown) => {
    expect(formatByteSize(bytes)).toBe(shown);
  });

  it("refuses what is not a size", () => {
    expect(() => formatByteSize(-1)).toThrow(RangeError);
    expect(() => formatByteSize(Number.NaN)).toThrow(RangeError);
  });
});
