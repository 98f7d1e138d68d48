import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  commissionOn,
  lastSettleableMonth,
  maskPhone,
  monthOf,
  settleMonths,
  settlesAt,
  tierOf,
  touchBinds,
} from "./partner-commission";

const month = fc.record({ spendFen: fc.nat(20_000_000), refundFen: fc.nat(20_000_000) });

describe("partner commission", () => {
  it("tiers by the month's net spending", () => {
    expect(tierOf(-5).rateBp).toBe(500);
    expect(tierOf(999_999).rateBp).toBe(500);
    expect(tierOf(1_000_000).rateBp).toBe(800);
    expect(tierOf(5_000_000).rateBp).toBe(1000);
    expect(commissionOn(12_345, 500)).toBe(617);
  });

  it("over random histories: never negative, the formula, and refunds clawed back at most what was earned", () => {
    fc.assert(
      fc.property(fc.array(month, { maxLength: 24 }), (months) => {
        const settled = settleMonths(months);
        let carry = 0;
        let total = 0;
        settled.forEach((s, i) => {
          const net = months[i]!.spendFen - months[i]!.refundFen;
          const base = net + carry;
          expect(s.commissionFen).toBeGreaterThanOrEqual(0);
          expect(s.carryFen).toBeLessThanOrEqual(0);
          expect(s.commissionFen).toBe(base > 0 ? Math.floor((base * tierOf(net).rateBp) / 10_000) : 0);
          carry = base > 0 ? 0 : base;
          total += s.commissionFen;
        });
        const gross = months.reduce((sum, m) => sum + m.spendFen, 0);
        expect(total).toBeLessThanOrEqual(Math.floor(gross * 0.1));
      }),
    );
  });

  it("a refund in a later month claws back from that month's commission", () => {
    const [a, b] = settleMonths([
      { spendFen: 100_000, refundFen: 0 },
      { spendFen: 50_000, refundFen: 80_000 },
    ]);
    expect(a!.commissionFen).toBe(5_000);
    expect(b!.commissionFen).toBe(0);
    expect(b!.carryFen).toBe(-30_000);
  });

  it("months and the holding period in Beijing time", () => {
    expect(monthOf(new Date("2026-11-30T16:00:00Z"))).toBe("2026-12");
    expect(settlesAt("2026-11").toISOString()).toBe("2026-12-15T16:00:00.000Z");
    expect(lastSettleableMonth(new Date("2026-12-15T16:00:00Z"))).toBe("2026-11");
    expect(lastSettleableMonth(new Date("2026-12-15T15:59:59Z"))).toBe("2026-10");
    expect(lastSettleableMonth(new Date("2027-01-20T00:00:00Z"))).toBe("2026-12");
  });

  it("first touch binds for 30 days; phones are masked", () => {
    const t = new Date("2026-01-01T00:00:00Z");
    expect(touchBinds(t, new Date("2026-01-31T00:00:00Z"))).toBe(true);
    expect(touchBinds(t, new Date("2026-01-31T00:00:01Z"))).toBe(false);
    expect(maskPhone("13812341234")).toBe("138****1234");
  });
});
