import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  drawsFromSpending,
  maskPhone,
  noPrizeWeight,
  ODDS_SCALE,
  oddsTableValid,
  prizeFor,
  weightAsPercent,
} from "./raffle-odds";

/** A seeded generator (mulberry32), so the simulation is the same on every run and can fail on a real bias. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("raffle odds", () => {
  const table = [
    { prizeId: 1, weight: 50 },
    { prizeId: 2, weight: 450 },
    { prizeId: 3, weight: 1500 },
    { prizeId: 4, weight: 3000 },
  ];

  it("over 100,000 simulated draws each band's share is within tolerance of its weight", () => {
    const random = seeded(20251029);
    const counts = new Map<number | null, number>();
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      const won = prizeFor(table, Math.floor(random() * ODDS_SCALE));
      counts.set(won, (counts.get(won) ?? 0) + 1);
    }
    const expected = [...table.map((r) => [r.prizeId, r.weight] as const), [null, noPrizeWeight(table)] as const];
    for (const [prize, weight] of expected) {
      const p = weight / ODDS_SCALE;
      const sd = Math.sqrt(n * p * (1 - p));
      // Four standard deviations: a fair source fails this about once in 16,000 runs; a bias of 1% of the table fails.
      expect(Math.abs((counts.get(prize) ?? 0) - n * p)).toBeLessThan(4 * sd + 1);
    }
  });

  it("every random value falls on exactly its band", () => {
    expect(prizeFor(table, 0)).toBe(1);
    expect(prizeFor(table, 49)).toBe(1);
    expect(prizeFor(table, 50)).toBe(2);
    expect(prizeFor(table, 4999)).toBe(4);
    expect(prizeFor(table, 5000)).toBeNull();
    expect(prizeFor(table, 9999)).toBeNull();
    expect(() => prizeFor(table, 10_000)).toThrow(RangeError);
    expect(() => prizeFor(table, -1)).toThrow(RangeError);
  });

  it("each band holds as many values as its weight", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2500 }), { maxLength: 4 }), (weights) => {
        const rows = weights.map((weight, i) => ({ prizeId: i + 1, weight }));
        expect(oddsTableValid(rows)).toBe(true);
        const counts = new Map<number | null, number>();
        for (let r = 0; r < ODDS_SCALE; r++) counts.set(prizeFor(rows, r), (counts.get(prizeFor(rows, r)) ?? 0) + 1);
        for (const row of rows) expect(counts.get(row.prizeId) ?? 0).toBe(row.weight);
        expect(counts.get(null) ?? 0).toBe(noPrizeWeight(rows));
      }),
      { numRuns: 30 },
    );
  });

  it("refuses tables above 10,000 and bad weights", () => {
    expect(
      oddsTableValid([
        { prizeId: 1, weight: 6000 },
        { prizeId: 2, weight: 4001 },
      ]),
    ).toBe(false);
    expect(oddsTableValid([{ prizeId: 1, weight: -1 }])).toBe(false);
    expect(oddsTableValid([{ prizeId: 1, weight: 1.5 }])).toBe(false);
  });

  it("earns one draw per full step of net spending, none for a refund above the spending", () => {
    expect(drawsFromSpending(99_99, 100_00)).toBe(0);
    expect(drawsFromSpending(100_00, 100_00)).toBe(1);
    expect(drawsFromSpending(350_00, 100_00)).toBe(3);
    expect(drawsFromSpending(-500, 100_00)).toBe(0);
  });

  it("shows weights as percentages and phones masked", () => {
    expect(weightAsPercent(50)).toBe("0.5%");
    expect(weightAsPercent(1500)).toBe("15%");
    expect(weightAsPercent(25)).toBe("0.25%");
    expect(maskPhone("13812341234")).toBe("138****1234");
  });
});
