/**
 * Issue 33 §4, 忘记密码 at /login/forgot: phone, SMS code, the new password
 * twice; every other session ends; a phone without an account gets the same
 * answer. With JavaScript on and off. The login page links to it and shows
 * the logo, in two equal halves on a desktop.
 */
import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/session";
import { loginAs, readCode, uniquePhone } from "./support";

const NEW_PASSWORD = "Reset9pass";

/** Each test its own client address: the per-address SMS rules (decision 025) stay out of the way. */
async function ownAddress(page: Page) {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.33.${randomInt(0, 255)}.${randomInt(1, 255)}` });
}

async function resetThroughForm(page: Page, phone: string) {
  await page.goto("/login");
  await page.getByTestId("forgot-password").click();
  await expect(page).toHaveURL(/\/login\/forgot$/);
  await expect(page.getByText("子账号请联系主账号")).toBeVisible();
  await page.getByLabel("手机号", { exact: true }).fill(phone);
  await page.getByRole("button", { name: "获取验证码" }).click();
  await expect(page.getByRole("status")).toContainText("验证码已发送");
  const code = await readCode(page.request, phone, "reset_password");
  await page.getByLabel("短信验证码").fill(code);
  await page.getByLabel("新密码", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("确认新密码").fill(`${NEW_PASSWORD}x`);
  await page.getByRole("button", { name: "重置密码" }).click();
  await expect(page.getByText("两次输入的密码不一致")).toBeVisible();
  await expect(page.getByLabel("手机号", { exact: true })).toHaveValue(phone);
  await page.getByLabel("短信验证码").fill(code);
  await page.getByLabel("新密码", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("确认新密码").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "重置密码" }).click();
  await expect(page).toHaveURL(/\/login\?tab=password$/);
  await expect(page.getByText("密码已重置，请使用新密码登录")).toBeVisible();
}

test("忘记密码 resets the password and ends the account's other sessions", async ({ page, login, context }) => {
  await ownAddress(page);
  const user = await login();
  const otherSession = await context.cookies();
  await page.goto("/console/dashboard");
  await expect(page).toHaveURL(/\/console\/dashboard$/);
  await context.clearCookies();

  await resetThroughForm(page, user.phone);

  await context.addCookies(otherSession);
  await page.goto("/console/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await loginAs(page, user.phone, NEW_PASSWORD);
});

test("a phone without an account gets the same answer", async ({ page }) => {
  await ownAddress(page);
  await resetThroughForm(page, uniquePhone());
});

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`the login page at ${width} px: the logo, the form in the middle of its half, 忘记密码`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto("/login");
    const logo = page.getByTestId(width > 900 ? "auth-logo" : "auth-logo-phone");
    await expect(logo).toBeVisible();
    await expect(page.getByTestId("forgot-password")).toBeVisible();
    const column = (await page.getByTestId("auth-column").boundingBox())!;
    const { scrollWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(width);
    if (width > 900) {
      // Two equal halves: the form's column is centred in the right one, no wider than 400 px.
      expect(column.width).toBeLessThanOrEqual(400);
      expect(Math.abs(column.x + column.width / 2 - (width * 3) / 4)).toBeLessThan(24);
    } else {
      expect(column.x).toBeGreaterThanOrEqual(0);
      expect(column.x + column.width).toBeLessThanOrEqual(width);
    }
    const forgot = (await page.getByTestId("forgot-password").boundingBox())!;
    expect(forgot.y + forgot.height).toBeLessThanOrEqual(height);
  });
}
