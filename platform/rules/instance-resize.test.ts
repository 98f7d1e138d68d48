import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { quoteHourlyResize, quotePackageUpgrade, remainingSeconds, type ResizeBasis } from "./instance-resize";
import { quotePackage } from "./rental-price";

const basis = (mode: "day" | "month"): fc.Arbitrary<ResizeBasis> =>
  fc.record({
    billingMode: fc.constant(mode),
    gpuCount: fc.integer({ min: 1, max: 7 }),
    unitPriceFen: fc.integer({ min: 1, max: 2_000_00 }),
    durationDiscountBp: fc.constant(mode === "day" ? 9_800 : 9_500),
    vipDiscountBp: fc.constantFrom(10_000, 9_800, 9_700, 9_500, 9_400),
  });
const anyPackage = fc.oneof(basis("day"), basis("month"));

describe("a package upgrade", () => {
  it("over a whole term costs what the added GPUs' package costs (within a fen of rounding)", () => {
    fc.assert(
      fc.property(anyPackage, fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 12 }), (b, to, units) => {
        fc.pre(to > b.gpuCount);
        const mode = b.billingMode as "day" | "month";
        const whole = quotePackage({
          mode,
          units: mode === "day" ? Math.min(units, 29) : units,
          gpuCount: to - b.gpuCount,
          unitPriceFen: b.unitPriceFen,
          vipDiscountBp: b.vipDiscountBp,
        });
        const up = quotePackageUpgrade(b, to, whole.hours * 3600);
        expect(up.kind === "package_upgrade" && Math.abs(up.chargeFen - whole.payFen)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("grows with the time left and the GPUs added, is never negative, and is zero with no time left", () => {
    fc.assert(
      fc.property(
        anyPackage,
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 360 * 86_400 }),
        fc.integer({ min: 0, max: 86_400 }),
        (b, to, seconds, more) => {
          fc.pre(to > b.gpuCount);
          const charge = (s: number, n: number) => {
            const q = quotePackageUpgrade(b, n, s);
            return q.kind === "package_upgrade" ? q.chargeFen : -1;
          };
          expect(charge(seconds, to)).toBeGreaterThanOrEqual(0);
          expect(charge(seconds + more, to)).toBeGreaterThanOrEqual(charge(seconds, to));
          if (to < 8) expect(charge(seconds, to + 1)).toBeGreaterThanOrEqual(charge(seconds, to));
          expect(charge(0, to)).toBe(0);
        },
      ),
    );
  });

  it("explains itself with the figures it was computed from", () => {
    const q = quotePackageUpgrade(
      { billingMode: "day", gpuCount: 1, unitPriceFen: 198, durationDiscountBp: 9_800, vipDiscountBp: 10_000 },
      2,
      3600,
    );
    // 3600 s × 1 GPU × ¥1.98 × 0.98 = ¥1.9404 → ¥1.94
    expect(q).toMatchObject({ chargeFen: 194, addedGpus: 1 });
    expect(q.explanation).toBe("升配补差价：剩余 3600 秒 × 新增 1 卡 × ¥1.98/卡·时 × 时长 0.98 = ¥1.94");
  });

  it("refuses fewer or as many GPUs", () => {
    const b: ResizeBasis = {
      billingMode: "month",
      gpuCount: 2,
      unitPriceFen: 100,
      durationDiscountBp: 9_500,
      vipDiscountBp: 10_000,
    };
    expect(() => quotePackageUpgrade(b, 2, 10)).toThrow(RangeError);
    expect(() => quotePackageUpgrade(b, 1, 10)).toThrow(RangeError);
  });
});

describe("an hourly resize", () => {
  it("charges nothing and states the new rate", () => {
    const q = quoteHourlyResize(
      { billingMode: "hour", gpuCount: 1, unitPriceFen: 198, durationDiscountBp: 10_000, vipDiscountBp: 9_800 },
      2,
    );
    expect(q).toMatchObject({ kind: "hourly", fromRateFen: 194, toRateFen: 388 });
    expect(q.explanation).toBe(
      "按量计费：调整后按 2 卡 × ¥1.98/卡·时 × 会员 0.98 = ¥3.88/时计费（原 ¥1.94/时），调整时不收费",
    );
  });
});

describe("remaining seconds", () => {
  it("are whole, and zero once the term ended", () => {
    const now = new Date("2026-03-01T00:00:00.000Z");
    expect(remainingSeconds(now, new Date("2026-03-01T01:00:00.999Z"))).toBe(3600);
    expect(remainingSeconds(now, new Date("2026-02-28T23:00:00.000Z"))).toBe(0);
  });
});
