import type { Browser, BrowserContext, Page } from "@playwright/test";
import { createInstancePath } from "../../app/utils/paths";
import { rememberRenter } from "./fixtures/gpu-return";
import { expect, test } from "./fixtures/session";
import { mainApi, RTX4090_OFFER, tokenOf, topUp } from "./platform-calls";
import { useOwnClientAddress } from "./support";

/**
 * Issue 38 §3, JavaScript on and off: a main account adds a sub-account on /console/subAccount (a bad name and a
 * bad amount refused beside their fields), gives it a monthly budget, the sub-account signs in with the login page's
 * sub-account tab and finds no management page (404), and disabling it ends its session on its next request.
 */

/** The sub-account signs in through the login page's sub-account tab, on a browser of its own (its own address). */
async function signInAsSubAccount(
  browser: Browser,
  options: { baseURL?: string; javaScriptEnabled: boolean },
  mainPhone: string,
  name: string,
): Promise<{ laptop: BrowserContext; sub: Page }> {
  const laptop = await browser.newContext({ ...options, locale: "zh-CN" });
  await useOwnClientAddress(laptop);
  const sub = await laptop.newPage();
  await sub.goto("/login?tab=sub");
  await sub.getByLabel("主账号手机号").fill(mainPhone);
  await sub.getByLabel("子账号名称").fill(name);
  await sub.getByLabel("密码", { exact: true }).fill("Subpass123");
  await sub.getByRole("button", { name: "登录", exact: true }).click();
  await sub.waitForURL("**/console/dashboard");
  return { laptop, sub };
}

test("a main account adds a sub-account, which signs in, and disabling it ends its session", async ({
  page,
  login,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const main = await login();
  const name = `e2e-${Date.now().toString(36)}`;
  await page.goto("/console/subAccount");
  await expect(page.getByRole("heading", { name: "子账号管理", level: 1 })).toBeVisible();
  await expect(page.getByText("还没有子账号。")).toBeVisible();

  const add = page.getByRole("region", { name: "添加子账号" });
  await add.getByLabel("子账号名称").fill("x");
  await add.getByLabel("登录密码").fill("Subpass123");
  await add.getByLabel("可用额度（元）").fill("abc");
  await add.getByRole("button", { name: "添加子账号" }).click();
  await expect(add.getByText("子账号名称需为2-32位字母、数字、汉字、下划线或短横线")).toBeVisible();
  await expect(add.getByText("输入金额不合法")).toBeVisible();

  await add.getByLabel("子账号名称").fill(name);
  await add.getByLabel("登录密码").fill("Subpass123");
  await add.getByLabel("可用额度（元）").fill("50");
  await add.getByRole("button", { name: "添加子账号" }).click();
  await expect(page.getByText(`子账号「${name}」已添加`)).toBeVisible();
  const card = page.getByTestId("sub-account");
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId("sub-account-figures")).toContainText("¥50.00");
  await expect(card.getByTestId("sub-account-figures")).toContainText("从未登录");

  await card.getByLabel("每月预算（元，留空为不限）").fill("30");
  await card.getByRole("button", { name: "保存预算" }).click();
  await expect(page.getByText("预算已保存")).toBeVisible();
  await expect(page.getByTestId("sub-account-figures")).toContainText("¥0.00 / ¥30.00");

  const { laptop, sub } = await signInAsSubAccount(browser, { baseURL, javaScriptEnabled }, main.phone, name);
  const refused = await sub.goto("/console/subAccount");
  expect(refused?.status()).toBe(404);

  // Seeing the main account's notifications: none until the main account allows it, then theirs, read-only.
  await sub.goto("/console/messages?tab=notifications");
  await expect(sub.getByText("暂无通知")).toBeVisible();
  await page.reload();
  await page.getByTestId("sub-account").getByLabel("可查看主账号的通知（只读，如余额不足、实例关机）").check();
  await page.getByTestId("sub-account").getByRole("button", { name: "保存权限" }).click();
  await expect(page.getByText("权限已保存")).toBeVisible();
  await expect(page.getByTestId("sub-account-figures")).toContainText("可查看");
  await sub.reload();
  await expect(sub.getByTestId("notification-list")).toBeVisible();
  await expect(sub.getByText("未读 0 条")).toBeVisible();

  await page.reload();
  await expect(page.getByTestId("sub-account-figures")).not.toContainText("从未登录");
  await page.getByTestId("sub-account").getByRole("button", { name: "停用（立即退出其登录）" }).click();
  await expect(page.getByText("子账号已停用，其登录已失效")).toBeVisible();
  await expect(page.getByTestId("sub-account").getByText("已停用")).toBeVisible();

  await sub.goto("/console/dashboard");
  await expect(sub).toHaveURL(/\/login/);
  await laptop.close();
});

/** Opens the rental form of the RTX 4090 offer at 包日 × 1 and answers its total (yuan), as rental.spec.ts does. */
async function oneDayTotal(page: Page, javaScriptEnabled: boolean): Promise<string> {
  await page.goto(createInstancePath(RTX4090_OFFER));
  await page.getByRole("radio", { name: "包日" }).check();
  await page.getByRole("combobox", { name: "包日天数" }).selectOption("1");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "计算价格" }).click();
  await expect(page.getByTestId("rental-price")).toContainText("× 24 小时");
  return (await page.getByTestId("rental-total").textContent())!.replace("¥", "");
}

test("a sub-account rents until its monthly budget stops it", async ({
  page,
  login,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const main = await login();
  await topUp(page.request, await tokenOf(page.request, main.phone, main.password), "500");
  const name = `budget-${Date.now().toString(36)}`;
  await page.goto("/console/subAccount");
  const add = page.getByRole("region", { name: "添加子账号" });
  await add.getByLabel("子账号名称").fill(name);
  await add.getByLabel("登录密码").fill("Subpass123");
  await add.getByLabel("可用额度（元）").fill("400");
  await add.getByRole("button", { name: "添加子账号" }).click();
  await expect(page.getByText(`子账号「${name}」已添加`)).toBeVisible();

  const { laptop, sub } = await signInAsSubAccount(browser, { baseURL, javaScriptEnabled }, main.phone, name);
  // A second session of the sub-account, so the fixture gives its GPUs back after the test.
  const signedIn = await mainApi<{ token: string }>(page.request, "/sub_account_login", {
    phone: main.phone,
    name,
    password: "Subpass123",
  });
  expect(signedIn.status, signedIn.reason).toBe(0);
  rememberRenter(signedIn.data.token);

  const total = await oneDayTotal(sub, javaScriptEnabled);
  // The budget is one day: the first day is rented, the second refused with the budget's reason.
  const card = page.getByTestId("sub-account");
  await card.getByLabel("每月预算（元，留空为不限）").fill(total);
  await card.getByRole("button", { name: "保存预算" }).click();
  await expect(page.getByText("预算已保存")).toBeVisible();

  await sub.getByRole("button", { name: "立即租用" }).click();
  await sub.waitForURL("**/console/dashboard");
  await oneDayTotal(sub, javaScriptEnabled);
  await sub.getByRole("button", { name: "立即租用" }).click();
  await expect(sub.getByTestId("rental-error")).toHaveText("子账号本月预算已用完，请联系主账号调整预算");

  await page.reload();
  await expect(page.getByTestId("sub-account-figures")).toContainText(`¥${total} / ¥${total}`);
  await laptop.close();
});
