import { expect, test, type Page } from "@playwright/test";
import { DEMO, loginAs } from "./support";

// Site links are plain anchors (they work without JavaScript, as every other
// file tests); with JavaScript one listener follows them in the page and
// prefetches on intent (decision 016).

/** Once hydrated, the account menu's trigger is a button, and ClientNavigation's listeners are in place. */
async function hydrated(page: Page): Promise<void> {
  await expect(page.getByRole("button", { name: "账户菜单" })).toBeVisible();
}

test("a site link navigates in the page, without loading a new document", async ({ page }) => {
  await loginAs(page, DEMO.phone, DEMO.password);
  await hydrated(page);
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByRole("navigation", { name: "控制台导航" }).getByRole("link", { name: "消息中心" }).click();
  await expect(page).toHaveURL("/console/messages");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("消息中心");
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(documents).toEqual([]);
  await page.goBack();
  await expect(page).toHaveURL("/console/dashboard");
});

test("hovering a site link marked for intent prefetches that page's data", async ({ page }) => {
  await loginAs(page, DEMO.phone, DEMO.password);
  await hydrated(page);
  await page.getByRole("navigation", { name: "控制台导航" }).getByRole("link", { name: "账号信息" }).hover();
  await expect(page.locator('link[rel="prefetch"][href*="/console/accountInfo"]').first()).toBeAttached();
});

test("a click with Ctrl is left to the browser (a new tab), and the page stays", async ({ page, context }) => {
  await loginAs(page, DEMO.phone, DEMO.password);
  await hydrated(page);
  const opened = context.waitForEvent("page");
  await page
    .getByRole("navigation", { name: "控制台导航" })
    .getByRole("link", { name: "消息中心" })
    .click({ modifiers: ["Control"] });
  const tab = await opened;
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe("/console/messages");
  await expect(page).toHaveURL("/console/dashboard");
});
