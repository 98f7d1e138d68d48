import { expect, test } from "@playwright/test";
import { DEMO, loginAs, logout, readCode, registerViaUi, TEST_PASSWORD, uniquePhone } from "./support";

// One SMS code per phone per minute: the SMS login must wait a minute after the
// registration code. The password part runs meanwhile.
const SMS_INTERVAL_MS = 61_000;

test("log out, log in with the password, log out, log in with an SMS code", async ({ page }) => {
  test.setTimeout(SMS_INTERVAL_MS + 60_000);
  const phone = uniquePhone();
  await registerViaUi(page, phone);
  const registeredAt = Date.now();

  await logout(page);
  await expect(page.getByRole("button", { name: "登录", exact: true })).toBeVisible();
  // Logged out: the console sends us back to the login page.
  await page.goto("/console/dashboard");
  await expect(page).toHaveURL("/login?redirectTo=%2Fconsole%2Fdashboard");

  await loginAs(page, phone, TEST_PASSWORD);
  await expect(page.getByTestId("bar-balance")).toContainText("余额 ¥0.00");

  await logout(page);
  await page.getByRole("link", { name: "验证码登录" }).click();
  await expect(page).toHaveURL("/login?tab=sms");
  await page.getByLabel("手机号", { exact: true }).fill(phone);
  await page.waitForTimeout(Math.max(0, registeredAt + SMS_INTERVAL_MS - Date.now()));
  await page.getByRole("button", { name: "获取验证码" }).click();
  await expect(page.getByText("验证码已发送")).toBeVisible();
  const code = await readCode(page.request, phone, "login");
  await page.getByLabel("短信验证码").fill(code);
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await page.waitForURL("**/console/dashboard");
  await expect(page.getByTestId("bar-balance")).toContainText("余额 ¥0.00");
});

test("a wrong password is refused beside the password field and makes no session", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("手机号", { exact: true }).fill(DEMO.phone);
  await page.getByLabel("密码", { exact: true }).fill("not-the-password1");
  await page.getByRole("button", { name: "登录", exact: true }).click();

  const password = page.getByLabel("密码", { exact: true });
  await expect(password).toHaveAccessibleDescription("手机号或密码错误");
  await expect(page.getByRole("alert").filter({ hasText: "手机号或密码错误" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/login");

  await page.goto("/console/dashboard");
  await expect(page).toHaveURL("/login?redirectTo=%2Fconsole%2Fdashboard");
});
