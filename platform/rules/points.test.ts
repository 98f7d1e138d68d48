import { describe, expect, it } from "vitest";
import { pointsExpireAt } from "./points";

describe("pointsExpireAt", () => {
  it("ends the year after the Beijing year the points were earned in", () => {
    expect(pointsExpireAt(new Date("2026-03-01T12:00:00+08:00")).toISOString()).toBe("2027-12-31T16:00:00.000Z");
    expect(pointsExpireAt(new Date("2026-12-31T23:59:59+08:00")).toISOString()).toBe("2027-12-31T16:00:00.000Z");
  });

  it("counts the Beijing year, not the UTC one, at the turn of the year", () => {
    // 2026-12-31 17:00 UTC is already 2027-01-01 01:00 in Beijing.
    expect(pointsExpireAt(new Date("2026-12-31T17:00:00Z")).toISOString()).toBe("2028-12-31T16:00:00.000Z");
  });
});
