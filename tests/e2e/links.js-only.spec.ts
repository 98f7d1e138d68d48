import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/session";

// Links to our pages are Remix's Link and NavLink: plain anchors without
// JavaScript (every other file tests that), followed in the page once
// hydrated, with prefetch="intent" on the navigation links.

/** Once hydrated, the account menu's trigger is a button, and Remix's router handles link clicks. */
async function hydrated(page: Page): Promise<void> {
  await expect(page.getByRole("button", { name: "账户菜单" })).toBeVisible();
}

/** The URLs of the documents the page loads from now on. */
function documentRequests(page: Page): string[] {
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  return documents;
}

/** Marks the current window, so a reload (a new document) is seen. */
async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
}

async function sameWindow(page: Page): Promise<boolean | undefined> {
  return page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed);
}

test("a console link navigates in the page, without loading a new document", async ({ page, login }) => {
  await login();
  await page.goto("/console/dashboard");
  await hydrated(page);
  const documents = documentRequests(page);
  await markWindow(page);
  const nav = page.getByRole("navigation", { name: "控制台导航" });
  await nav.getByRole("link", { name: "消息中心" }).click();
  await expect(page).toHaveURL("/console/messages");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("消息中心");
  await expect(nav.getByRole("link", { name: "消息中心" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "总览" })).not.toHaveAttribute("aria-current", "page");
  expect(await sameWindow(page)).toBe(true);
  expect(documents).toEqual([]);
  await page.goBack();
  await expect(page).toHaveURL("/console/dashboard");
});

test("hovering a console link prefetches that page's data", async ({ page, login }) => {
  await login();
  await page.goto("/console/dashboard");
  await hydrated(page);
  await page.getByRole("navigation", { name: "控制台导航" }).getByRole("link", { name: "账号信息" }).hover();
  await expect(page.locator('link[rel="prefetch"][href*="/console/accountInfo"]').first()).toBeAttached();
});

test("查看全部消息 in the messages menu navigates in the page (it reloaded before)", async ({ page, login }) => {
  await login();
  await page.goto("/console/dashboard");
  await hydrated(page);
  const documents = documentRequests(page);
  await markWindow(page);
  await page.getByRole("button", { name: "消息", exact: true }).click();
  await page.getByRole("menu").getByRole("link", { name: "查看全部消息" }).click();
  await expect(page).toHaveURL("/console/messages");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("消息中心");
  await expect(page.getByRole("menu")).toHaveCount(0);
  expect(await sameWindow(page)).toBe(true);
  expect(documents).toEqual([]);
});
