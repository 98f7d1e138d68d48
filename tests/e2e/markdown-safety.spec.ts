import { expect, test } from "@playwright/test";
import { HOSTILE_NOTICE } from "./fixtures/hostile-notice";

test("a notice's markdown renders without scripts, javascript: links, onerror or data:text/html", async ({ page }) => {
  await page.goto("/inform");
  await page.getByRole("link", { name: HOSTILE_NOTICE.title }).click();
  await expect(page.getByRole("heading", { level: 1 }).first()).toHaveText(HOSTILE_NOTICE.title);
  const body = page.getByTestId("notice-body");
  await expect(body).toContainText("正文保留");
  // The link's text stays; its javascript: target is gone, so it is no longer a link at all.
  const scriptLink = body.getByText("脚本链接");
  await expect(scriptLink).toBeVisible();
  expect(await scriptLink.getAttribute("href")).toBeNull();

  const html = await body.innerHTML();
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/onerror/i);
  expect(html).not.toMatch(/data:text\/html/i);
  // Nothing ran (meaningful with JavaScript on; without it the page could not run anything anyway).
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned ?? null).catch(() => null),
  ).toBeNull();
});
