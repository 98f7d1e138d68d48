/** Issue 33 §4: the account menu's four tiles (spec §2), and logout that stays on a public page. */
import { expect, test } from "./fixtures/session";
import { DEMO_SUB } from "./support";

async function openMenu(page: import("@playwright/test").Page) {
  await page.getByRole("button", { name: "账户菜单" }).click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  return menu;
}

test("a main account's menu has the four tiles, each to its page", async ({ page, login }) => {
  await login();
  await page.goto("/store");
  const tiles = (await openMenu(page)).getByTestId("account-tiles").getByRole("menuitem");
  await expect(tiles).toHaveText(["我的租用", "我的卡券", "账号信息", "充值记录"]);
  const hrefs = await tiles.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(hrefs).toEqual([
    "/console/dashboard",
    "/console/coupon",
    "/console/accountInfo",
    "/console/finance/orders?kind=recharge",
  ]);
  await tiles.filter({ hasText: "充值记录" }).click();
  await expect(page).toHaveURL(/\/console\/finance\/orders\?kind=recharge$/);
  await expect(page.getByRole("heading", { name: "订单记录" })).toBeVisible();
});

test("a sub-account's menu has no coupons and no orders", async ({ page, login }) => {
  await login({ phone: DEMO_SUB.mainPhone, password: DEMO_SUB.password, subAccountName: DEMO_SUB.name });
  await page.goto("/store");
  const tiles = (await openMenu(page)).getByTestId("account-tiles").getByRole("menuitem");
  await expect(tiles).toHaveText(["我的租用", "账号信息"]);
});

test("logout on a public page stays on it, signed out", async ({ page, login }) => {
  await login();
  await page.goto("/inform");
  await (await openMenu(page)).getByRole("menuitem", { name: "退出登录" }).click();
  await expect(page).toHaveURL(/\/inform$/);
  await expect(page.getByTestId("bar-login")).toBeVisible();
});
