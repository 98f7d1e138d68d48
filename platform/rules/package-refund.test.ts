import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DAY_MS, planPackageRefund, refundExplanation, type PaidPeriod } from "./package-refund";
import { quotePackage } from "./rental-price";

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 2, 1);

/** A paid period as the rental records it: its quote (with or without a coupon) and a voucher/cash split. */
const period = (
  orderNo: string,
  startMs: number,
  hours: number,
  afterDiscountsFen: number,
  couponSavingFen: number,
  paidVoucherFen: number,
): PaidPeriod => {
  const amountFen = afterDiscountsFen - couponSavingFen;
  return {
    orderNo,
    periodStart: new Date(startMs),
    periodEnd: new Date(startMs + hours * HOUR),
    afterDiscountsFen,
    couponSavingFen,
    amountFen,
    paidVoucherFen: Math.min(paidVoucherFen, amountFen),
    paidCashFen: amountFen - Math.min(paidVoucherFen, amountFen),
  };
};

describe("planPackageRefund: examples", () => {
  it("10 days at ¥100 with a ¥20 coupon, ended after 2 days and 3 hours: 7 whole days, ¥70 − ¥20 = ¥50", () => {
    const paid = [period("P1", T0, 240, 100_00, 20_00, 30_00)];
    const refund = planPackageRefund(paid, new Date(T0 + 240 * HOUR), new Date(T0 + 51 * HOUR));
    expect(refund).toMatchObject({ unusedDays: 7, partDayMs: 21 * HOUR, totalFen: 50_00 });
    // ¥30 of the ¥80 was vouchers: 50 × 30/80 = 18.75 → ¥18.75 back to vouchers, ¥31.25 to cash.
    expect(refund.lines[0]).toMatchObject({
      unusedValueFen: 70_00,
      refundFen: 50_00,
      voucherFen: 18_75,
      cashFen: 31_25,
    });
    expect(refundExplanation(refund, paid)).toBe(
      "提前结束套餐：退还未用整天 7 天（不足一天的 21 小时不退）；" +
        "订单 P1：¥100.00 × 168 小时/240 小时 = ¥70.00 − 优惠券 ¥20.00，退 ¥50.00；" +
        "合计退 ¥50.00（算力券 ¥18.75，余额 ¥31.25）",
    );
  });

  it("an hour package (3 hours) ended after 1 hour refunds nothing, and says so", () => {
    const paid = [period("P1", T0, 3, 6_00, 0, 0)];
    const refund = planPackageRefund(paid, new Date(T0 + 3 * HOUR), new Date(T0 + HOUR));
    expect(refund).toMatchObject({ unusedDays: 0, partDayMs: 2 * HOUR, totalFen: 0, lines: [] });
    expect(refundExplanation(refund, paid)).toBe(
      "提前结束套餐：剩余 2 小时，不足一天，不退款（包时套餐不足一天，提前结束不退款）",
    );
  });

  it("with a renewal, the unused days are the last ones: the renewal's first, then the rental's", () => {
    const paid = [period("P1", T0, 72, 30_00, 0, 0), period("P2", T0 + 72 * HOUR, 48, 24_00, 0, 0)];
    // At hour 30 there are 90 hours left: 3 whole days = the renewal's 2 and the rental's last 1.
    const refund = planPackageRefund(paid, new Date(T0 + 120 * HOUR), new Date(T0 + 30 * HOUR));
    expect(refund.lines.map((l) => [l.orderNo, l.unusedMs / HOUR, l.refundFen])).toEqual([
      ["P1", 24, 10_00],
      ["P2", 48, 24_00],
    ]);
    expect(refund.totalFen).toBe(34_00);
  });

  it("refunds nothing when less than a whole day is left, or when the package already expired", () => {
    const paid = [period("P1", T0, 24, 50_00, 0, 0)];
    expect(planPackageRefund(paid, new Date(T0 + 24 * HOUR), new Date(T0 + 1)).totalFen).toBe(0);
    expect(planPackageRefund(paid, new Date(T0 + 24 * HOUR), new Date(T0 + 30 * HOUR))).toMatchObject({
      unusedDays: 0,
      totalFen: 0,
      lines: [],
    });
  });

  it("an hour package (shorter than a day) never refunds", () => {
    const paid = [period("P1", T0, 5, 10_00, 0, 0)];
    expect(planPackageRefund(paid, new Date(T0 + 5 * HOUR), new Date(T0)).totalFen).toBe(0);
  });
});

