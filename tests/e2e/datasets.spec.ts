/**
 * Public datasets (issue 35 §1), JavaScript on and off: the visitor filters
 * /dataset by task through its links (the URL carries the task), opens one
 * dataset and reads its figures, where an instance sees it and a shell
 * example; an unknown dataset is the site's 404. Both pages pass axe.
 */
import { expect, test } from "@playwright/test";
import { seriousViolationsOfDocument } from "./axe";
import { expectFitsTheScreen } from "./screen-fit";

test("filter the datasets by task, open one, read its figures and how to use it", async ({ page }, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  await page.goto("/dataset");
  await expect(page.getByRole("heading", { level: 1, name: "公开数据集" })).toBeVisible();
  const filter = page.getByRole("navigation", { name: "按任务筛选" });
  await expect(filter.getByRole("link", { name: "全部（6）" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("dataset-card")).toHaveCount(6);
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);

  await filter.getByRole("link", { name: "语音识别（2）" }).click();
  await expect(page).toHaveURL(`/dataset?task=${encodeURIComponent("语音识别")}`);
  await expect(filter.getByRole("link", { name: "语音识别（2）" })).toHaveAttribute("aria-current", "page");
  const cards = page.getByTestId("dataset-card");
  await expect(cards).toHaveCount(2);
  await expect(cards.getByRole("heading", { level: 2 })).toHaveText(["LibriSpeech ASR", "AISHELL-1 中文普通话语音"]);

  await cards.getByRole("link", { name: "AISHELL-1 中文普通话语音" }).click();
  await expect(page).toHaveURL("/dataset/aishell-1");
  await expect(page).toHaveTitle(/AISHELL-1/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("AISHELL-1 中文普通话语音");
  const facts = page.locator("dl").first();
  await expect(facts).toContainText("15.6 GB");
  await expect(facts).toContainText("141,600");
  await expect(facts).toContainText("Apache-2.0");
  await expect(facts.getByRole("link", { name: "https://www.openslr.org/33/" })).toHaveAttribute(
    "href",
    "https://www.openslr.org/33/",
  );
  await expect(page.getByTestId("dataset-shell")).toHaveText(
    "ls /root/gpu-pub/AISHELL-1\ndu -sh /root/gpu-pub/AISHELL-1",
  );
  await expect(page.getByTestId("dataset-body").getByRole("heading", { name: "使用方法" })).toBeVisible();
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);

  // The breadcrumb goes back to the task's list.
  await page.getByRole("navigation", { name: "面包屑" }).getByRole("link", { name: "语音识别" }).click();
  await expect(page).toHaveURL(`/dataset?task=${encodeURIComponent("语音识别")}`);
  await expect(page.getByTestId("dataset-card")).toHaveCount(2);
});

test("an unknown dataset, an unknown task and a task too long", async ({ page }) => {
  const missing = await page.goto("/dataset/no-such-dataset");
  expect(missing?.status()).toBe(404);
  const none = await page.goto(`/dataset?task=${encodeURIComponent("不存在的任务")}`);
  expect(none?.status()).toBe(200);
  await expect(page.getByText("暂无“不存在的任务”类的数据集。")).toBeVisible();
  // A task longer than any (20 characters) is refused with its reason, not a 500.
  const long = await page.goto(`/dataset?task=${"长".repeat(30)}`);
  expect(long?.status()).toBe(400);
  await expect(page.getByText("任务类型过长")).toBeVisible();
});

test("a 390 px phone: the list, a dataset with a long source address, and /software fit the screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/dataset", "/dataset/belle-train-0-5m-cn", "/dataset/imagenet-1k", "/software"])
    await expectFitsTheScreen(page, path);
});
