/**
 * Top-up (issue 10 §2), JavaScript on and off: the recharge page, the QR
 * payment (a dialog with JavaScript, /console/pay without), the sandbox payment
 * page opened from the QR as a phone would, 支付成功 with the new balance and
 * tier, an invalid amount, an expired QR, and a corporate transfer confirmed by
 * an operator with `npm run ops`.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "./fixtures/session";
import { readQrCode } from "./qr-code";
import { seriousViolationsOfDocument } from "./axe";

const run = promisify(execFile);

test("top up 100 by WeChat: scan, confirm on the sandbox page, 支付成功, balance 100.00 and 铜牌会员", async ({
  page,
  context,
  login,
  javaScriptEnabled,
}) => {
  await login();
  await page.goto("/console/recharge");
  await expect(page.getByLabel("充值金额（元）")).toHaveValue("100");
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);
  await page.getByLabel("微信支付").check();
  await page.getByRole("button", { name: "立即充值" }).click();

  const qr = page.getByRole("img", { name: "微信支付付款二维码" });
  await expect(qr).toBeVisible();
  const url = await readQrCode(qr);
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sandbox\/pay\/\d{24}$/);

  // The payer's phone opens the QR's address and confirms.
  const phone = await context.newPage();
  await phone.goto(url);
  await expect(phone.getByText("¥100.00")).toBeVisible();
  await phone.getByRole("button", { name: "确认支付" }).click();
  await expect(phone.getByRole("heading", { name: "支付成功" })).toBeVisible();
  await phone.close();

  // Polling every 2 s with JavaScript; the page's own refresh every 2 s without.
  const result = page.getByTestId("payment-result");
  await expect(result).toContainText("支付成功", { timeout: 10_000 });
  await expect(result).toContainText("当前余额 ¥100.00");
  await expect(result).toContainText("铜牌会员");
  await expect(page.getByTestId("bar-balance")).toContainText("余额 ¥100.00");
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);
});

test("an invalid amount shows 输入金额不合法 next to the field and creates nothing", async ({ page, login }) => {
  await login();
  await page.goto("/console/recharge");
  await page.getByLabel("充值金额（元）").fill("12.345");
  await page.getByRole("button", { name: "立即充值" }).click();
  await expect(page.getByText("输入金额不合法")).toBeVisible();
  await expect(page.getByRole("img", { name: /付款二维码/ })).toHaveCount(0);
  await expect(page).toHaveURL(/\/console\/recharge/);
});

test("a well-formed amount above the single top-up maximum says so next to the field, and keeps what was typed", async ({
  page,
  login,
}) => {
  await login();
  await page.goto("/console/recharge");
  const amount = "12345678901234567890"; // 20 digits: the spec's format allows up to 50
  await page.getByLabel("充值金额（元）").fill(amount);
  await page.getByRole("button", { name: "立即充值" }).click();
  await expect(page.getByLabel("充值金额（元）")).toHaveAccessibleDescription("单次充值金额不能超过 ¥1,000,000.00");
  await expect(page.getByText("输入金额不合法")).toHaveCount(0);
  await expect(page.getByLabel("充值金额（元）")).toHaveValue(amount);
  await expect(page.getByRole("img", { name: /付款二维码/ })).toHaveCount(0);
});

test("a preset fills the amount in", async ({ page, login }) => {
  await login();
  await page.goto("/console/recharge");
  await page.getByRole("group", { name: "常用金额" }).getByText("¥1,500.00").click();
  await expect(page.getByLabel("充值金额（元）")).toHaveValue("1500");
});

test("an expired QR says so and offers a new one", async ({ page, context, login }) => {
  await login();
  await page.goto("/console/recharge");
  await page.getByLabel("充值金额（元）").fill("20");
  await page.getByLabel("支付宝").check();
  await page.getByRole("button", { name: "立即充值" }).click();
  const qr = page.getByRole("img", { name: "支付宝付款二维码" });
  const first = await readQrCode(qr);

  const tester = await context.newPage();
  await tester.goto(first);
  await tester.getByRole("button", { name: "模拟二维码过期" }).click();
  await expect(tester.getByRole("heading", { name: "二维码已过期" })).toBeVisible();
  await tester.close();

  await expect(page.getByText("二维码已过期")).toBeVisible({ timeout: 10_000 });
  await page.getByRole("button", { name: "重新生成二维码" }).click();
  const renewed = page.getByRole("img", { name: "支付宝付款二维码" });
  await expect(renewed).toBeVisible();
  const second = await readQrCode(renewed);
  expect(second).not.toBe(first);
  // The new order's own page, with its amount beside its QR.
  await expect(page).toHaveURL(/\/console\/pay\?out_trade_no=/);
  await expect(page.getByText(/请使用支付宝扫码支付\s*¥20\.00/)).toBeVisible();
});

test("a corporate transfer shows the bank details and is credited after npm run ops confirms it", async ({
  page,
  login,
  baseURL,
}) => {
  await login();
  await page.goto("/console/recharge");
  await page.getByLabel("充值金额（元）").fill("2,000");
  await page.getByLabel("对公转账").check();
  await page.getByRole("button", { name: "立即充值" }).click();
  const instructions = page.getByTestId("transfer-instructions");
  await expect(instructions).toContainText("收款账号");
  await expect(instructions).toContainText("等待财务确认到账");
  const outTradeNo = (await page.getByTestId("transfer-note").textContent())!.trim();
  expect(outTradeNo).toMatch(/^\d{24}$/);

  const { stdout } = await run(
    "npm",
    ["run", "--silent", "ops", "--", "transfer", "confirm", "--out-trade-no", outTradeNo, "--amount", "2000"],
    { env: { ...process.env, OPS_URL: baseURL, DATA_DIR: process.env.E2E_DATA_DIR, OPS_ACTOR: "e2e-finance" } },
  );
  expect(stdout).toContain("credited 2000.00 yuan");

  await page.goto(`/console/pay?out_trade_no=${outTradeNo}`);
  await expect(page.getByTestId("payment-result")).toContainText("支付成功");
  await expect(page.getByTestId("payment-result")).toContainText("银牌会员");
  await expect(page.getByTestId("bar-balance")).toContainText("余额 ¥2,000.00");
});

test("another user's order is not found", async ({ page, login, browser, baseURL }) => {
  await login();
  await page.goto("/console/recharge");
  await page.getByLabel("对公转账").check();
  await page.getByRole("button", { name: "立即充值" }).click();
  const outTradeNo = (await page.getByTestId("transfer-note").textContent())!.trim();

  const other = await browser.newContext({ baseURL });
  const { signIn } = await import("./fixtures/session");
  await signIn(other, baseURL!);
  const stranger = await other.newPage();
  const response = await stranger.goto(`/console/pay?out_trade_no=${outTradeNo}`);
  expect(response?.status()).toBe(404);
  const poll = await stranger.request.get(`/resources/order-status/${outTradeNo}`);
  expect(poll.status()).toBe(404);
  await other.close();
});

test("a sub-account cannot top up", async ({ page, login }) => {
  await login({ phone: "13800000000", subAccountName: "lab-student" });
  const response = await page.goto("/console/recharge");
  expect(response?.status()).toBe(403);
  await expect(page.getByText("子账号不能充值，请联系主账号")).toBeVisible();
});

test("the bar's 充值 opens the quick top-up dialog with JavaScript, and the recharge page without", async ({
  page,
  login,
  javaScriptEnabled,
}) => {
  await login();
  await page.goto("/console/accountInfo");
  const topUp = page.getByRole("banner").getByText("充值", { exact: true });
  // With JavaScript the bar's 充值 is a button once hydrated; a click while the page hydrates can fall between
  // its link and its button and open nothing (CI, 2026-11-26).
  if (javaScriptEnabled)
    await expect(page.getByRole("banner").getByRole("button", { name: "充值", exact: true })).toBeVisible();
  await topUp.click();
  if (!javaScriptEnabled) {
    await expect(page).toHaveURL(/\/console\/recharge$/);
    return;
  }
  const dialog = page.getByRole("dialog", { name: "快速充值" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("充值金额（元）").fill("30");
  await dialog.getByRole("button", { name: "立即充值" }).click();
  await expect(dialog.getByRole("img", { name: "微信支付付款二维码" })).toBeVisible();
  await expect(dialog).toContainText("¥30.00");
  await expect(page).toHaveURL(/\/console\/accountInfo$/);
});
