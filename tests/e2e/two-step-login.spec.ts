/**
 * Two-step login (issue 38 §1, decision 103), JavaScript on and off: turn it on in /console/safe (the secret read
 * from the page, the codes computed here as the user's authenticator app would), then the password alone no longer
 * signs in: the second step asks for the code; a recovery code works once.
 */
import type { Page } from "@playwright/test";
import { totpCodeAt } from "../../platform/modules/accounts/totp";
import { expect, test } from "./fixtures/session";
import { loginAs, logout, TEST_PASSWORD, useOwnClientAddress } from "./support";

/** The code the app shows one step ahead: inside the ±1 step window, and never the step that turned it on. */
const nextCode = (secret: string) => totpCodeAt(secret, new Date(Date.now() + 30_000));

async function passwordStep(page: Page, phone: string) {
  await page.goto("/login");
  await page.getByLabel("手机号", { exact: true }).fill(phone);
  await page.getByLabel("密码", { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await expect(page.getByRole("heading", { name: "两步验证" })).toBeVisible();
}

test("turn on, then sign in with the password and a code; a recovery code works once", async ({ page, login }) => {
  const { phone } = await login();
  await useOwnClientAddress(page.context());

  await page.goto("/console/safe");
  const panel = page.getByRole("region", { name: "两步验证" });
  await panel.getByRole("button", { name: "开启两步验证" }).click();
  await expect(panel.getByRole("img", { name: "两步验证二维码" })).toBeVisible();
  const secret = (await panel.getByTestId("two-step-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await panel.getByLabel("验证码").fill("000000");
  await panel.getByRole("button", { name: "开启", exact: true }).click();
  await expect(panel.getByText("验证码错误")).toBeVisible();
  await expect(panel.getByTestId("two-step-secret")).toHaveText(secret);

  await panel.getByLabel("验证码").fill(totpCodeAt(secret, new Date()));
  await panel.getByRole("button", { name: "开启", exact: true }).click();
  await expect(panel.getByRole("status")).toContainText("两步验证已开启");
  const codes = await recoveryCodesIn(panel);
  expect(codes).toHaveLength(10);
  await expect(panel.getByText("剩余恢复码 10 个")).toBeVisible();

  // The password alone signs in no more: the second step, a wrong code beside its field, then the app's code.
  await logout(page);
  await passwordStep(page, phone);
  await page.getByLabel("验证码或恢复码").fill("000000");
  await page.getByRole("button", { name: "验证并登录" }).click();
  await expect(page.getByText("验证码错误或已使用")).toBeVisible();
  await page.getByLabel("验证码或恢复码").fill(nextCode(secret));
  await page.getByRole("button", { name: "验证并登录" }).click();
  await page.waitForURL("**/console/dashboard");

  // A recovery code instead of the app, once.
  await logout(page);
  await passwordStep(page, phone);
  await page.getByLabel("验证码或恢复码").fill(codes[0]!);
  await page.getByRole("button", { name: "验证并登录" }).click();
  await page.waitForURL("**/console/dashboard");

  await logout(page);
  await passwordStep(page, phone);
  await page.getByLabel("验证码或恢复码").fill(codes[0]!);
  await page.getByRole("button", { name: "验证并登录" }).click();
  await expect(page.getByText("验证码错误或已使用")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

/** Turns two-step login on in the panel with the app's current code; the secret and the recovery codes. */
async function turnOn(page: Page) {
  await page.goto("/console/safe");
  const panel = page.getByRole("region", { name: "两步验证" });
  await panel.getByRole("button", { name: "开启两步验证" }).click();
  const secret = (await panel.getByTestId("two-step-secret").textContent())!.trim();
  await panel.getByLabel("验证码").fill(totpCodeAt(secret, new Date()));
  await panel.getByRole("button", { name: "开启", exact: true }).click();
  await expect(panel.getByRole("status")).toContainText("两步验证已开启");
  return { panel, secret, codes: await recoveryCodesIn(panel) };
}

async function recoveryCodesIn(panel: ReturnType<Page["getByRole"]>) {
  const items = await panel.getByTestId("recovery-codes").getByRole("listitem").allTextContents();
  return items.map((c) => c.trim());
}

test("new recovery codes with a code, then turn off with a recovery code: the password alone signs in", async ({
  page,
  login,
}) => {
  const { phone } = await login();
  await useOwnClientAddress(page.context());
  const { panel, secret, codes } = await turnOn(page);

  await panel.getByLabel("验证码或恢复码").fill("000000");
  await panel.getByRole("button", { name: "重新生成恢复码" }).click();
  await expect(panel.getByText("验证码错误或已使用")).toBeVisible();
  await panel.getByLabel("验证码或恢复码").fill(nextCode(secret));
  await panel.getByRole("button", { name: "重新生成恢复码" }).click();
  await expect(panel.getByRole("status")).toContainText("已生成新的恢复码");
  const fresh = await recoveryCodesIn(panel);
  expect(fresh).toHaveLength(10);
  expect(fresh.filter((c) => codes.includes(c))).toEqual([]);

  // An old recovery code no longer turns it off; a new one does.
  await panel.getByLabel("验证码或恢复码").fill(codes[0]!);
  await panel.getByRole("button", { name: "关闭两步验证" }).click();
  await expect(panel.getByText("验证码错误或已使用")).toBeVisible();
  await panel.getByLabel("验证码或恢复码").fill(fresh[0]!);
  await panel.getByRole("button", { name: "关闭两步验证" }).click();
  await expect(page.getByRole("status").filter({ hasText: "两步验证已关闭" })).toBeVisible();
  await expect(panel.getByRole("button", { name: "开启两步验证" })).toBeVisible();

  await logout(page);
  await loginAs(page, phone, TEST_PASSWORD);
});
