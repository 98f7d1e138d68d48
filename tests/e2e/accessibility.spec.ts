/**
 * WCAG 2.1 AA, checked by axe on every page (both projects: with JavaScript
 * and without). A serious or critical violation fails the test with a list
 * of the rules and the elements that break them. Colour tokens and their
 * ratios: docs/decisions/023-accessible-colours.md.
 */
import type { Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures/session";
import { DEMO, DEMO_SUB } from "./support";

/**
 * Opens `path` as the project sees it and answers axe's serious violations.
 * axe runs as a script in the page, so in the js-off project the page is
 * opened in a second context (same cookies) that blocks every script of the
 * app: the document is the server's HTML, never hydrated, as without JavaScript.
 */
async function scan(page: Page, path: string, javaScriptEnabled: boolean): Promise<string[]> {
  if (javaScriptEnabled) {
    await page.goto(path);
    return seriousViolations(page);
  }
  const browser = page.context().browser()!;
  const context = await browser.newContext({ baseURL: BASE_URL, locale: "zh-CN", javaScriptEnabled: true });
  try {
    await context.addCookies(await page.context().cookies());
    await context.route(/\/build\/.*\.js(\?.*)?$/, (route) => route.abort());
    const htmlOnly = await context.newPage();
    const response = await htmlOnly.goto(path);
    expect(response, `no response for ${path}`).not.toBeNull();
    return await seriousViolations(htmlOnly);
  } finally {
    await context.close();
  }
}

let BASE_URL = "";
test.beforeEach(({ baseURL }) => {
  BASE_URL = baseURL!;
});

async function expectAccessible(page: Page, path: string, javaScriptEnabled: boolean): Promise<void> {
  expect(await scan(page, path, javaScriptEnabled), `serious or critical axe violations on ${path}`).toEqual([]);
}

const PUBLIC_PAGES = [
  "/store",
  "/store?type=kvm&gpu=rtx4090&price_min=abc",
  "/store?type=bare_metal",
  "/login",
  "/login?tab=password",
  "/login?tab=sms",
  "/login?tab=sub",
  "/login?tab=register",
  "/login?tab=company",
  "/inform",
  "/informDetail/3",
  "/agreements",
  "/unregisterAgreement",
  "/verifyAgreement",
  "/workOrderAgreement",
];

const CONSOLE_PAGES = [
  "/console/dashboard",
  "/console/accountInfo",
  "/console/messages",
  "/console/messages?tab=notifications",
  "/console/safe",
  "/console/recharge",
  "/console/powerMoney",
  "/console/credit",
  "/console/finance/orders",
  "/console/finance/expenseDetail",
  "/console/finance/withdrawRecords",
  "/console/coupon",
  "/console/coupon/center",
  "/console/createWorkOrder/selectQuestion",
  "/console/createWorkOrder/selectQuestion?keyword=充值",
  "/console/createWorkOrder/myWorkOrder",
  "/console/reservations",
];

for (const path of PUBLIC_PAGES) {
  test(`axe: ${path} has no serious violation`, async ({ page, javaScriptEnabled }) => {
    await expectAccessible(page, path, javaScriptEnabled);
  });
}

test("axe: a 404 page has no serious violation", async ({ page, javaScriptEnabled }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessible(page, "/no-such-page", javaScriptEnabled);
});

for (const path of CONSOLE_PAGES) {
  test(`axe: ${path} of a fresh user has no serious violation`, async ({ page, login, javaScriptEnabled }) => {
    await login();
    await expectAccessible(page, path, javaScriptEnabled);
  });
}

test("axe: the console pages of the demo account (with its data) have no serious violation", async ({
  page,
  login,
  javaScriptEnabled,
}) => {
  // One check per page of a long list: the whole walk gets more than the default 30 s.
  test.setTimeout(CONSOLE_PAGES.length * 10_000);
  await login({ phone: DEMO.phone });
  for (const path of CONSOLE_PAGES) await expectAccessible(page, path, javaScriptEnabled);
});

test("axe: the console as a sub-account has no serious violation", async ({ page, login, javaScriptEnabled }) => {
  await login({ phone: DEMO_SUB.mainPhone, subAccountName: DEMO_SUB.name });
  await page.goto("/console/accountInfo");
  await expect(page.getByTestId("account-kind")).toHaveText("子账号");
  for (const path of ["/console/dashboard", "/console/accountInfo", "/console/messages"])
    await expectAccessible(page, path, javaScriptEnabled);
});

test("axe: the top bar's account menu, open (JavaScript on) or followed as a link (off)", async ({
  page,
  login,
  javaScriptEnabled,
}) => {
  await login();
  await page.goto("/console/dashboard");
  if (!javaScriptEnabled) {
    // Without JavaScript the trigger is a link to the account page, which lists the same places.
    await page.getByRole("link", { name: "账户菜单" }).click();
    await expect(page).toHaveURL("/console/accountInfo");
    return expectAccessible(page, "/console/accountInfo", javaScriptEnabled);
  }
  await page.getByRole("button", { name: "账户菜单" }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  expect(await seriousViolations(page), "serious or critical axe violations with the menu open").toEqual([]);
});
