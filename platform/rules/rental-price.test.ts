import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DURATION_DISCOUNT_BP, type PriceCoupon } from "./price";
import { hourlyRateFen, packageHours, quotePackage, usageChargeFen } from "./rental-price";

const vipBp = fc.constantFrom(10_000, 9_800, 9_700, 9_500, 9_400);
const unit = fc.integer({ min: 1, max: 2_000_00 });
const gpus = fc.integer({ min: 1, max: 8 });
const coupon: fc.Arbitrary<PriceCoupon | null> = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 1, max: 9_999 }).map((discountBp) => ({ type: 1 as const, discountBp })),
  fc.integer({ min: 1, max: 100_000_00 }).map((amountFen) => ({ type: 2 as const, amountFen })),
);
const pkg = fc.oneof(
  fc.record({ mode: fc.constant("day" as const), units: fc.integer({ min: 1, max: 29 }) }),
  fc.record({ mode: fc.constant("month" as const), units: fc.integer({ min: 1, max: 12 }) }),
);

describe("packages", () => {
  it("a month is 30 days, and only 1–29 days or 1–12 months are packages", () => {
    expect(packageHours("day", 1)).toBe(24);
    expect(packageHours("month", 6)).toBe(6 * 30 * 24);
    for (const [mode, units] of [
      ["day", 0],
      ["day", 30],
      ["month", 13],
      ["month", 1.5],
    ] as const)
      expect(() => packageHours(mode, units)).toThrow(RangeError);
  });

  it("one RTX 4090 for a day at ¥1.98/h, bronze member: 1.98 × 24 × 0.98 × 0.98 = ¥45.64", () => {
    const q = quotePackage({ mode: "day", units: 1, gpuCount: 1, unitPriceFen: 198, vipDiscountBp: 9_800 });
    expect(q.listFen).toBe(4752);
    expect(q.payFen).toBe(4564); // 4752 × 0.9604 = 4563.82 → 4564
    expect(q.durationDiscountBp).toBe(DURATION_DISCOUNT_BP.day);
  });

  it("is never negative, the coupon never raises it, and it grows with the duration within a mode", () => {
    fc.assert(
      fc.property(pkg, gpus, unit, vipBp, coupon, ({ mode, units }, gpuCount, unitPriceFen, vipDiscountBp, c) => {
        const q = quotePackage({ mode, units, gpuCount, unitPriceFen, vipDiscountBp, coupon: c });
        const plain = quotePackage({ mode, units, gpuCount, unitPriceFen, vipDiscountBp });
        expect(q.payFen).toBeGreaterThanOrEqual(0);
        expect(q.payFen).toBeLessThanOrEqual(plain.payFen);
        expect(q.afterDiscountsFen - q.couponSavingFen).toBe(q.payFen);
        const max = mode === "day" ? 29 : 12;
        if (units < max) {
          const longer = quotePackage({ mode, units: units + 1, gpuCount, unitPriceFen, vipDiscountBp });
          expect(longer.payFen).toBeGreaterThan(plain.payFen);
        }
      }),
    );
  });
});

describe("hourly usage", () => {
  it("an hour costs the hourly rate; a second of ¥1.98/h costs 0.055 fen, rounded once to 0", () => {
    expect(usageChargeFen({ seconds: 3600, gpuCount: 2, unitPriceFen: 198, vipDiscountBp: 9_800 }).amountFen).toBe(
      hourlyRateFen({ unitPriceFen: 198, gpuCount: 2, vipDiscountBp: 9_800 }),
    );
    expect(usageChargeFen({ seconds: 1, gpuCount: 1, unitPriceFen: 198, vipDiscountBp: 10_000 }).amountFen).toBe(0);
    expect(usageChargeFen({ seconds: 10, gpuCount: 1, unitPriceFen: 198, vipDiscountBp: 10_000 }).amountFen).toBe(1);
  });

  it("matches the exact product within half a fen, and never falls as seconds grow", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3600 }), gpus, unit, vipBp, (seconds, gpuCount, unitPriceFen, vip) => {
        const a = usageChargeFen({ seconds, gpuCount, unitPriceFen, vipDiscountBp: vip }).amountFen;
        const exact = (seconds * gpuCount * unitPriceFen * vip) / 3600 / 10_000;
        expect(Math.abs(a - exact)).toBeLessThanOrEqual(0.5 + 1e-9);
        const b = usageChargeFen({ seconds: seconds + 1, gpuCount, unitPriceFen, vipDiscountBp: vip }).amountFen;
        expect(b).toBeGreaterThanOrEqual(a);
      }),
    );
  });

  it("refuses negative or fractional inputs", () => {
    expect(() => usageChargeFen({ seconds: -1, gpuCount: 1, unitPriceFen: 1, vipDiscountBp: 10_000 })).toThrow();
    expect(() => usageChargeFen({ seconds: 1.5, gpuCount: 1, unitPriceFen: 1, vipDiscountBp: 10_000 })).toThrow();
  });
});
