import { expect, test } from "@playwright/test";
import { DEMO, loginAs } from "./support";

// Dropdowns and dialogs exist only with JavaScript; without it their triggers
// are links to pages with the same content (tested in the other files).

test("the account menu opens with the account kind and a logout button", async ({ page }) => {
  await loginAs(page, DEMO.phone, DEMO.password);
  await page.getByRole("button", { name: "账户菜单" }).click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByTestId("account-kind")).toHaveText("主账号");
  await expect(menu.getByRole("button", { name: "退出登录" })).toBeVisible();
});

test("the notice trigger opens a menu listing the newest notice", async ({ page }) => {
  await page.goto("/store");
  // Once hydrated the trigger is a button (before, it is a link to /inform).
  await page.getByRole("button", { name: /^公告/ }).click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: /系统维护通知/ })).toBeVisible();
  await expect(page).toHaveURL("/store");
});

test("会员说明 opens the membership dialog", async ({ page }) => {
  await loginAs(page, DEMO.phone, DEMO.password);
  await page.getByRole("button", { name: "会员说明" }).click();
  const dialog = page.getByRole("dialog", { name: "会员等级说明" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("钻石会员");
});
