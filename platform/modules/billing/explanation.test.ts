/**
 * The bill that explains itself (issue 12 §5): the expense detail lists each
 * settlement's and each package charge's explanation beside its entries, from
 * one query; the explanation's figures are the settlement's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packageExplanation, settlementExplanation } from "../../rules/bill-explanation";
import { formatMoney } from "../../rules/money";
import { quotePackage } from "../../rules/rental-price";
import { packageBreakdown } from "../instances/price";
import { exportBalanceChanges, listBalanceChanges } from "../finance/balance-changes";
import { spendForPurchase } from "../wallet/spend";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { insertInstance, newAccount } from "../../../tests/support/billing-instances";
import { settleUsage } from "./settle";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-11-24T10:30:00.000Z") });
});
afterAll(() => t.close());

const callerOf = (userId: number) => ({ userId, subAccountId: null, sessionId: 0, origin: { ip: null } });
const everything = { kind: null, wallet: null, range: { from: null, until: null } };

describe("the expense detail's explanations", () => {
  it("explain settlements (both wallets' entries) and package charges; other entries have none", async () => {
    const userId = await newAccount(t.db);
    await t.setWallets(userId, { cashFen: 100_00, voucherFen: 1_00 });
    const inst = await insertInstance(
      t.db,
      { userId, unitPriceFen: 198, vipDiscountBp: 9_800, billedUntil: new Date("2026-11-24T09:00:00.000Z") },
      t.clock.now(),
    );
    await settleUsage(t.db, { upTo: new Date("2026-11-24T10:00:00.000Z"), now: t.clock.now() });
    const quote = quotePackage({ mode: "day", units: 1, gpuCount: 1, unitPriceFen: 198, vipDiscountBp: 9_800 });
    await spendForPurchase(t.ctx, callerOf(userId), {
      operationKey: "rent-day-1",
      kind: "rental",
      refersTo: `instance:${inst.uuid}`,
      priceFen: quote.payFen,
      detail: { ...quote },
      allowVouchers: true,
      allowCredit: true,
    });

    const page = await listBalanceChanges(t.ctx, callerOf(userId), { page: 1, pageSize: 20, ...everything });
    const [pkgCash, settleCash, settleVoucher, ...rest] = page.items;
    const settlement = "3600 秒 × 1 卡 × ¥1.98/卡·时 × 会员 0.98 = ¥1.94；算力券 ¥1.00，余额 ¥0.94";
    expect(settleVoucher).toMatchObject({ wallet: "voucher", amountFen: -100, explanation: settlement });
    expect(settleCash).toMatchObject({ wallet: "cash", amountFen: -94, explanation: settlement });
    expect(pkgCash!.explanation).toBe(
      `1 天（24 小时）× 1 卡 × ¥1.98/卡·时 × 时长 0.98 × 会员 0.98 = ¥${(quote.payFen / 100).toFixed(2)}；算力券 ¥0.00，余额 ¥${(quote.payFen / 100).toFixed(2)}`,
    );
    expect(rest.every((e) => e.explanation === null)).toBe(true);
    expect(page.total).toBe(page.items.length);

    const exported = await exportBalanceChanges(t.ctx, callerOf(userId), { ...everything, limit: 100 });
    expect(exported.entries.map((e) => e.explanation)).toEqual(page.items.map((e) => e.explanation));
  });

  it("words a coupon and an uncollected remainder", () => {
    expect(
      settlementExplanation({
        seconds: 1800,
        gpuCount: 2,
        unitPriceFen: 588,
        durationDiscountBp: 10_000,
        vipDiscountBp: 9_850,
        amountDueFen: 579,
        voucherFen: 0,
        cashFen: 500,
        uncollectedFen: 79,
      }),
    ).toBe("1800 秒 × 2 卡 × ¥5.88/卡·时 × 会员 0.985 = ¥5.79；算力券 ¥0.00，余额 ¥5.00；余额不足未收 ¥0.79");
    const quote = quotePackage({
      mode: "month",
      units: 1,
      gpuCount: 1,
      unitPriceFen: 198,
      vipDiscountBp: 10_000,
      coupon: { type: 2, amountFen: 10_00 },
    });
    expect(packageExplanation({ quote }, 0, quote.payFen)).toBe(
      `1 个月（720 小时）× 1 卡 × ¥1.98/卡·时 × 时长 0.95 = ${formatMoney(quote.afterDiscountsFen)} − 优惠券 ¥10.00 = ${formatMoney(quote.payFen)}；算力券 ¥0.00，余额 ${formatMoney(quote.payFen)}`,
    );
    expect(packageExplanation({ offerId: 3 }, 0, 100)).toBeNull();
  });

  it("explains a rental's order as the rental writes it (its PriceBreakdown under `price`)", () => {
    // Issue 33 §3: the expense detail's 计费说明 was empty for every package rental.
    const price = packageBreakdown({
      mode: "day",
      units: 1,
      gpuCount: 1,
      unitPriceFen: 198,
      vipDiscountBp: 10_000,
      coupon: null,
    });
    const detail = { price, periodStart: "2026-11-01T00:00:00Z", periodEnd: "2026-11-02T00:00:00Z" };
    expect(packageExplanation(detail, 0, price.amountFen)).toBe(
      `1 天（24 小时）× 1 卡 × ¥1.98/卡·时 × 时长 0.98 = ${formatMoney(price.amountFen)}；算力券 ¥0.00，余额 ${formatMoney(price.amountFen)}`,
    );
  });
});
