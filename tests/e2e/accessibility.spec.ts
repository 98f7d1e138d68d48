/**
 * WCAG 2.1 AA, checked by axe on every page (both projects: with JavaScript
 * and without). A serious or critical violation fails the test with a list
 * of the rules and the elements that break them. Colour tokens and their
 * ratios: docs/decisions/023-accessible-colours.md.
 */
import type { Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures/session";
import { CONSOLE_PAGES, PUBLIC_PAGES } from "./site-pages";
import { DEMO, DEMO_SUB } from "./support";

/**
 * Opens each of `paths` in turn as the project sees it and answers axe's
 * serious violations of each page that has any. axe runs as a script in the
 * page, so in the js-off project the pages are opened in a second context
 * (same cookies) that blocks every script of the app: the documents are the
 * server's HTML, never hydrated, as without JavaScript. One walk signs in and
 * opens that context once.
 */
async function scan(page: Page, paths: string[], javaScriptEnabled: boolean): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  const walk = async (walker: Page) => {
    for (const path of paths) {
      const response = await walker.goto(path);
      expect(response, `no response for ${path}`).not.toBeNull();
      const violations = await seriousViolations(walker);
      if (violations.length > 0) found[path] = violations;
    }
  };
  if (javaScriptEnabled) {
    await walk(page);
    return found;
  }
  const browser = page.context().browser()!;
  const context = await browser.newContext({ baseURL: BASE_URL, locale: "zh-CN", javaScriptEnabled: true });
  try {
    await context.addCookies(await page.context().cookies());
    await context.route(/\/build\/.*\.js(\?.*)?$/, (route) => route.abort());
    await walk(await context.newPage());
    return found;
  } finally {
    await context.close();
  }
}

let BASE_URL = "";
test.beforeEach(({ baseURL }) => {
  BASE_URL = baseURL!;
});

/** Every page of `paths` is free of serious violations; a failure lists all the pages that have some. */
async function expectAccessible(page: Page, paths: string[], javaScriptEnabled: boolean): Promise<void> {
  // One check per page: a walk gets 6 s a page on top of the default 30 s.
  test.setTimeout(30_000 + paths.length * 6_000);
  expect(await scan(page, paths, javaScriptEnabled), "serious or critical axe violations, by page").toEqual({});
}

test("axe: the public pages have no serious violation", async ({ page, javaScriptEnabled }) => {
  await expectAccessible(page, PUBLIC_PAGES, javaScriptEnabled);
});

test("axe: a 404 page has no serious violation", async ({ page, javaScriptEnabled }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessible(page, ["/no-such-page"], javaScriptEnabled);
});

test("axe: the console pages of a fresh user (empty states) have no serious violation", async ({
  page,
  login,
  javaScriptEnabled,
}) => {
  await login();
  await expectAccessible(page, CONSOLE_PAGES, javaScriptEnabled);
});

test("axe: the console pages of the demo account (with its data) have no serious violation", async ({
  page,
  login,
  javaScriptEnabled,
}) => {
  await login({ phone: DEMO.phone });
  await expectAccessible(page, CONSOLE_PAGES, javaScriptEnabled);
});

test("axe: the console as a sub-account has no serious violation", async ({ page, login, javaScriptEnabled }) => {
  await login({ phone: DEMO_SUB.mainPhone, subAccountName: DEMO_SUB.name });
  await page.goto("/console/accountInfo");
  await expect(page.getByTestId("account-kind")).toHaveText("子账号");
  await expectAccessible(page, ["/console/dashboard", "/console/accountInfo", "/console/messages"], javaScriptEnabled);
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
    return expectAccessible(page, ["/console/accountInfo"], javaScriptEnabled);
  }
  await page.getByRole("button", { name: "账户菜单" }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  expect(await seriousViolations(page), "serious or critical axe violations with the menu open").toEqual([]);
});
