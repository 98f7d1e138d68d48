import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { downgradeRefundStands, quotePackageDowngrade, quotePackageUpgrade, type ResizeBasis } from "./instance-resize";
import {
  DAY_MS,
  planPackageRefund,
  refundableOf,
  refundExplanation,
  splitDowngradeRefund,
  type PaidPeriod,
} from "./package-refund";
import { quotePackage } from "./rental-price";

/* A package downgrade's refund (decision 095): the upgrade's charge mirrored, within what was paid. */

const T0 = Date.UTC(2026, 2, 1);
const S = 1000;

/** A day package of `gpus` GPUs for `days` days from T0, paid `voucherFen` of it by vouchers (no coupon). */
function rental(gpus: number, days: number, unitPriceFen: number, vipDiscountBp: number, voucherShare: number) {
  const q = quotePackage({ mode: "day", units: days, gpuCount: gpus, unitPriceFen, vipDiscountBp });
  const voucher = Math.floor(q.payFen * voucherShare);
  const period: PaidPeriod = {
    orderNo: "P1",
    periodStart: new Date(T0),
    periodEnd: new Date(T0 + days * DAY_MS),
    afterDiscountsFen: q.afterDiscountsFen,
    couponSavingFen: 0,
    amountFen: q.payFen,
    paidVoucherFen: voucher,
    paidCashFen: q.payFen - voucher,
  };
  const basis: ResizeBasis = {
    billingMode: "day",
    gpuCount: gpus,
    unitPriceFen,
    durationDiscountBp: q.durationDiscountBp,
    vipDiscountBp,
  };
  return { period, basis, expiresAt: new Date(T0 + days * DAY_MS) };
}

/** The downgrade as the module records it: a negative period [now, expiry) with the refund's split. */
function downgradePeriod(refund: { voucherFen: number; cashFen: number }, nowMs: number, expiresAt: Date): PaidPeriod {
  const total = refund.voucherFen + refund.cashFen;
  return {
    orderNo: "D1",
    periodStart: new Date(nowMs),
    periodEnd: expiresAt,
    afterDiscountsFen: -total,
    couponSavingFen: 0,
    amountFen: -total,
    paidVoucherFen: -refund.voucherFen,
    paidCashFen: -refund.cashFen,
  };
}

const refundOf = (q: ReturnType<typeof quotePackageDowngrade>) => (q.kind === "package_downgrade" ? q.refundFen : -1);
const seconds = (nowMs: number, expiresAt: Date) => Math.floor((expiresAt.getTime() - nowMs) / 1000);

const pkg = fc.record({
  gpus: fc.integer({ min: 2, max: 8 }),
  days: fc.integer({ min: 1, max: 29 }),
  unit: fc.integer({ min: 1, max: 2_000_00 }),
  vip: fc.constantFrom(10_000, 9_800, 9_500, 9_400),
  voucherShare: fc.constantFrom(0, 0.3, 0.5, 1),
});

