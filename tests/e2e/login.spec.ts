import { expect, test } from "./fixtures/session";
import { DEMO, loginAs, logout, readCode, TEST_PASSWORD, useOwnClientAddress } from "./support";

// The account comes from the login fixture (no SMS sent), so the SMS login's code is the phone's
// first of the minute and the test need not wait out the one-code-a-minute limit. Registration
// through the form has its own test (register.spec.ts).
test("log out, log in with the password, log out, log in with an SMS code", async ({ page, login }) => {
  const { phone } = await login();

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
  await useOwnClientAddress(page.context());
  await page.getByLabel("手机号", { exact: true }).fill(phone);
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