const arbitraryPackage = fc
  .record({
    orders: fc.array(
      fc.record({
        mode: fc.constantFrom("day" as const, "month" as const),
        units: fc.integer({ min: 1, max: 12 }),
        gpus: fc.integer({ min: 1, max: 8 }),
        unit: fc.integer({ min: 1, max: 50_00 }),
        vip: fc.constantFrom(10_000, 9_800, 9_400),
        coupon: fc.oneof(
          fc.constant(null),
          fc.integer({ min: 1, max: 9_999 }).map((discountBp) => ({ type: 1 as const, discountBp })),
          fc.integer({ min: 1, max: 5_000_00 }).map((amountFen) => ({ type: 2 as const, amountFen })),
        ),
        voucherShare: fc.double({ min: 0, max: 1, noNaN: true }),
        gapHours: fc.integer({ min: 0, max: 200 }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    nowFraction: fc.double({ min: -0.2, max: 1.2, noNaN: true }),
  })
  .map(({ orders, nowFraction }) => {
    let start = T0;
    const periods = orders.map((o, i) => {
      const quote = quotePackage({
        mode: o.mode,
        units: o.mode === "day" ? Math.min(o.units, 29) : o.units,
        gpuCount: o.gpus,
        unitPriceFen: o.unit,
        vipDiscountBp: o.vip,
        coupon: o.coupon,
      });
      start += o.gapHours * HOUR; // a renewal after expiry (in retention) starts later
      const p = period(
        `P${i}`,
        start,
        quote.hours,
        quote.afterDiscountsFen,
        quote.couponSavingFen,
        Math.floor(quote.payFen * o.voucherShare),
      );
      start = p.periodEnd.getTime();
      return p;
    });
    const now = new Date(T0 + Math.floor((start - T0) * nowFraction));
    return { periods, expiresAt: new Date(start), now };
  });

describe("planPackageRefund: properties", () => {
  it("never refunds more than each order charged, nor a wallet more than it paid", () => {
    fc.assert(
      fc.property(arbitraryPackage, ({ periods, expiresAt, now }) => {
        const refund = planPackageRefund(periods, expiresAt, now);
        for (const line of refund.lines) {
          const p = periods.find((x) => x.orderNo === line.orderNo)!;
          expect(line.voucherFen).toBeGreaterThanOrEqual(0);
          expect(line.cashFen).toBeGreaterThanOrEqual(0);
          expect(line.voucherFen).toBeLessThanOrEqual(p.paidVoucherFen);
          expect(line.cashFen).toBeLessThanOrEqual(p.paidCashFen);
          expect(line.refundFen).toBe(line.voucherFen + line.cashFen);
        }
        const paid = periods.reduce((s, p) => s + p.amountFen, 0);
        expect(refund.totalFen).toBeLessThanOrEqual(paid);
        expect(refund.totalFen).toBe(refund.voucherFen + refund.cashFen);
      }),
      { numRuns: 500 },
    );
  });

  it("refunds whole days only, of the package's last days, and never what coupons paid", () => {
    fc.assert(
      fc.property(arbitraryPackage, ({ periods, expiresAt, now }) => {
        const refund = planPackageRefund(periods, expiresAt, now);
        const left = Math.max(0, expiresAt.getTime() - now.getTime());
        expect(refund.unusedDays).toBe(Math.floor(left / DAY_MS));
        expect(refund.partDayMs).toBeLessThan(DAY_MS);
        if (refund.unusedDays > 0) expect(refund.refundFrom.getTime()).toBeGreaterThanOrEqual(now.getTime());
        else expect(refund.totalFen).toBe(0);
        expect(refund.lines.reduce((s, l) => s + l.unusedMs, 0)).toBeLessThanOrEqual(refund.unusedDays * DAY_MS);
        for (const line of refund.lines) {
          const p = periods.find((x) => x.orderNo === line.orderNo)!;
          // The value of the unused part, at the discounted price, less the whole coupon: a coupon is never paid back.
          expect(line.refundFen).toBeLessThanOrEqual(Math.max(0, line.unusedValueFen - p.couponSavingFen));
          expect(line.unusedValueFen).toBeLessThanOrEqual(p.afterDiscountsFen);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("a later end never refunds more", () => {
    fc.assert(
      fc.property(arbitraryPackage, fc.integer({ min: 0, max: 40 * DAY_MS }), ({ periods, expiresAt, now }, later) => {
        const early = planPackageRefund(periods, expiresAt, now);
        const late = planPackageRefund(periods, expiresAt, new Date(now.getTime() + later));
        expect(late.totalFen).toBeLessThanOrEqual(early.totalFen);
      }),
      { numRuns: 300 },
    );
  });
});
