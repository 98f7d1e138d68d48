import { expect, test } from "./fixtures/session";

// Dropdowns and dialogs exist only with JavaScript; without it their triggers
// are links to pages with the same content (tested in the other files).

test("the account menu opens with the account kind and a logout button", async ({ page, login }) => {
  await login();
  await page.goto("/console/dashboard");
  await page.getByRole("button", { name: "账户菜单" }).click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByTestId("account-kind")).toHaveText("主账号");
  await expect(menu.getByRole("menuitem", { name: "退出登录" })).toBeVisible();
});

test("a menu pressed while its code is still loading opens when the code arrives", async ({ page, login }) => {
  await login();
  await page.goto("/console/dashboard");
  // Hold the dropdown's code until the pointer is down, then let it arrive
  // before the pointer comes up: the button is swapped under the pointer, so
  // the browser sends no click. The press alone must open the menu.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(/\/build\/_shared\/RadixMenu-[^/]+\.js$/, async (route) => {
    requested = true;
    await held;
    await route.continue();
  });
  const trigger = page.getByRole("button", { name: "账户菜单" });
  await trigger.hover();
  await expect.poll(() => requested).toBe(true);
  await page.mouse.down();
  release();
  await expect(trigger).toHaveAttribute("data-state", /open|closed/);
  await page.mouse.up();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByTestId("account-kind")).toHaveText("主账号");
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

test("会员说明 opens the membership dialog", async ({ page, login }) => {
  await login();
  await page.goto("/console/dashboard");
  await page.getByRole("button", { name: "会员说明" }).click();
  const dialog = page.getByRole("dialog", { name: "会员等级说明" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("钻石会员");
});

test("the notification bell opens the list, and 全部已读 clears its dot", async ({ page, login }) => {
  await login();
  await page.goto("/console/dashboard");
  await expect(page.getByTestId("notification-dot")).toBeVisible();
  await page.getByRole("button", { name: /^通知（\d+条未读）$/ }).click();
  const menu = page.getByRole("menu");
  await expect(menu).toContainText("欢迎加入 GPU 算力平台");
  await menu.getByRole("button", { name: "全部已读" }).click();
  await expect(page.getByTestId("notification-dot")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "通知", exact: true })).toBeVisible();
});

test("the message icon opens the messages list", async ({ page, login }) => {
  await login();
  await page.goto("/console/dashboard");
  await page.getByRole("button", { name: "消息", exact: true }).click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByText(/暂无新消息|查看全部消息/).first()).toBeVisible();
  await expect(menu.getByRole("link", { name: "查看全部消息" })).toHaveAttribute("href", "/console/messages");
});
