/**
 * A slow connection: the page's HTML arrives and the user types before its
 * JavaScript has. Hydration must keep what was typed and chosen. The recharge
 * page swapped its form for the dialog version at hydration, and a user who
 * had typed 20 and picked 支付宝 got an order for ¥100.00 by WeChat's default
 * form (a CI run of recharge.spec.ts caught it as a flake). The rental form's
 * fields are controlled after hydration: a choice made before it was priced
 * as the server's default until the next change.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/session";

/** Holds the page's scripts (a slow connection) until the returned function lets them through. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/build/**/*.js", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test("a top-up typed before the page's JavaScript arrived is the one ordered", async ({ page, login }) => {
  await login();
  const release = await holdScripts(page);
  await page.goto("/console/recharge", { waitUntil: "commit" });
  await page.getByLabel("充值金额（元）").fill("20");
  await page.getByLabel("支付宝").check();
  // Still the page without JavaScript: the presets are links.
  await expect(page.getByRole("group", { name: "常用金额" }).getByRole("link", { name: "¥1,500.00" })).toBeVisible();

  release();
  // Hydrated: the presets become buttons.
  await expect(page.getByRole("group", { name: "常用金额" }).getByRole("button", { name: "¥1,500.00" })).toBeVisible();
  await expect(page.getByLabel("充值金额（元）")).toHaveValue("20");
  await expect(page.getByLabel("支付宝")).toBeChecked();
  await page.getByRole("button", { name: "立即充值" }).click();
  await expect(page.getByRole("img", { name: "支付宝付款二维码" })).toBeVisible();
  await expect(page.getByText(/请使用支付宝扫码支付\s*¥20\.00/)).toBeVisible();
});

test("a rental choice made before the page's JavaScript arrived is the one priced", async ({ page, login }) => {
  await login();
  const release = await holdScripts(page);
  await page.goto("/createInstance?type=docker&region=bj-a&gpu=rtx4090", { waitUntil: "commit" });
  await page.getByRole("radio", { name: "包日" }).check();
  await page.getByRole("combobox", { name: "包日天数" }).selectOption("3");
  // The price shown is still the server's, for the hourly choice.
  await expect(page.getByTestId("rental-total")).toContainText("/时");

  release();
  // Hydrated, the form prices what is chosen in it: 3 days, 72 hours.
  await expect(page.getByTestId("rental-price")).toContainText("× 72 小时");
  await expect(page.getByRole("radio", { name: "包日" })).toBeChecked();
  await expect(page.getByRole("combobox", { name: "包日天数" })).toHaveValue("3");
});
