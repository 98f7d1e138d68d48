import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Wallets } from "./balances";
import { planPurchasePayment } from "./purchase-payment";

const w = (moneyFen: number, creditQuotaFen = 0, powerMoneyFen = 0): Wallets => ({
  moneyFen,
  powerMoneyFen,
  creditQuotaFen,
});
const wallets = fc
  .record({
    quota: fc.nat(1_000_000),
    power: fc.nat(1_000_000),
    money: fc.integer({ min: -1_000_000, max: 1_000_000 }),
  })
  .map(({ quota, power, money }) => w(Math.max(money, -quota), quota, power));
const options = fc.record({ allowVouchers: fc.boolean(), allowCredit: fc.boolean() });
const all = { allowVouchers: true, allowCredit: true };

describe("paying a purchase (issue 10 §3, spec §9)", () => {
  it("vouchers first, then cash, then credit", () => {
    expect(planPurchasePayment(w(50_00, 0, 30_00), 40_00, all)).toEqual({
      ok: true,
      voucherFen: 30_00,
      cashFen: 10_00,
    });
    expect(planPurchasePayment(w(5_00, 100_00), 40_00, all)).toEqual({ ok: true, voucherFen: 0, cashFen: 40_00 });
    expect(planPurchasePayment(w(5_00, 100_00), 40_00, { allowVouchers: true, allowCredit: false })).toEqual({
      ok: false,
      shortfallFen: 35_00,
    });
    expect(planPurchasePayment(w(50_00, 0, 30_00), 40_00, { allowVouchers: false, allowCredit: true })).toEqual({
      ok: true,
      voucherFen: 0,
      cashFen: 40_00,
    });
  });

  it("vouchers never pay arrears: with Money negative they pay the price and the arrears stay", () => {
    expect(planPurchasePayment(w(-20_00, 100_00, 30_00), 10_00, all)).toEqual({
      ok: true,
      voucherFen: 10_00,
      cashFen: 0,
    });
  });

  it("nothing is bought while balance plus available credit is ≤ 0, whatever the vouchers", () => {
    expect(planPurchasePayment(w(-100_00, 100_00, 500_00), 10_00, all)).toEqual({ ok: false, shortfallFen: 1 });
    expect(planPurchasePayment(w(0, 0, 500_00), 10_00, all)).toEqual({ ok: false, shortfallFen: 1 });
  });

  it("for any wallets: the parts add up to the price, stay within the wallets, and a shortfall top-up makes it pass", () => {
    fc.assert(
      fc.property(wallets, fc.nat(2_000_000), options, (x, price, opts) => {
        const plan = planPurchasePayment(x, price, opts);
        if (plan.ok) {
          expect(plan.voucherFen + plan.cashFen).toBe(price);
          expect(plan.voucherFen).toBeLessThanOrEqual(opts.allowVouchers ? x.powerMoneyFen : 0);
          const after = x.moneyFen - plan.cashFen;
          expect(after).toBeGreaterThanOrEqual(opts.allowCredit ? -x.creditQuotaFen : Math.min(0, x.moneyFen));
          expect(x.moneyFen + x.creditQuotaFen).toBeGreaterThan(0);
          if (opts.allowVouchers) expect(plan.cashFen).toBe(Math.max(0, price - x.powerMoneyFen));
        } else {
          expect(plan.shortfallFen).toBeGreaterThan(0);
          // A top-up first restores credit, then adds to Money: either way Money rises by the amount.
          const topped = w(x.moneyFen + plan.shortfallFen, x.creditQuotaFen, x.powerMoneyFen);
          expect(planPurchasePayment(topped, price, opts).ok).toBe(true);
          if (plan.shortfallFen > 1) {
            const less = w(x.moneyFen + plan.shortfallFen - 1, x.creditQuotaFen, x.powerMoneyFen);
            expect(planPurchasePayment(less, price, opts).ok).toBe(false);
          }
        }
      }),
    );
  });
});
