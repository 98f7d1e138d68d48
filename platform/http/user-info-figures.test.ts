/**
 * /get_user_info's derived figures (issue 10 §1): for any balances a main
 * account may hold (Money down to −quota), the wire carries exactly what the
 * shared rules compute, in yuan; a sub-account gets them as null.
 */
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema";
import { mainAccountFigures } from "../rules/account-figures";
import { fenToYuan } from "../rules/money";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";
import { DEMO } from "../db/seed";
import { ledgerSums, postToLedger } from "../modules/wallet/ledger";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const balances = fc
  .record({
    quota: fc.oneof(fc.constant(0), fc.nat(10_000_000)),
    power: fc.nat(10_000_000),
    money: fc.integer({ min: -10_000_000, max: 10_000_000 }),
    accumulated: fc.nat(3_000_000_00),
  })
  .map(({ quota, power, money, accumulated }) => ({
    moneyFen: Math.max(money, -quota),
    powerMoneyFen: power,
    creditQuotaFen: quota,
    accumulatedTopUpFen: accumulated,
  }));

type Balances = { moneyFen: number; powerMoneyFen: number; creditQuotaFen: number; accumulatedTopUpFen: number };

let step = 0;

/**
 * Moves an account from `from` to `to` through the ledger, in one posting: the
 * top-up that raises the cumulative top-up, the credit and voucher changes,
 * and a cash adjustment for the rest (only the final state must be allowed).
 */
async function moveTo(userId: number, from: Balances, to: Balances) {
  const topUp = to.accumulatedTopUpFen - from.accumulatedTopUpFen;
  const movements = [
    { wallet: "cash", kind: "top_up", amountFen: topUp },
    { wallet: "credit", kind: "credit", amountFen: to.creditQuotaFen - from.creditQuotaFen },
    { wallet: "voucher", kind: "voucher", amountFen: to.powerMoneyFen - from.powerMoneyFen },
    { wallet: "cash", kind: "adjustment", amountFen: to.moneyFen - from.moneyFen - topUp },
  ] as const;
  const moving = movements.filter((m) => m.amountFen !== 0);
  if (moving.length === 0) return;
  await postToLedger(t.ctx, {
    userId,
    operationKey: `figures-${++step}`,
    refersTo: "test:figures",
    movements: moving.map((m) => ({ ...m })),
  });
}

describe("/get_user_info derived figures", () => {
  it("equal the shared rules for any balances, negative Money with credit included", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(balances, { minLength: 1, maxLength: 12 }), async (states) => {
        // The cumulative top-up only grows: visit the states in its order.
        states.sort((a, b) => a.accumulatedTopUpFen - b.accumulatedTopUpFen);
        const user = await t.registerUser();
        let current: Balances = { moneyFen: 0, powerMoneyFen: 0, creditQuotaFen: 0, accumulatedTopUpFen: 0 };
        for (const b of states) {
          await moveTo(user.userId, current, b);
          current = b;
          const { data } = (await t.post("/get_user_info", { session: user.token })).body;
          const f = mainAccountFigures(b);
          expect(data).toMatchObject({
            Money: fenToYuan(b.moneyFen),
            displayMoney: fenToYuan(f.displayMoneyFen),
            integratedMoney: fenToYuan(f.integratedMoneyFen),
            remainCreditMoney: fenToYuan(f.remainCreditFen),
            creditPercent: f.creditPercent,
            VipLevel: f.vipLevel,
            userVipInfo: {
              vip_score: f.vipScore,
              vip_discount: f.vipDiscount,
              next_level_threshold: f.nextLevelThresholdYuan,
              experience_percent: f.experiencePercent,
            },
          });
        }
        // The balances on the account row equal the sums of its entries.
        const [row] = await t.db
          .select({ cash: users.moneyFen, voucher: users.powerMoneyFen, credit: users.creditQuotaFen })
          .from(users)
          .where(eq(users.id, user.userId));
        expect(row).toEqual(await ledgerSums(t.ctx, user.userId));
      }),
      { numRuns: 6 },
    );
  });

  it("one worked example on the wire", async () => {
    const user = await t.registerUser();
    await moveTo(
      user.userId,
      { moneyFen: 0, powerMoneyFen: 0, creditQuotaFen: 0, accumulatedTopUpFen: 0 },
      { moneyFen: -250_00, powerMoneyFen: 30_00, creditQuotaFen: 1000_00, accumulatedTopUpFen: 10_000_00 },
    );
    const { data } = (await t.post("/get_user_info", { session: user.token })).body;
    expect(data).toMatchObject({
      displayMoney: "0.00",
      integratedMoney: "780.00",
      remainCreditMoney: "750.00",
      creditPercent: 75,
      VipLevel: 3,
      userVipInfo: { vip_score: 10000, vip_discount: 0.95, next_level_threshold: 20000, experience_percent: 50 },
    });
  });

  it("a sub-account gets none of them", async () => {
    const token = (
      await t.post("/sub_account_login", {
        phone: DEMO.phone,
        name: DEMO.subAccount.name,
        password: DEMO.subAccount.password,
      })
    ).body.data.token as string;
    const { data } = (await t.post("/get_user_info", { session: token })).body;
    expect(data).toMatchObject({
      displayMoney: null,
      integratedMoney: null,
      remainCreditMoney: null,
      creditPercent: null,
      userVipInfo: null,
    });
  });
});
