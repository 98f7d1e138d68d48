import { describe, expect, it } from "vitest";
import { beijingMonth, budgetThreshold, budgetWarningFen } from "./sub-account-budget";

describe("sub-account budget rules", () => {
  it("takes the month in Beijing time", () => {
    expect(beijingMonth(new Date("2026-11-30T15:59:59Z"))).toBe("2026-11");
    expect(beijingMonth(new Date("2026-11-30T16:00:00Z"))).toBe("2026-12");
    expect(beijingMonth(new Date("2026-12-31T16:00:00Z"))).toBe("2027-01");
  });

  it("warns from 80 % rounded up to a fen and stops at the whole budget", () => {
    expect(budgetWarningFen(10_000)).toBe(8_000);
    expect(budgetWarningFen(101)).toBe(81);
    expect(budgetThreshold(7_999, 10_000)).toBe("none");
    expect(budgetThreshold(8_000, 10_000)).toBe("warning");
    expect(budgetThreshold(10_000, 10_000)).toBe("reached");
    expect(budgetThreshold(1_000_000, null)).toBe("none");
    expect(budgetThreshold(0, 0)).toBe("reached");
  });
});
