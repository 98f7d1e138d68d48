/**
 * Issue 33 §4, no dead ends: unknown addresses at every level answer 404 in
 * Chinese inside the shell (bar, footer, a way back); /createInstance is public
 * (list prices, sign in at 立即租用 and come back to the same choice); the bar
 * links nowhere that does not exist; the public pages have the footer; logout
 * from a console page goes to login. With JavaScript on and off.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/session";
import { RTX4090_OFFER } from "./platform-calls";
import { DEMO } from "./support";

const UNKNOWN = [
  "/x",
  "/console/x",
  "/console/finance/x",
  "/console/createWorkOrder/x/y",
  "/console/instance/i-0000000000/x",
  "/desk/x",
  "/login/x/y",
  "/informDetail/999999",
  "/store/x",
  "/activity_202510/x",
];

async function expectNotFoundInShell(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(404);
  await expect(page.getByTestId("error-page"), path).toContainText("页面不存在");
  await expect(page.locator("header[data-bar]"), path).toHaveCount(1);
  await expect(page.getByTestId("site-footer"), path).toBeVisible();
  await expect(page.getByTestId("error-page").getByRole("link", { name: "返回算力市场" })).toBeVisible();
  const text = await page.locator("body").innerText();
  expect(text, path).not.toMatch(/No route matches|Error:|Not Found/i);
}

test("unknown addresses at every level are a Chinese 404 inside the shell", async ({ page }) => {
  for (const path of UNKNOWN) await expectNotFoundInShell(page, path);
  await expect(page.getByTestId("bar-login")).toBeVisible();
});

test("a signed-in user's 404 keeps their own bar", async ({ page, login }) => {
  await login();
  await expectNotFoundInShell(page, "/console/x");
  await expect(page.getByTestId("bar-login")).toHaveCount(0);
  await expect(page.getByTestId("bar-balance")).toBeVisible();
});

test("/createInstance without an offer goes to the store", async ({ page }) => {
  await page.goto("/createInstance");
  await expect(page).toHaveURL(/\/store$/);
});

test("a visitor sees the rental form with list prices, signs in at 立即租用 and comes back to the same choice", async ({
  page,
}) => {
  const choice = { ...RTX4090_OFFER, gpus: 2, mode: "day" as const, days: 3 };
  const path = `/createInstance?type=${choice.type}&region=${choice.region}&gpu=${choice.gpu}&gpus=2&mode=day&days=3`;
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await expect(page.locator("header[data-bar]")).toHaveCount(1);
  await expect(page.getByTestId("rental-total")).toContainText("¥");
  await expect(page.getByTestId("rental-list-price-note")).toBeVisible();
  await page.getByRole("button", { name: "立即租用" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  const redirectTo = new URL(page.url()).searchParams.get("redirectTo")!;
  expect(redirectTo).toMatch(/^\/createInstance\?/);
  const back = new URLSearchParams(redirectTo.split("?")[1]);
  expect(Object.fromEntries(["type", "region", "gpu", "gpus", "mode", "days"].map((k) => [k, back.get(k)]))).toEqual({
    type: "docker",
    region: "bj-a",
    gpu: "rtx4090",
    gpus: "2",
    mode: "day",
    days: "3",
  });

  await page.getByLabel("手机号", { exact: true }).fill(DEMO.phone);
  await page.getByLabel("密码", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await expect(page).toHaveURL(/\/createInstance\?/);
  expect(new URL(page.url()).searchParams.get("gpus")).toBe("2");
  expect(new URL(page.url()).searchParams.get("days")).toBe("3");
  await expect(page.getByTestId("rental-list-price-note")).toHaveCount(0);
  await expect(page.getByTestId("rental-total")).toContainText("¥");
});

test("the bar has no tab to an address that is not configured", async ({ page }) => {
  await page.goto("/store");
  const tabs = page.getByRole("navigation", { name: "主导航" });
  await expect(tabs.getByRole("link", { name: "算力市场" })).toBeVisible();
  for (const label of ["文档中心", "硬件市场"]) await expect(page.getByRole("link", { name: label })).toHaveCount(0);
  // 开放API has the site's own reference to fall back on (issue 38 §4).
  await expect(tabs.getByRole("link", { name: "开放API", exact: true })).toHaveAttribute(
    "href",
    "/docs/open-api-signing",
  );
  expect(await page.locator('a[href*="example-gpu.cn"]').count()).toBe(0);
});

test("public pages have the footer with the ICP number; the console and login do not", async ({ page, login }) => {
  for (const path of ["/store", "/inform", "/agreements"]) {
    await page.goto(path);
    const footer = page.getByTestId("site-footer");
    await expect(footer, path).toContainText("算力云测试科技有限公司");
    await expect(footer.getByRole("link", { name: "用户服务协议" })).toHaveAttribute("href", "/agreements");
    await expect(footer).toContainText("400-000-0000");
    await expect(footer.getByTestId("icp-number")).toHaveText("京ICP备00000000号-1");
    await expect(footer.getByTestId("icp-number")).toHaveAttribute("href", "https://beian.miit.gov.cn/");
  }
  await page.goto("/login");
  await expect(page.getByTestId("site-footer")).toHaveCount(0);
  await login();
  await page.goto("/console/dashboard");
  await expect(page.getByTestId("site-footer")).toHaveCount(0);
});

test("the footer fits a 390 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/store", "/agreements", "/x"]) {
    await page.goto(path);
    await expect(page.getByTestId("site-footer")).toBeVisible();
    const { scrollWidth, width } = await page.evaluate(() => ({
      scrollWidth: document.scrollingElement!.scrollWidth,
      width: window.innerWidth,
    }));
    expect(scrollWidth, path).toBeLessThanOrEqual(width);
  }
});

test("logout from a console page goes to login, signed out", async ({ page, login }) => {
  await login();
  await page.goto("/console/accountInfo");
  // The account menu's page without JavaScript has the same 退出登录 (after the console navigation's, if any).
  await page.getByRole("button", { name: "退出登录" }).last().click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/console/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
});
