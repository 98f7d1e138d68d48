/**
 * The site search (issue 35 §1, §3), JavaScript on and off: search from /docs
 * and from the search page, open a doc and a dataset result, read the ranked results (source, linked title, snippet with
 * the words marked), narrow to one source and open a work-order help result;
 * a query with no result says so with suggestions; bad input is shown beside
 * the field with a 400, never a 500; the work-order page's help search
 * finds by words from the same index. The documents are the e2e fixtures
 * (tests/e2e/fixtures/search-documents.ts), the seeded help documents and
 * datasets.
 */
import { seriousViolationsOfDocument } from "./axe";
import { expect, test } from "./fixtures/session";
import { expectFitsTheScreen } from "./screen-fit";

test.describe("site search", () => {
  test("search, read the marked results, narrow to 工单帮助 and open one", async ({
    page,
    login,
    javaScriptEnabled,
  }) => {
    await login();
    await page.goto("/docs/search");
    await expect(page.getByRole("heading", { level: 1, name: "搜索文档" })).toBeVisible();
    await page.getByLabel("搜索词").fill("GPU 显存与型号选择");
    await page.getByRole("button", { name: "搜索" }).click();
    await expect(page).toHaveURL(/\/docs\/search\?q=GPU\+%E6%98%BE%E5%AD%98/);

    const results = page.getByTestId("search-results");
    const first = results.getByRole("listitem").first();
    await expect(first.getByRole("link")).toHaveAttribute("href", "/docs/fixture-gpu-memory");
    await expect(first.getByRole("link")).toHaveText("GPU 显存与型号选择");
    await expect(first).toContainText("文档");
    await expect(first.locator("p mark").first()).toHaveText(/^(显存|gpu|型号|选择)$/i);
    await expect(
      page.getByRole("status").filter({ hasText: /找到 \d+ 条与「GPU 显存与型号选择」相关的结果/ }),
    ).toBeVisible();
    expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);

    await page.getByLabel("搜索词").fill("充值未到账");
    await page.getByLabel("搜索范围").selectOption({ label: "工单帮助" });
    await page.getByRole("button", { name: "搜索" }).click();
    await expect(page).toHaveURL(/source=work_order_doc/);
    const help = results.getByRole("listitem");
    await expect(help.first()).toContainText("工单帮助");
    // Every result's source badge says 工单帮助.
    await expect(results.locator("h2 > span").filter({ hasNotText: "工单帮助" })).toHaveCount(0);
    await help.first().getByRole("link", { name: "充值未到账怎么办" }).click();
    await expect(page).toHaveURL(/\/console\/createWorkOrder\/selectQuestion\?question=\d+$/);
    await expect(page.getByTestId("documents")).toContainText("充值未到账怎么办");
  });

  test("from /docs: search the docs and open a result", async ({ page }) => {
    await page.goto("/docs");
    await page.getByRole("searchbox", { name: "搜索文档" }).fill("实名认证");
    await page.getByRole("button", { name: "搜索" }).click();
    await expect(page).toHaveURL(/\/docs\/search\?q=/);
    const result = page.getByTestId("search-results").getByRole("listitem").filter({ hasText: "文档" }).first();
    await expect(result.getByRole("link")).toHaveAttribute("href", "/docs/verification");
    await expect(result.locator("h2 mark")).toHaveText("实名认证");
    await result.getByRole("link").click();
    await expect(page).toHaveURL("/docs/verification");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("实名认证");
  });

  test("a seeded dataset is found by its name and its result opens its page", async ({ page }) => {
    await page.goto("/docs/search?q=LibriSpeech");
    const first = page.getByTestId("search-results").getByRole("listitem").first();
    await expect(first).toContainText("数据集");
    await expect(first.locator("h2 mark").first()).toHaveText("LibriSpeech");
    await first.getByRole("link", { name: /LibriSpeech/ }).click();
    await expect(page).toHaveURL("/dataset/librispeech");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("LibriSpeech");
  });

  test("no result: says so, with suggestions and a way to search everything", async ({ page }) => {
    await page.goto("/docs/search?q=%E9%87%8F%E5%AD%90%E7%BA%A0%E7%BC%A0&source=model");
    const empty = page.getByTestId("search-empty");
    await expect(empty).toContainText("没有找到与「量子纠缠」相关的内容。");
    await empty.getByRole("link", { name: "在全部内容中搜索「量子纠缠」" }).click();
    await expect(page).toHaveURL("/docs/search?q=%E9%87%8F%E5%AD%90%E7%BA%A0%E7%BC%A0");
    await expect(page.getByTestId("search-empty")).toBeVisible();
  });

  test("bad input is shown beside the field with a 400, and nothing is searched", async ({ page }) => {
    await page.goto("/docs/search");
    await page.getByRole("button", { name: "搜索" }).click();
    await expect(page.getByRole("alert")).toHaveText("请输入搜索词");
    await expect(page.getByLabel("搜索词")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("搜索词").fill("' :* & |");
    await page.getByRole("button", { name: "搜索" }).click();
    await expect(page.getByRole("alert")).toHaveText("请输入要搜索的文字或数字");
    await expect(page.getByLabel("搜索词")).toHaveValue("' :* & |");

    for (const [query, message] of [
      [`q=${"x".repeat(10_240)}`, "搜索词不能超过 100 个字"],
      ["q=a%00b", "搜索词包含非法字符"],
      ["q=%E6%98%BE%E5%AD%98&source=users", "搜索范围不正确"],
    ]) {
      const response = await page.goto(`/docs/search?${query}`);
      expect(response?.status()).toBe(400);
      await expect(page.getByRole("alert")).toHaveText(message!);
    }
    expect((await page.goto("/docs/search?q=%E6%98%BE%E5%AD%98&page=999"))?.status()).toBe(200);
  });

  test("the work-order page's help search reads the same index: words in any order, best first", async ({
    page,
    login,
  }) => {
    await login();
    await page.goto("/console/createWorkOrder/selectQuestion");
    // Not a substring of any document (the old ILIKE found nothing): the words 支付宝, 到账 and 截图 are.
    await page.getByLabel("搜索帮助文档").fill("支付宝 到账 截图");
    await page.getByRole("button", { name: "搜索" }).click();
    await expect(page).toHaveURL(/selectQuestion\?keyword=/);
    const documents = page.getByTestId("documents");
    await expect(documents.locator("summary").first()).toHaveText("充值未到账怎么办");
  });
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the search page, its results and its empty answer fit the screen", async ({ page }) => {
    for (const query of [
      "",
      "?q=4090+%E6%98%BE%E5%AD%98",
      "?q=SSH+%E8%BF%9E%E6%8E%A5",
      "?q=%E9%87%8F%E5%AD%90%E7%BA%A0%E7%BC%A0",
    ])
      await expectFitsTheScreen(page, `/docs/search${query}`);
    await expect(page.getByRole("button", { name: "搜索" })).toBeVisible();
  });
});
