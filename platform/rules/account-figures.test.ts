/**
 * Issue 10 §6: the derived figures match the rules of spec §4 and §9 for any
 * balances the database allows (Money down to −quota), restated here in yuan.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mainAccountFigures, type MainAccountBalances } from "./account-figures";
import { canStartRental } from "./balances";

const balances: fc.Arbitrary<MainAccountBalances> = fc
  .record({
    quota: fc.oneof(fc.constant(0), fc.nat(100_000_000)),
    power: fc.nat(100_000_000),
    money: fc.integer({ min: -100_000_000, max: 100_000_000 }),
    accumulated: fc.oneof(fc.nat(5_000_000_00), fc.constantFrom(99_99, 100_00, 1_500_00, 10_000_00, 20_000_00)),
  })
  .map(({ quota, power, money, accumulated }) => ({
    moneyFen: Math.max(money, -quota),
    powerMoneyFen: power,
    creditQuotaFen: quota,
    accumulatedTopUpFen: accumulated,
  }));

const yuan = (fen: number) => fen / 100;
const round2 = (x: number) => Math.round(x * 100) / 100;

describe("derived figures (spec §3, §4)", () => {
  it("match the rules for any balances, negative Money with credit included", () => {
    fc.assert(
      fc.property(balances, (b) => {
        const f = mainAccountFigures(b);
        const money = yuan(b.moneyFen);
        const quota = yuan(b.creditQuotaFen);
        const power = yuan(b.powerMoneyFen);
        expect(yuan(f.displayMoneyFen)).toBe(quota > 0 ? (money >= 0 ? money : 0) : money);
        expect(round2(yuan(f.integratedMoneyFen))).toBe(round2(round2(money) + round2(power) + round2(quota)));
        expect(yuan(f.remainCreditFen)).toBe(money > 0 ? quota : round2(quota + money));
        expect(f.usedCreditFen).toBe(b.creditQuotaFen - f.remainCreditFen);
        expect(f.creditPercent).toBe(quota > 0 ? Math.round((f.remainCreditFen * 100) / b.creditQuotaFen) : 0);
        expect(canStartRental(b)).toBe(b.moneyFen + b.creditQuotaFen > 0);
      }),
    );
  });

  it("membership: level, discount, next threshold and experience percent", () => {
    const thresholds = [100, 1500, 10000, 20000];
    const discounts = [1.0, 0.98, 0.97, 0.95, 0.94];
    const next = [100, 1500, 10000, 20000, 20000];
    fc.assert(
      fc.property(balances, (b) => {
        const f = mainAccountFigures(b);
        const accumulated = yuan(b.accumulatedTopUpFen);
        const level = thresholds.filter((t) => accumulated >= t).length;
        expect(f.vipLevel).toBe(level);
        expect(f.vipDiscount).toBe(discounts[level]);
        expect(f.nextLevelThresholdYuan).toBe(next[level]);
        expect(f.vipScore).toBe(Math.floor(accumulated));
        expect(f.experiencePercent).toBe(Math.min(100, Math.floor((f.vipScore * 100) / next[level]!)));
      }),
    );
  });

  it("examples", () => {
    expect(
      mainAccountFigures({
        moneyFen: -250_00,
        powerMoneyFen: 30_00,
        creditQuotaFen: 1000_00,
        accumulatedTopUpFen: 750_00,
      }),
    ).toEqual({
      displayMoneyFen: 0,
      integratedMoneyFen: 780_00,
      remainCreditFen: 750_00,
      usedCreditFen: 250_00,
      creditPercent: 75,
      vipLevel: 1,
      vipScore: 750,
      vipDiscount: 0.98,
      nextLevelThresholdYuan: 1500,
      experiencePercent: 50,
      yuanToNextLevel: 750,
    });
  });
});
