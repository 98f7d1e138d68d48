import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DURATION_DISCOUNT_BP } from "./price";
import { HOURS_PER_DAY, packageHours, quotePackage } from "./rental-price";
import { renewalTerm } from "./renewal-term";

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 0, 1);

const unitAndCount = fc.oneof(
  fc.record({ unit: fc.constant("day" as const), count: fc.integer({ min: 1, max: 29 }) }),
  fc.record({ unit: fc.constant("month" as const), count: fc.integer({ min: 1, max: 12 }) }),
);

describe("renewalTerm", () => {
  it("extends a package still paid for from its expiry, and starts anything else now", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("hour" as const, "day" as const, "month" as const),
        fc.integer({ min: -400 * 24, max: 400 * 24 }),
        fc.integer({ min: 0, max: 365 * 24 * 60 }),
        unitAndCount,
        (mode, expiryOffsetHours, minutes, { unit, count }) => {
          const now = new Date(T0 + minutes * 60_000);
          const expiry = mode === "hour" ? null : new Date(now.getTime() + expiryOffsetHours * HOUR);
          const hours = packageHours(unit, count);
          const term = renewalTerm({ billingMode: mode, packageExpiresAt: expiry, now, hours });
          const stillPaid = expiry !== null && expiry.getTime() > now.getTime();
          expect(term.fromNow).toBe(!stillPaid);
          expect(term.periodStart.getTime()).toBe(stillPaid ? expiry.getTime() : now.getTime());
          expect(term.periodEnd.getTime() - term.periodStart.getTime()).toBe(hours * HOUR);
          // No paid hour is lost, none is sold twice, and no renewal starts in the past.
          expect(term.periodStart.getTime()).toBe(Math.max(now.getTime(), expiry?.getTime() ?? 0));
        },
      ),
    );
  });

  it("refuses a renewal of no hours", () => {
    expect(() => renewalTerm({ billingMode: "day", packageExpiresAt: null, now: new Date(T0), hours: 0 })).toThrow(
      RangeError,
    );
  });
});

describe("a renewal's amount", () => {
  it("is GPU-hours × unit × the unit's discount × membership, rounded half-up once, minus a coupon never below zero", () => {
    fc.assert(
      fc.property(
        unitAndCount,
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 9_400, max: 10_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        ({ unit, count }, gpuCount, unitPriceFen, vipDiscountBp, couponFen) => {
          const plain = quotePackage({ mode: unit, units: count, gpuCount, unitPriceFen, vipDiscountBp });
          const hours = unit === "day" ? count * HOURS_PER_DAY : count * 30 * HOURS_PER_DAY;
          expect(plain.hours).toBe(hours);
          const exact =
            BigInt(unitPriceFen) *
            BigInt(gpuCount * hours) *
            BigInt(DURATION_DISCOUNT_BP[unit]) *
            BigInt(vipDiscountBp) *
            2n;
          const den = 10_000n * 10_000n * 2n;
          expect(BigInt(plain.afterDiscountsFen)).toBe((exact + den / 2n) / den);
          const withCoupon = quotePackage({
            mode: unit,
            units: count,
            gpuCount,
            unitPriceFen,
            vipDiscountBp,
            coupon: { type: 2, amountFen: couponFen },
          });
          expect(withCoupon.payFen).toBe(Math.max(0, plain.payFen - couponFen));
        },
      ),
    );
  });
});
