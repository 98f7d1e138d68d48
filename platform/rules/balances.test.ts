import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  creditPercent,
  displayMoneyFen,
  integratedMoneyFen,
  remainCreditFen,
  subAccountCanUseFen,
  type Wallets,
} from "./balances";

const w = (moneyFen: number, creditQuotaFen = 0, powerMoneyFen = 0): Wallets => ({
  moneyFen,
  powerMoneyFen,
  creditQuotaFen,
});

/** Wallets the database allows: money >= -credit, credit and vouchers >= 0. */
const wallets = fc
  .record({
    credit: fc.nat(10_000_000),
    power: fc.nat(10_000_000),
    money: fc.integer({ min: -10_000_000, max: 10_000_000 }),
  })
  .map(({ credit, power, money }) => w(Math.max(money, -credit), credit, power));

describe("displayed balance (spec §4)", () => {
  it("with credit: money when not negative, else 0", () => {
    expect(displayMoneyFen(w(1234, 500_00))).toBe(1234);
    expect(displayMoneyFen(w(0, 500_00))).toBe(0);
    expect(displayMoneyFen(w(-300, 500_00))).toBe(0);
  });

  it("without credit: money as it is", () => {
    expect(displayMoneyFen(w(1234))).toBe(1234);
    expect(displayMoneyFen(w(-300))).toBe(-300);
  });
});

describe("remaining credit (spec §4)", () => {
  it("the whole quota while money is positive, quota plus money otherwise", () => {
    expect(remainCreditFen(w(100, 500_00))).toBe(500_00);
    expect(remainCreditFen(w(0, 500_00))).toBe(500_00);
    expect(remainCreditFen(w(-120_00, 500_00))).toBe(380_00);
    expect(remainCreditFen(w(-500_00, 500_00))).toBe(0);
  });

  it("stays between 0 and the quota for every state the database allows", () => {
    fc.assert(
      fc.property(wallets, (x) => {
        expect(remainCreditFen(x)).toBeGreaterThanOrEqual(0);
        expect(remainCreditFen(x)).toBeLessThanOrEqual(x.creditQuotaFen);
      }),
    );
  });

  it("credit percent", () => {
    expect(creditPercent(w(0, 0))).toBe(0);
    expect(creditPercent(w(-100, 0))).toBe(0);
    expect(creditPercent(w(0, 1000_00))).toBe(100);
    expect(creditPercent(w(-250_00, 1000_00))).toBe(75);
    expect(creditPercent(w(-1000_00, 1000_00))).toBe(0);
    fc.assert(
      fc.property(wallets, (x) => {
        const p = creditPercent(x);
        expect(Number.isInteger(p) && p >= 0 && p <= 100).toBe(true);
      }),
    );
  });
});

describe("integrated money (spec §4)", () => {
  it("money + vouchers + credit quota", () => {
    expect(integratedMoneyFen(w(1050, 20000, 300))).toBe(21350);
    expect(integratedMoneyFen(w(-5000, 20000, 0))).toBe(15000);
    fc.assert(
      fc.property(wallets, (x) => {
        expect(integratedMoneyFen(x)).toBe(x.moneyFen + x.powerMoneyFen + x.creditQuotaFen);
      }),
    );
  });
});

describe("sub-account available amount", () => {
  it("its unused limit, bounded by what the main account can pay", () => {
    expect(subAccountCanUseFen(500_00, 0, w(0))).toBe(0);
    expect(subAccountCanUseFen(500_00, 0, w(100_00))).toBe(100_00);
    expect(subAccountCanUseFen(500_00, 0, w(1000_00))).toBe(500_00);
    expect(subAccountCanUseFen(500_00, 120_00, w(1000_00))).toBe(380_00);
    expect(subAccountCanUseFen(500_00, 0, w(-50_00, 200_00))).toBe(150_00);
    expect(subAccountCanUseFen(500_00, 600_00, w(1000_00))).toBe(0);
  });

  it("never negative, never above the unused limit or the main account's money plus credit", () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.nat(10_000_000), wallets, (limit, used, main) => {
        const can = subAccountCanUseFen(limit, used, main);
        expect(can).toBeGreaterThanOrEqual(0);
        expect(can).toBeLessThanOrEqual(Math.max(0, limit - used));
        expect(can).toBeLessThanOrEqual(Math.max(0, main.moneyFen + main.creditQuotaFen));
      }),
    );
  });
});
