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

describe("/get_user_info derived figures", () => {
  it("equal the shared rules for any balances, negative Money with credit included", async () => {
    const user = await t.registerUser();
    await fc.assert(
      fc.asyncProperty(balances, async (b) => {
        await t.db.update(users).set(b).where(eq(users.id, user.userId));
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
      }),
      { numRuns: 40 },
    );
  });

  it("one worked example on the wire", async () => {
    const user = await t.registerUser();
    await t.db
      .update(users)
      .set({ moneyFen: -250_00, powerMoneyFen: 30_00, creditQuotaFen: 1000_00, accumulatedTopUpFen: 10_000_00 })
      .where(eq(users.id, user.userId));
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
