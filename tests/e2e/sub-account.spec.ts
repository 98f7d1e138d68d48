import { expect, test } from "./fixtures/session";
import { DEMO_SUB } from "./support";

test("a sub-account logs in and sees its quota, not the points store", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "子账号登录" }).click();
  await expect(page).toHaveURL("/login?tab=sub");
  await page.getByLabel("主账号手机号").fill(DEMO_SUB.mainPhone);
  await page.getByLabel("子账号名称").fill(DEMO_SUB.name);
  await page.getByLabel("密码", { exact: true }).fill(DEMO_SUB.password);
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await page.waitForURL("**/console/dashboard");

  const bar = page.getByTestId("bar-balance");
  await expect(bar).toContainText("额度 ¥500.00");
  await expect(bar).toContainText("可用");
  await expect(page.getByRole("navigation", { name: "主导航" }).getByRole("link", { name: "算力市场" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "主导航" }).getByRole("link", { name: "积分商城" })).toHaveCount(0);

  await page.goto("/console/accountInfo");
  await expect(page.getByTestId("account-kind")).toHaveText("子账号");

  // What only a main account may do is a 403 page inside the console, which keeps its navigation.
  const refused = await page.goto("/console/safe");
  expect(refused?.status()).toBe(403);
  await expect(page.getByTestId("error-page")).toContainText("子账号不能访问安全设置");
  await expect(page.locator("aside").getByRole("link", { name: "账号信息" })).toBeVisible();
});

test("the main account's top nav has the points store", async ({ page, login }) => {
  await login();
  await page.goto("/console/dashboard");
  await expect(page.getByRole("navigation", { name: "主导航" }).getByRole("link", { name: "积分商城" })).toBeVisible();
  await page.goto("/console/accountInfo");
  await expect(page.getByTestId("account-kind")).toHaveText("主账号");
});

/** Decision 028: a sub-account's pages show its own quota and notices, never its main account's figures. */
test("a sub-account's console pages show its own quota and notices, nothing of the main account", async ({
  page,
  login,
}) => {
  await login({ phone: DEMO_SUB.mainPhone, subAccountName: DEMO_SUB.name });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));

  const dashboard = await page.goto("/console/dashboard");
  expect(dashboard?.status()).toBe(200);
  const figures = page.getByTestId("dashboard-figures");
  await expect(figures).toContainText("额度上限");
  await expect(figures).toContainText("¥500.00");
  await expect(figures).not.toContainText("账户余额");
  await expect(page.getByRole("progressbar", { name: "会员经验" })).toHaveCount(0);
  await expect(page.getByTestId("bar-balance")).toContainText("额度 ¥500.00");
  await expect(page.getByTestId("bar-balance")).not.toContainText("余额");

  const info = await page.goto("/console/accountInfo");
  expect(info?.status()).toBe(200);
  await expect(page.getByTestId("account-kind")).toHaveText("子账号");
  await expect(page.getByTestId("account-phone")).toHaveText("138****0000");
  await expect(page.getByRole("cell", { name: DEMO_SUB.name, exact: true })).toBeVisible();
  await expect(page.getByLabel("通知邮箱")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText("13800000000");

  const notices = await page.goto("/console/messages?tab=notifications");
  expect(notices?.status()).toBe(200);
  await expect(page.getByTestId("notification-list")).toContainText("子账号已开通");
  await expect(page.getByTestId("notification-list")).not.toContainText("欢迎使用 GPU 算力平台");
  await expect(page.getByTestId("notification-list")).not.toContainText("新用户算力券已到账");

  const messages = await page.goto("/console/messages");
  expect(messages?.status()).toBe(200);
  await expect(page.getByText("暂无新消息")).toBeVisible();
  expect(errors).toEqual([]);
});
