import { expect, test } from "@playwright/test";

const NEWEST = "系统维护通知";

test("the bar's notices lead to the newest notice", async ({ page }) => {
  await page.goto("/store");
  // With JavaScript the trigger opens a menu; without it, it is a link to /inform. Either way the notice is listed.
  await page.getByTestId("notice-trigger").click();
  // A menu item once the page is hydrated; before that, the trigger was a link to /inform, which lists it as a link.
  await page
    .getByRole("menuitem", { name: NEWEST })
    .or(page.getByRole("link", { name: NEWEST }))
    .first()
    .click();
  await expect(page).toHaveURL("/informDetail/3");
  // The page's own title comes first; the notice's Markdown may repeat it as a heading.
  await expect(page.getByRole("heading", { level: 1 }).first()).toHaveText(NEWEST);
  await expect(page).toHaveTitle(`${NEWEST} · 算力云`);
});

test("/inform lists the seeded notices and /informDetail/3 shows one", async ({ page }) => {
  await page.goto("/inform");
  await expect(page.getByRole("heading", { name: "平台公告" })).toBeVisible();
  await expect(page.getByRole("link", { name: NEWEST })).toBeVisible();
  await expect(page.getByRole("link", { name: "平台上线公告：GPU 算力租用全面开放" })).toBeVisible();

  await page.goto("/informDetail/3");
  // The page's own title comes first; the notice's Markdown may repeat it as a heading.
  await expect(page.getByRole("heading", { level: 1 }).first()).toHaveText(NEWEST);
  await expect(page).toHaveTitle(`${NEWEST} · 算力云`);
  await expect(page.getByTestId("notice-body")).not.toBeEmpty();
});

test("the unread dot clears after viewing the notice list", async ({ page }) => {
  await page.goto("/store");
  await expect(page.getByTestId("notice-unread")).toBeVisible();

  await page.goto("/inform");
  await page.goto("/store");
  await expect(page.getByTestId("notice-trigger")).toBeVisible();
  await expect(page.getByTestId("notice-unread")).toHaveCount(0);
});

test("the unread dot clears after opening a notice", async ({ page }) => {
  await page.goto("/store");
  await expect(page.getByTestId("notice-unread")).toBeVisible();

  await page.goto("/informDetail/3");
  await page.goto("/store");
  await expect(page.getByTestId("notice-trigger")).toBeVisible();
  await expect(page.getByTestId("notice-unread")).toHaveCount(0);
});