describe("a package downgrade's refund", () => {
  it("never exceeds what the instance's orders paid, per wallet and in total", () => {
    fc.assert(
      fc.property(pkg, fc.integer({ min: 1, max: 7 }), fc.double({ min: 0, max: 1, noNaN: true }), (p, m, at) => {
        fc.pre(m < p.gpus);
        const r = rental(p.gpus, p.days, p.unit, p.vip, p.voucherShare);
        const nowMs = T0 + Math.floor((at * p.days * DAY_MS) / S) * S;
        const left = refundableOf([r.period]);
        const q = quotePackageDowngrade(r.basis, m, seconds(nowMs, r.expiresAt), left.totalFen);
        const split = splitDowngradeRefund(refundOf(q), [r.period]);
        expect(refundOf(q)).toBeLessThanOrEqual(r.period.amountFen);
        expect(split.voucherFen).toBeGreaterThanOrEqual(0);
        expect(split.cashFen).toBeGreaterThanOrEqual(0);
        expect(split.voucherFen).toBeLessThanOrEqual(r.period.paidVoucherFen);
        expect(split.cashFen).toBeLessThanOrEqual(r.period.paidCashFen);
      }),
      { numRuns: 500 },
    );
  });

  it("is capped at what is left: a package paid almost wholly by a coupon gives back at most what was paid", () => {
    const r = rental(2, 10, 100_00, 10_000, 0);
    const q = quotePackageDowngrade(r.basis, 1, 10 * 86_400, 5_00);
    expect(q).toMatchObject({ kind: "package_downgrade", removedGpus: 1, refundFen: 5_00 });
    expect(q.explanation).toContain("以实例订单已付未退的 ¥5.00 为限");
  });

  it("after an upgrade at the same second, gives the upgrade's charge back within a fen (1 → 2 → 1)", () => {
    fc.assert(
      fc.property(pkg, fc.double({ min: 0, max: 1, noNaN: true }), (p, at) => {
        const r = rental(1, p.days, p.unit, p.vip, p.voucherShare);
        const nowMs = T0 + Math.floor((at * p.days * DAY_MS) / S) * S;
        const s = seconds(nowMs, r.expiresAt);
        const up = quotePackageUpgrade(r.basis, 2, s);
        const charge = up.kind === "package_upgrade" ? up.chargeFen : -1;
        const upgrade: PaidPeriod = {
          orderNo: "P2",
          periodStart: new Date(nowMs),
          periodEnd: r.expiresAt,
          afterDiscountsFen: charge,
          couponSavingFen: 0,
          amountFen: charge,
          paidVoucherFen: 0,
          paidCashFen: charge,
        };
        const down = quotePackageDowngrade(
          { ...r.basis, gpuCount: 2 },
          1,
          s,
          refundableOf([r.period, upgrade]).totalFen,
        );
        expect(Math.abs(refundOf(down) - charge)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 500 },
    );
  });

  it("then stop with refund: the total back is at most what was paid, and that of an m-GPU package within fens", () => {
    fc.assert(
      fc.property(
        pkg,
        fc.integer({ min: 1, max: 7 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (p, m, at, later) => {
          fc.pre(m < p.gpus);
          const r = rental(p.gpus, p.days, p.unit, p.vip, p.voucherShare);
          const downMs = T0 + Math.floor((at * p.days * DAY_MS) / S) * S;
          const stopMs = downMs + Math.floor((later * (r.expiresAt.getTime() - downMs)) / S) * S;
          const q = quotePackageDowngrade(r.basis, m, seconds(downMs, r.expiresAt), r.period.amountFen);
          const split = splitDowngradeRefund(refundOf(q), [r.period]);
          const periods = [r.period, downgradePeriod(split, downMs, r.expiresAt)];
          const stop = planPackageRefund(periods, r.expiresAt, new Date(stopMs));
          expect(stop.voucherFen + split.voucherFen).toBeLessThanOrEqual(r.period.paidVoucherFen);
          expect(stop.cashFen + split.cashFen).toBeLessThanOrEqual(r.period.paidCashFen);
          const small = rental(m, p.days, p.unit, p.vip, p.voucherShare);
          const asIfSmall = planPackageRefund([small.period], small.expiresAt, new Date(stopMs));
          expect(Math.abs(stop.totalFen - asIfSmall.totalFen)).toBeLessThanOrEqual(3);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("explains the stop refund's taken-back share", () => {
    const r = rental(2, 10, 100_00, 10_000, 0);
    // 1 GPU removed with 8 days left: 8 × 24 h × ¥100 × 0.98 = ¥18,816.00 back.
    const downMs = T0 + 2 * DAY_MS;
    const q = quotePackageDowngrade(r.basis, 1, 8 * 86_400, r.period.amountFen);
    expect(refundOf(q)).toBe(18_816_00);
    const periods = [r.period, downgradePeriod(splitDowngradeRefund(refundOf(q), [r.period]), downMs, r.expiresAt)];
    const stop = planPackageRefund(periods, r.expiresAt, new Date(T0 + 5 * DAY_MS));
    // 5 days left: 2 GPUs' ¥47,040 × 120/240 h = ¥23,520, minus the removed GPU's ¥18,816 × 120/192 h = ¥11,760.
    expect(stop.totalFen).toBe(11_760_00);
    expect(refundExplanation(stop, periods)).toBe(
      "提前结束套餐：退还未用整天 5 天；订单 P1：¥47,040.00 × 120 小时/240 小时 = ¥23,520.00，退 ¥23,520.00；" +
        "降配 D1 已退 ¥18,816.00 × 120 小时/192 小时 = ¥11,760.00，扣回 ¥11,760.00；合计退 ¥11,760.00（算力券 ¥0.00，余额 ¥11,760.00）",
    );
  });
});

describe("a downgrade's confirmation", () => {
  const basis: ResizeBasis = {
    billingMode: "day",
    gpuCount: 2,
    unitPriceFen: 3_600,
    durationDiscountBp: 10_000,
    vipDiscountBp: 10_000,
  };
  // One GPU at ¥36/h is 1 fen a second: 600 s of the confirmation's life are ¥6.00.
  const quoteAt = (s: number) => quotePackageDowngrade(basis, 1, s, Number.MAX_SAFE_INTEGER);

  it("stands while the refund is at most what was shown and at most 10 minutes' worth less", () => {
    const shown = refundOf(quoteAt(86_400));
    expect(downgradeRefundStands(basis, quoteAt(86_400), shown)).toBe(true);
    expect(downgradeRefundStands(basis, quoteAt(86_400 - 600), shown)).toBe(true);
    expect(downgradeRefundStands(basis, quoteAt(86_400 - 602), shown)).toBe(false);
    expect(downgradeRefundStands(basis, quoteAt(86_400), shown - 1)).toBe(false);
  });

  it("does not stand for a refund shown when there is none now (an upgrade, or the same count)", () => {
    expect(downgradeRefundStands(basis, quotePackageUpgrade(basis, 3, 86_400), 1)).toBe(false);
    expect(downgradeRefundStands(basis, quotePackageUpgrade(basis, 3, 86_400), 0)).toBe(true);
  });
});
