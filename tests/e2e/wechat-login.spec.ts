/**
 * WeChat login and binding in the sandbox (issue 38 §2), with JavaScript (the page polls every 2 s) and without (it
 * refreshes itself): a new WeChat user binds an account's phone on the login page and is signed in, and the same
 * WeChat then signs in by scanning alone; binding from /console/safe by QR, then unbinding with the SMS code.
 */
import { randomBytes } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { totpCodeAt } from "../../platform/modules/accounts/totp";
import { expect, test } from "./fixtures/session";
import { logout, masked, readCode, sendSmsCode, TEST_PASSWORD, uniquePhone, useOwnClientAddress } from "./support";

const freshOpenid = () => `sandbox-openid-new-e2e${randomBytes(5).toString("hex")}`;

/** Plays the scan on the sandbox page the QR's link opens, as `openid`, in a tab of its own. */
async function scanAs(context: BrowserContext, page: Page, openid: string) {
  const link = await page.getByTestId("wechat-sandbox-link").getAttribute("href");
  expect(link).toMatch(/\/sandbox\/wechat\/[0-9a-f]{32}$/);
  const scanner = await context.newPage();
  await scanner.goto(new URL(link!).pathname);
  await scanner.getByLabel(/或以指定的模拟 openid 扫码/).fill(openid);
  await scanner.getByRole("button", { name: "以此 openid 扫码并关注" }).click();
  await expect(scanner.getByRole("status")).toContainText("已扫码");
  await scanner.close();
}

test("a new WeChat user binds a phone and is signed in; the same WeChat then signs in by scanning", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  const phone = uniquePhone();
  const made = await page.request.post("/sandbox/session", { data: { phone, password: TEST_PASSWORD } });
  expect(made.ok()).toBe(true);
  await useOwnClientAddress(context);
  const openid = freshOpenid();

  await page.goto("/login");
  await page.getByTestId("wechat-login-tab").click();
  await expect(page.getByRole("heading", { name: "微信登录" })).toBeVisible();
  await expect(page.getByRole("img", { name: "微信扫码二维码" })).toBeVisible();
  await scanAs(context, page, openid);

  await expect(page.getByTestId("wechat-bind-phone")).toBeVisible({ timeout: 10_000 });
  await page.getByLabel("手机号", { exact: true }).fill(phone);
  await sendSmsCode(page, page.getByRole("main"), javaScriptEnabled, masked(phone));
  await page.getByLabel("短信验证码").fill("000000");
  await page.getByRole("button", { name: "绑定并登录" }).click();
  await expect(page.getByLabel("短信验证码")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("短信验证码").fill(await readCode(page.request, phone, "login"));
  await page.getByRole("button", { name: "绑定并登录" }).click();
  await page.waitForURL("**/console/dashboard");

  await logout(page);
  await page.goto("/login/wechat");
  await scanAs(context, page, openid);
  await page.waitForURL("**/console/dashboard", { timeout: 10_000 });
});

test("binds a WeChat from the security page by QR, then unbinds it with the SMS code", async ({
  page,
  context,
  login,
  javaScriptEnabled,
}) => {
  const { phone } = await login();
  await useOwnClientAddress(context);
  const openid = freshOpenid();
  await page.goto("/console/safe");
  const panel = page.getByRole("region", { name: "微信绑定" });
  await expect(panel.getByText("尚未绑定微信")).toBeVisible();
  await panel.getByRole("link", { name: "绑定微信" }).click();
  await expect(page.getByRole("heading", { name: "绑定微信" })).toBeVisible();
  await scanAs(context, page, openid);

  await page.waitForURL((url) => url.pathname === "/console/safe", { timeout: 10_000 });
  const nickname = `微信用户${openid.slice(-4)}`;
  await expect(page.getByText(`已绑定微信「${nickname}」`)).toBeVisible();
  const binding = panel.getByTestId("wechat-binding");
  await expect(binding).toContainText(nickname);

  await sendSmsCode(page, binding, javaScriptEnabled, masked(phone));
  await binding.getByLabel(/短信验证码/).fill("000000");
  await binding.getByRole("button", { name: "解除绑定" }).click();
  await expect(binding.getByLabel(/短信验证码/)).toHaveAttribute("aria-invalid", "true");
  await binding.getByLabel(/短信验证码/).fill(await readCode(page.request, phone, "wechat_unbind"));
  await binding.getByRole("button", { name: "解除绑定" }).click();
  await expect(page.getByText("已解除微信绑定")).toBeVisible();
  await expect(panel.getByText("尚未绑定微信")).toBeVisible();
});

test("with two-step login on, a scan of a bound WeChat asks for the code before signing in", async ({
  page,
  context,
  login,
}) => {
  await login();
  await useOwnClientAddress(context);
  const openid = freshOpenid();

  await page.goto("/console/safe");
  const twoStep = page.getByRole("region", { name: "两步验证" });
  await twoStep.getByRole("button", { name: "开启两步验证" }).click();
  const secret = (await twoStep.getByTestId("two-step-secret").textContent())!.trim();
  await twoStep.getByLabel("验证码").fill(totpCodeAt(secret, new Date()));
  await twoStep.getByRole("button", { name: "开启", exact: true }).click();
  await expect(twoStep.getByRole("status")).toContainText("两步验证已开启");

  await page.goto("/console/safe/wechat");
  await scanAs(context, page, openid);
  await page.waitForURL((url) => url.pathname === "/console/safe", { timeout: 10_000 });

  await logout(page);
  await page.goto("/login/wechat");
  await scanAs(context, page, openid);
  await expect(page.getByRole("heading", { name: "两步验证" })).toBeVisible({ timeout: 10_000 });
  await page.getByLabel("验证码或恢复码").fill("000000");
  await page.getByRole("button", { name: "验证并登录" }).click();
  await expect(page.getByText("验证码错误或已使用")).toBeVisible();
  // The app's code one step ahead: inside the ±1 window, never the step that turned it on.
  await page.getByLabel("验证码或恢复码").fill(totpCodeAt(secret, new Date(Date.now() + 30_000)));
  await page.getByRole("button", { name: "验证并登录" }).click();
  await page.waitForURL("**/console/dashboard");
});
