/**
 * The axe checker itself (tests/e2e/axe.ts) can fail: one pass reports both
 * a WCAG violation and a structure rule, and with a popup open the structure
 * pass still sees the page but not the popup.
 */
import { expect, test } from "@playwright/test";
import { seriousViolations } from "./axe";

const LANDMARKS = `<header><a href="/">首页</a></header><main><h1>标题</h1><p>正文</p></main>`;

test("axe reports a missing h1 and text without contrast in one pass", async ({ page }) => {
  await page.setContent(
    `<html lang="zh-CN"><head><title>t</title></head><body><main><p style="color:#eee;background:#fff">浅色文字</p></main></body></html>`,
  );
  const violations = await seriousViolations(page);
  expect(violations.some((line) => line.startsWith("page-has-heading-one"))).toBe(true);
  expect(violations.some((line) => line.startsWith("color-contrast (serious)"))).toBe(true);
});

test("a clean page has none; content outside the landmarks is reported", async ({ page }) => {
  await page.setContent(`<html lang="zh-CN"><head><title>t</title></head><body>${LANDMARKS}</body></html>`);
  expect(await seriousViolations(page)).toEqual([]);
  await page.setContent(`<html lang="zh-CN"><head><title>t</title></head><body>${LANDMARKS}<p>游离</p></body></html>`);
  expect((await seriousViolations(page)).some((line) => line.startsWith("region"))).toBe(true);
});

test("with a popup open, the popup is left out of the structure but not out of the WCAG rules", async ({ page }) => {
  const popup = (style: string) =>
    `<div data-radix-popper-content-wrapper><div role="menu"><div role="menuitem" style="${style}">菜单项</div></div></div>`;
  await page.setContent(
    `<html lang="zh-CN"><head><title>t</title></head><body>${LANDMARKS}${popup("color:#000")}</body></html>`,
  );
  expect(await seriousViolations(page)).toEqual([]);
  await page.setContent(
    `<html lang="zh-CN"><head><title>t</title></head><body>${LANDMARKS}${popup("color:#eee;background:#fff")}</body></html>`,
  );
  expect((await seriousViolations(page)).some((line) => line.startsWith("color-contrast"))).toBe(true);
});
