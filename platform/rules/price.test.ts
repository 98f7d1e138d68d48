import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DURATION_DISCOUNT_BP, quotePrice, type PriceCoupon, type PriceInput } from "./price";

const durationBp = fc.constantFrom(DURATION_DISCOUNT_BP.hour, DURATION_DISCOUNT_BP.day, DURATION_DISCOUNT_BP.month);
const vipBp = fc.constantFrom(10_000, 9_800, 9_700, 9_500, 9_400);
const coupon: fc.Arbitrary<PriceCoupon | null> = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 1, max: 9_999 }).map((discountBp) => ({ type: 1 as const, discountBp })),
  fc.integer({ min: 1, max: 10_000_000_00 }).map((amountFen) => ({ type: 2 as const, amountFen })),
);
const input = fc.record({
  unitPriceFen: fc.integer({ min: 0, max: 100_000_00 }),
  quantity: fc.integer({ min: 0, max: 10_000 }),
  durationDiscountBp: durationBp,
  vipDiscountBp: vipBp,
  coupon,
});

/**
 * The reference: the exact price as a decimal with 12 places (every factor is
 * a whole number of basis points, so 12 places hold it exactly), then rounded
 * half-up once.
 */
function referencePay(i: PriceInput): bigint {
  const SCALE = 10n ** 12n;
  let exact =
    (BigInt(i.unitPriceFen) * BigInt(i.quantity) * BigInt(i.durationDiscountBp) * BigInt(i.vipDiscountBp) * SCALE) /
    10n ** 8n;
  if (i.coupon?.type === 1) exact = (exact * BigInt(i.coupon.discountBp)) / 10_000n;
  if (i.coupon?.type === 2) exact -= BigInt(i.coupon.amountFen) * SCALE;
  if (exact < 0n) exact = 0n;
  const whole = exact / SCALE;
  return exact % SCALE >= SCALE / 2n ? whole + 1n : whole;
}

describe("quotePrice", () => {
  it("multiplies the discounts and rounds half-up once, at the end", () => {
    // 0.98 × 0.98 × 0.85 of 1.23 yuan: 1.00… exactly 1.0041… → 1.00; rounding each step would give 1.01.
    expect(
      quotePrice({
        unitPriceFen: 123,
        quantity: 1,
        durationDiscountBp: 9_800,
        vipDiscountBp: 9_800,
        coupon: { type: 1, discountBp: 8_500 },
      }),
    ).toEqual({ listFen: 123, afterDiscountsFen: 118, couponSavingFen: 18, payFen: 100 });
    expect(quotePrice({ unitPriceFen: 1_000, quantity: 3, durationDiscountBp: 9_500, vipDiscountBp: 9_400 })).toEqual({
      listFen: 3_000,
      afterDiscountsFen: 2_679,
      couponSavingFen: 0,
      payFen: 2_679,
    });
    // Half a fen rounds up: 0.5 fen → 1 fen.
    expect(quotePrice({ unitPriceFen: 1, quantity: 1, durationDiscountBp: 5_000, vipDiscountBp: 10_000 }).payFen).toBe(
      1,
    );
  });

  it("a reduction larger than the order makes it free, never negative", () => {
    expect(
      quotePrice({
        unitPriceFen: 500,
        quantity: 1,
        durationDiscountBp: 10_000,
        vipDiscountBp: 10_000,
        coupon: { type: 2, amountFen: 2_000 },
      }),
    ).toEqual({ listFen: 500, afterDiscountsFen: 500, couponSavingFen: 500, payFen: 0 });
  });

  it("refuses inputs that are not whole fen or basis points", () => {
    const base = { unitPriceFen: 100, quantity: 1, durationDiscountBp: 10_000, vipDiscountBp: 10_000 };
    expect(() => quotePrice({ ...base, unitPriceFen: 1.5 })).toThrow(RangeError);
    expect(() => quotePrice({ ...base, quantity: -1 })).toThrow(RangeError);
    expect(() => quotePrice({ ...base, vipDiscountBp: 10_001 })).toThrow(RangeError);
    expect(() => quotePrice({ ...base, coupon: { type: 2, amountFen: -1 } })).toThrow(RangeError);
  });

  it("property: stacked discounts are never negative, round once, and the figures add up", () => {
    fc.assert(
      fc.property(input, (i) => {
        const q = quotePrice(i);
        expect(q.payFen).toBeGreaterThanOrEqual(0);
        expect(q.couponSavingFen).toBeGreaterThanOrEqual(0);
        expect(q.afterDiscountsFen).toBeLessThanOrEqual(q.listFen);
        expect(q.payFen).toBeLessThanOrEqual(q.afterDiscountsFen);
        expect(q.afterDiscountsFen - q.couponSavingFen).toBe(q.payFen);
        expect(BigInt(q.payFen)).toBe(referencePay(i));
      }),
      { numRuns: 2_000 },
    );
  });
});
