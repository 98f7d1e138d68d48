/**
 * The docs site (issue 35 §1), JavaScript on and off: from /docs along the
 * tree to a page, its table of contents, its next link, its rules tables, an
 * unknown page's 404, and the phone layout (the tree folded behind one
 * <details>, no JavaScript needed). Every page axe-clean.
 */
import { expect, test } from "@playwright/test";
import { seriousViolationsOfDocument } from "./axe";
import { overflowOf } from "./screen-fit";

test("from /docs along the tree to a page, its contents, its next page", async ({ page, javaScriptEnabled }) => {
  // Two axe scans; without JavaScript each runs in a second browser context (axe.ts), which takes seconds.
  test.slow();
  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1, name: "文档中心" })).toBeVisible();
  await expect(page).toHaveTitle("文档中心 · 算力云");
  const tree = page.getByRole("navigation", { name: "文档目录" });
  await expect(page.getByRole("search", { name: "搜索文档" }).first()).toBeVisible();
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);

  await tree.getByRole("link", { name: "计费", exact: true }).click();
  await expect(page).toHaveURL("/docs/billing");
  await tree.getByRole("link", { name: "计费方式与折扣" }).click();
  await expect(page).toHaveURL("/docs/billing-modes");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("计费方式与折扣");
  await expect(page).toHaveTitle("计费方式与折扣 · 文档中心 · 算力云");
  await expect(tree.getByRole("link", { name: "计费方式与折扣" })).toHaveAttribute("aria-current", "page");

  const crumbs = page.getByRole("navigation", { name: "面包屑" });
  await expect(crumbs.getByRole("link")).toHaveText(["文档中心", "计费"]);
  await expect(page.getByText(/^最后更新：\d{4}-\d{2}-\d{2}$/)).toBeVisible();

  // The rules tables are filled in from platform/rules: 包月 9.5 折, and the worked example's ¥2,681.28.
  const body = page.getByTestId("doc-body");
  await expect(body.getByRole("row", { name: /包月 1–12 个月（每月按 30 天计） 9\.5 折/ })).toBeVisible();
  await expect(body.getByRole("cell", { name: "¥2,681.28" })).toBeVisible();
  await expect(body).not.toContainText("rules:");

  // The table of contents leads to its heading.
  const toc = page.getByRole("navigation", { name: "本页目录" });
  await toc.getByRole("link", { name: "计算示例" }).click();
  await expect(page).toHaveURL(/\/docs\/billing-modes#user-content-/);
  await expect(page.getByRole("heading", { level: 2, name: "计算示例" })).toBeInViewport();

  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);

  const pager = page.getByRole("navigation", { name: "上一篇和下一篇" });
  await expect(pager.getByRole("link", { name: /上一篇\s*计费/ })).toHaveAttribute("href", "/docs/billing");
  await pager.getByRole("link", { name: /下一篇\s*会员等级/ }).click();
  await expect(page).toHaveURL("/docs/membership");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("会员等级");
  await expect(page.getByTestId("doc-body").getByRole("row", { name: /钻石会员 ¥20,000\.00 9\.4 折/ })).toBeVisible();
});

test("an unknown doc is the site's 404 page", async ({ page }) => {
  const response = await page.goto("/docs/no-such-doc");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("页面不存在");
  // A name no doc can have is the same 404, not a refusal of the input.
  for (const path of ["/docs/Billing-Modes", "/docs/%00", `/docs/${"a".repeat(300)}`]) {
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(404);
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the tree folds behind 文档目录 and the page fits the screen", async ({ page, javaScriptEnabled }) => {
    await page.goto("/docs/billing-modes");
    expect((await overflowOf(page)).scrollWidth).toBeLessThanOrEqual(390);
    const tree = page.getByRole("navigation", { name: "文档目录" });
    await expect(tree).toBeHidden();
    await page.getByText("文档目录", { exact: true }).click();
    await expect(tree).toBeVisible();
    await tree.getByRole("link", { name: "数据保留规则" }).click();
    await expect(page).toHaveURL("/docs/data-retention");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("数据保留规则");
    expect((await overflowOf(page)).scrollWidth).toBeLessThanOrEqual(390);
    expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);
  });
});
