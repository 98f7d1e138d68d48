import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DURATION_DISCOUNT_BP, type PriceCoupon } from "./price";
import {
  hourlyRateFen,
  isPackageMode,
  PACKAGE_LIMITS,
  packageHours,
  quotePackage,
  usageChargeFen,
} from "./rental-price";

const vipBp = fc.constantFrom(10_000, 9_800, 9_700, 9_500, 9_400);
const unit = fc.integer({ min: 1, max: 2_000_00 });
const gpus = fc.integer({ min: 1, max: 8 });
const coupon: fc.Arbitrary<PriceCoupon | null> = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 1, max: 9_999 }).map((discountBp) => ({ type: 1 as const, discountBp })),
  fc.integer({ min: 1, max: 100_000_00 }).map((amountFen) => ({ type: 2 as const, amountFen })),
);
const hours = fc.integer({ min: 1, max: 23 });
const pkg = fc.oneof(
  fc.record({ mode: fc.constant("hour_package" as const), units: hours }),
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
        const max = PACKAGE_LIMITS[mode].max;
        if (units < max) {
          const longer = quotePackage({ mode, units: units + 1, gpuCount, unitPriceFen, vipDiscountBp });
          expect(longer.payFen).toBeGreaterThan(plain.payFen);
        }
      }),
    );
  });
});

describe("hour packages (包时)", () => {
  it("last 1–23 hours; 0, 24 and a fraction are not hour packages; pay-as-you-go is not a package", () => {
    expect(packageHours("hour_package", 1)).toBe(1);
    expect(packageHours("hour_package", 23)).toBe(23);
    for (const units of [0, 24, 2.5]) expect(() => packageHours("hour_package", units)).toThrow(RangeError);
    expect(isPackageMode("hour_package")).toBe(true);
    expect(isPackageMode("hour")).toBe(false);
  });

  it("3 hours of 2 RTX 4090 at ¥1.98/h, bronze member: 1.98 × 2 × 3 × 1 × 0.98 = ¥11.64", () => {
    const q = quotePackage({ mode: "hour_package", units: 3, gpuCount: 2, unitPriceFen: 198, vipDiscountBp: 9_800 });
    expect(q).toMatchObject({ hours: 3, listFen: 1188, durationDiscountBp: 10_000, payFen: 1164 });
  });

  it("cost unit × gpus × hours × membership discount exactly (rounded once), never a duration discount", () => {
    fc.assert(
      fc.property(hours, gpus, unit, vipBp, (units, gpuCount, unitPriceFen, vipDiscountBp) => {
        const q = quotePackage({ mode: "hour_package", units, gpuCount, unitPriceFen, vipDiscountBp });
        const num = BigInt(unitPriceFen) * BigInt(gpuCount) * BigInt(units) * BigInt(vipDiscountBp);
        expect(q.durationDiscountBp).toBe(10_000);
        expect(q.listFen).toBe(unitPriceFen * gpuCount * units);
        expect(q.payFen).toBe(Number((2n * num + 10_000n) / 20_000n));
        // n hours of a package cost what n hours of pay-as-you-go cost at the same rate (no discount either way).
        const asUsage = usageChargeFen({ seconds: units * 3600, gpuCount, unitPriceFen, vipDiscountBp });
        expect(q.payFen).toBe(asUsage.amountFen);
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
