import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pointsCrossed } from "./points-earning";

describe("points for cash spending", () => {
  it("carries fractions over: 100 charges of ¥0.53 earn 53 points", () => {
    let total = 0;
    let points = 0;
    for (let i = 0; i < 100; i++) {
      points += pointsCrossed(total, total + 53);
      total += 53;
    }
    expect(points).toBe(53);
  });

  it("any split of the same spending earns ⌊total / ¥1⌋ points", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 200 }), (charges) => {
        let total = 0;
        let points = 0;
        for (const fen of charges) {
          const step = pointsCrossed(total, total + fen);
          expect(step).toBeGreaterThanOrEqual(0);
          points += step;
          total += fen;
        }
        expect(points).toBe(Math.floor(total / 100));
      }),
    );
  });

  it("refuses totals that shrink or are not whole fen", () => {
    expect(() => pointsCrossed(100, 99)).toThrow(RangeError);
    expect(() => pointsCrossed(-1, 5)).toThrow(RangeError);
    expect(() => pointsCrossed(0, 1.5)).toThrow(RangeError);
  });
});
