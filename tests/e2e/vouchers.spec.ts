/**
 * Compute vouchers and the credit quota (issue 10 §3), JavaScript on and off:
 * an account tops up through the sandbox payment page, buys a voucher offer
 * and sees its voucher balance change; the credit page shows the quota an
 * operator set with `credit set` (through the /ops door, as `npm run ops` does).
 */
import { seriousViolationsOfDocument } from "./axe";
import { expect, test } from "./fixtures/session";
import { ops } from "./ops";
import { tokenOf, topUp } from "./platform-calls";
import { DEMO_SUB } from "./support";

test("buy a voucher offer with cash: the voucher balance changes", async ({ page, login }, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  const user = await login();
  await topUp(page.request, await tokenOf(page.request, user.phone, user.password), "500");

  await page.goto("/console/powerMoney");
  await expect(page.getByTestId("power-money-balance")).toHaveText("¥0.00");
  await expect(page.getByTestId("power-money-cash")).toHaveText("¥500.00");
  await expect(page.getByTestId("power-money-introduction")).toContainText("不可抵扣欠费");
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);

  await page.getByRole("button", { name: "用余额 ¥100.00 购买算力券 ¥100.00" }).click();
  await expect(page.getByRole("status")).toContainText("购买成功，获得算力券 ¥100.00，算力券余额 ¥100.00");
  await expect(page.getByTestId("power-money-balance")).toHaveText("¥100.00");
  await expect(page.getByTestId("power-money-cash")).toHaveText("¥400.00");

  // The ¥1,000 offer is more than the cash: 可用余额少于套餐价格!, with the top-up that would do.
  await page.getByRole("button", { name: "用余额 ¥1,000.00 购买算力券 ¥1,030.00" }).click();
  await expect(page.getByRole("status")).toContainText("可用余额少于套餐价格!");
  // The fast-pay piece: the top-up dialog opens preset to the shortfall; without JavaScript, a link with it.
  await expect(page.getByTestId("fast-pay")).toContainText("可用余额少于套餐价格! 还差 ¥600.00");
  if (javaScriptEnabled) {
    const fastPay = page.getByRole("dialog", { name: "余额不足，快速充值" });
    await expect(fastPay.getByLabel("充值金额（元）")).toHaveValue("600.00");
    await fastPay.getByRole("button", { name: "关闭" }).click();
  } else {
    await expect(page.getByRole("link", { name: "立即充值 ¥600.00" })).toHaveAttribute(
      "href",
      "/console/recharge?amount=600.00",
    );
  }
  await expect(page.getByTestId("power-money-balance")).toHaveText("¥100.00");
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);
});

test("the dashboard opens the voucher dialog (a page without JavaScript)", async ({ page, login }, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  await login();
  await page.goto("/console/dashboard");
  await page
    .getByRole("button", { name: "购买算力券" })
    .or(page.getByRole("link", { name: "购买算力券" }))
    .click();
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: "算力券" });
    await expect(dialog.getByTestId("power-money-introduction")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "用余额 ¥100.00 购买算力券 ¥100.00" })).toBeVisible();
    expect(await seriousViolationsOfDocument(page, true)).toEqual([]);
    // The dialog posts the page's form: without cash it lands there with the shortfall to top up.
    await dialog.getByRole("button", { name: "用余额 ¥100.00 购买算力券 ¥100.00" }).click();
    await expect(page).toHaveURL(/\/console\/powerMoney\?shortfall=100\.00$/);
    await expect(page.getByTestId("fast-pay")).toContainText("还差 ¥100.00");
  } else {
    await expect(page).toHaveURL(/\/console\/powerMoney$/);
    await expect(page.getByTestId("power-money-offers")).toBeVisible();
  }
});

test("the credit page shows the quota an operator set", async ({ page, login }, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  const user = await login();
  await page.goto("/console/credit");
  await expect(page.getByTestId("credit-none")).toBeVisible();
  await ops(page.request, "credit set", { user: user.phone, amount: "1000" });
  await page.goto("/console/credit");
  await expect(page.getByTestId("credit-quota")).toHaveText("¥1,000.00");
  await expect(page.getByTestId("credit-used")).toHaveText("¥0.00");
  await expect(page.getByTestId("credit-remaining")).toHaveText("¥1,000.00");
  await expect(page.getByTestId("credit-percent")).toHaveText("100%");
  await expect(page.getByTestId("credit-introduction")).toContainText("充值时优先恢复已使用的授信额度");
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);
});

test("a sub-account cannot buy vouchers nor see the credit of its main account", async ({ page, login }) => {
  await login({ phone: DEMO_SUB.mainPhone, subAccountName: DEMO_SUB.name });
  const vouchers = await page.goto("/console/powerMoney");
  expect(vouchers?.status()).toBe(403);
  await expect(page.getByTestId("error-page")).toContainText("子账号不能购买算力券，请使用主账号购买");
  const credit = await page.goto("/console/credit");
  expect(credit?.status()).toBe(403);
  await expect(page.getByTestId("bar-balance")).toContainText("额度 ¥500.00");
});
