import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  discountText,
  experiencePercent,
  NEXT_LEVEL_THRESHOLDS_YUAN,
  VIP_TIERS,
  vipLevelFor,
  vipScore,
  vipTier,
  yuanToNextLevel,
} from "./vip";

describe("VIP tiers (spec §3, §9)", () => {
  it("names, discounts and thresholds", () => {
    expect(VIP_TIERS.map((t) => t.name)).toEqual(["普通会员", "铜牌会员", "银牌会员", "金牌会员", "钻石会员"]);
    expect(VIP_TIERS.map((t) => t.discount)).toEqual([1, 0.98, 0.97, 0.95, 0.94]);
    expect(VIP_TIERS.map((t) => t.thresholdFen / 100)).toEqual([0, 100, 1500, 10000, 20000]);
    expect(VIP_TIERS.map((t) => t.level)).toEqual([0, 1, 2, 3, 4]);
    expect([...NEXT_LEVEL_THRESHOLDS_YUAN]).toEqual([100, 1500, 10000, 20000, 20000]);
  });

  it("level by cumulative top-up, at the edges", () => {
    const cases: Array<[number, number]> = [
      [0, 0],
      [99_99, 0],
      [100_00, 1],
      [1_499_99, 1],
      [1_500_00, 2],
      [9_999_99, 2],
      [10_000_00, 3],
      [19_999_99, 3],
      [20_000_00, 4],
      [1_000_000_00, 4],
    ];
    for (const [fen, level] of cases) expect(vipLevelFor(fen), `${fen} fen`).toBe(level);
  });

  it("level never drops as the top-up grows", () => {
    fc.assert(
      fc.property(fc.nat(5_000_000_00), fc.nat(5_000_000_00), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(vipLevelFor(lo)).toBeLessThanOrEqual(vipLevelFor(hi));
        expect(VIP_TIERS[vipLevelFor(hi)].thresholdFen).toBeLessThanOrEqual(hi);
      }),
    );
  });

  it("vipTier clamps out-of-range levels", () => {
    expect(vipTier(-3).level).toBe(0);
    expect(vipTier(2.7).level).toBe(2);
    expect(vipTier(9).level).toBe(4);
  });
});

describe("score and experience", () => {
  it("score is whole yuan of the top-up", () => {
    expect(vipScore(0)).toBe(0);
    expect(vipScore(99)).toBe(0);
    expect(vipScore(12_345)).toBe(123);
  });

  it("percent = score * 100 / threshold of the current level, capped at 100", () => {
    expect(experiencePercent(0, 0)).toBe(0);
    expect(experiencePercent(50, 0)).toBe(50);
    expect(experiencePercent(750, 1)).toBe(50);
    expect(experiencePercent(5000, 2)).toBe(50);
    expect(experiencePercent(15000, 3)).toBe(75);
    expect(experiencePercent(25000, 4)).toBe(100);
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.integer({ min: 0, max: 4 }), (score, level) => {
        const p = experiencePercent(score, level);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(100);
      }),
    );
  });

  it("yuan to the next level", () => {
    expect(yuanToNextLevel(0, 0)).toBe(100);
    expect(yuanToNextLevel(120, 1)).toBe(1380);
    expect(yuanToNextLevel(30000, 4)).toBe(0);
    expect(yuanToNextLevel(20000, 3)).toBe(0);
  });
});

describe("discountText", () => {
  it("reads each tier's multiplier as Chinese 折", () => {
    expect(VIP_TIERS.map((t) => discountText(t.discount))).toEqual(["无折扣", "9.8 折", "9.7 折", "9.5 折", "9.4 折"]);
    expect(discountText(0.95)).toBe("9.5 折");
  });
});
