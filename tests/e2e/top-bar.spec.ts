import { expect, test } from "@playwright/test";

test("the store has the dark bar, other pages the light one, login none", async ({ page }) => {
  await page.goto("/store");
  await expect(page.locator("header[data-bar]")).toHaveAttribute("data-bar", "dark");
  const tabs = page.getByRole("navigation", { name: "主导航" });
  await expect(tabs.getByRole("link", { name: "算力市场" })).toHaveAttribute("aria-current", "page");
  await expect(tabs.getByRole("link", { name: "控制台" })).not.toHaveAttribute("aria-current");

  await page.goto("/inform");
  await expect(page.locator("header[data-bar]")).toHaveAttribute("data-bar", "light");

  await page.goto("/login");
  await expect(page.getByRole("button", { name: "登录", exact: true })).toBeVisible();
  await expect(page.locator("header[data-bar]")).toHaveCount(0);
});
