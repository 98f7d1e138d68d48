/**
 * The content desk (issue 35 §2): an editor made with the operators' command
 * logs into /desk, opens 内容管理, creates a doc as a draft, saves a second
 * version, publishes it, rolls back to the first (发布此版本) and takes it off
 * the site (下线, asked twice); a second tab's stale save is refused with the
 * CONTENT_CHANGED message; an agent sees no 内容管理 and gets 403 there.
 * The published doc is found by a visitor's docs search (a word of its title,
 * a word of its body), follows the published version, and is gone after 下线.
 * Drafts of a dataset, a software tool (and its release's download) and a
 * model answer 404 and are not listed; a model published from the desk shows
 * on /AIModels and its page.
 * Both projects run it: JavaScript on and off (plain forms).
 */
import { createHash, randomInt } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { seriousViolationsOfDocument } from "./axe";
import { addStaffByCli, staffLogsIn, uniqueStaffLogin } from "./staff";
import { expect, test } from "./fixtures/session";

const fieldOf = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/**
 * The hrefs of the doc results a visitor finds at /docs/search?q=… (none: the
 * page says it found nothing), in a fresh page without the editor's session.
 */
async function visitorSearch(browser: Browser, javaScriptEnabled: boolean, q: string): Promise<string[]> {
  const visitor = await browser.newPage({ javaScriptEnabled });
  try {
    const response = await visitor.goto(`/docs/search?q=${encodeURIComponent(q)}&source=doc`);
    expect(response?.status()).toBe(200);
    const results = visitor.getByTestId("search-results");
    await expect(results.or(visitor.getByTestId("search-empty"))).toBeVisible();
    return await results
      .getByRole("listitem")
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  } finally {
    await visitor.close();
  }
}

/** The markdown editor's body: a plain textarea without JavaScript; the rich editor keeps a textarea too. */
async function typeBody(page: Page, text: string) {
  const body = page.locator('textarea[name="body"], [data-markdown-editor] textarea').first();
  await body.fill(text);
}

test("an editor creates a doc, saves, publishes, rolls back and unpublishes it; a stale save is refused", async ({
  page,
  baseURL,
  browser,
}) => {
  test.setTimeout(90_000);
  const login = uniqueStaffLogin();
  await addStaffByCli(baseURL!, login, "编辑小李", "editor");
  await staffLogsIn(page, login);

  await page.getByRole("link", { name: "内容管理" }).click();
  await expect(page.getByRole("heading", { name: "内容管理" })).toBeVisible();
  await page.getByRole("link", { name: "新建文档" }).click();
  await expect(page.getByRole("heading", { name: "新建文档" })).toBeVisible();

  // A bad 网址名 is refused beside its field, and what was typed stays.
  await fieldOf(page, "网址名").fill("Bad Slug");
  await fieldOf(page, "标题").fill("GPU 显存怎么看");
  await page.getByRole("button", { name: "保存为草稿" }).click();
  await expect(page.getByText("网址名为 1-64 位小写字母、数字和连字符（如 quick-start）")).toBeVisible();
  await expect(fieldOf(page, "标题")).toHaveValue("GPU 显存怎么看");

  const n = randomInt(1e5, 1e6);
  const slug = `gpu-memory-${n}`;
  // Words only this doc has (jieba keeps a letter-and-digit run whole), so its search results are its own.
  const titleWord = `tq${n}`;
  const bodyWord = `bq${n}`;
  await fieldOf(page, "网址名").fill(slug);
  // Under the first seeded section (part A's docs tree shows pages of published sections).
  await fieldOf(page, "所属栏目").selectOption({ index: 1 });
  await typeBody(page, `## 查看显存\n\n在实例终端运行 \`nvidia-smi\`，巡检码 ${bodyWord}。`);
  await page.getByRole("button", { name: "保存为草稿" }).click();
  await expect(page.getByRole("heading", { name: "GPU 显存怎么看" })).toBeVisible();
  // A draft is not on the site, nor in its search.
  expect((await page.request.get(`/docs/${slug}`)).status()).toBe(404);
  await expect(page.getByText("草稿", { exact: true })).toBeVisible();
  const javaScriptEnabled = test.info().project.name !== "js-off";
  expect(await visitorSearch(browser, javaScriptEnabled, bodyWord)).toEqual([]);
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);
  const editUrl = page.url();

  // A second tab opens the same version; the first tab saves first.
  const other = await browser.newPage({ javaScriptEnabled });
  await other.context().addCookies(await page.context().cookies());
  await other.goto(editUrl);

  await fieldOf(page, "标题").fill(`如何查看 GPU 显存（编号 ${titleWord}）`);
  await page.getByRole("button", { name: "保存", exact: true }).click();
  await expect(page.getByText("已保存为第 2 版")).toBeVisible();
  await expect(page.getByRole("heading", { name: "如何查看 GPU 显存" })).toBeVisible();

  await fieldOf(other, "标题").fill("后到的修改");
  await other.getByRole("button", { name: "保存", exact: true }).click();
  await expect(other.getByRole("alert").filter({ hasText: "内容已被他人修改" })).toBeVisible();
  await expect(fieldOf(other, "标题")).toHaveValue("后到的修改");
  await other.close();

  await page.getByRole("button", { name: "发布第 2 版" }).click();
  await expect(page.getByText("已发布第 2 版")).toBeVisible();
  await expect(page.getByRole("link", { name: "查看公开页面" })).toHaveAttribute("href", `/docs/${slug}`);
  const published = await page.request.get(`/docs/${slug}`);
  expect(published.status()).toBe(200);
  expect(await published.text()).toContain("如何查看 GPU 显存");
  // A visitor's search finds it by a word of its title and a word of its body.
  expect(await visitorSearch(browser, javaScriptEnabled, titleWord)).toEqual([`/docs/${slug}`]);
  expect(await visitorSearch(browser, javaScriptEnabled, bodyWord)).toEqual([`/docs/${slug}`]);
  const versions = page.getByRole("region", { name: "版本记录" });
  await expect(versions.getByRole("row")).toHaveCount(3);
  await expect(versions.getByRole("row").nth(1)).toContainText("第 2 版（已发布）");
  await expect(versions.getByRole("row").nth(1)).toContainText("编辑小李");

  // 查看 the first version, then publish it (a rollback).
  await versions.getByRole("link", { name: "查看第 1 版" }).click();
  await expect(page.getByRole("heading", { name: "第 1 版的内容" })).toBeVisible();
  await expect(page.getByRole("row", { name: "标题 GPU 显存怎么看" })).toBeVisible();
  await versions.getByRole("button", { name: "发布此版本（第 1 版）" }).click();
  await expect(page.getByText("已发布第 1 版")).toBeVisible();
  await expect(page.getByRole("heading", { name: "GPU 显存怎么看" })).toBeVisible();
  await expect(page.getByText("有未发布的修改")).toBeVisible();
  // The index follows the published version: version 1's title has no such word.
  expect(await visitorSearch(browser, javaScriptEnabled, titleWord)).toEqual([]);
  expect(await visitorSearch(browser, javaScriptEnabled, bodyWord)).toEqual([`/docs/${slug}`]);

  // 下线 asks twice: without the box ticked nothing changes.
  await page.getByRole("button", { name: "下线" }).click();
  await expect(page.getByText("请先勾选“确认下线”")).toBeVisible();
  await expect(page.getByText("已发布", { exact: true })).toBeVisible();
  await page.getByLabel("确认下线（访客将看不到它）").check();
  await page.getByRole("button", { name: "下线" }).click();
  await expect(page.getByText("已下线，访客将看不到它")).toBeVisible();
  expect((await page.request.get(`/docs/${slug}`)).status()).toBe(404);
  expect(await visitorSearch(browser, javaScriptEnabled, bodyWord)).toEqual([]);

  await page.getByRole("navigation", { name: "内容类别" }).getByRole("link", { name: "文档" }).click();
  const row = page.getByRole("row").filter({ hasText: slug });
  await expect(row).toContainText("已下线");
  await expect(row).toContainText("第 2 版");
});

test("an editor adds a dataset with its size in GB; a size that is not a GB figure is refused beside it", async ({
  page,
  baseURL,
}) => {
  const login = uniqueStaffLogin();
  await addStaffByCli(baseURL!, login, "编辑小周", "editor");
  await staffLogsIn(page, login);
  await page.goto("/desk/content/dataset/new");
  const slug = `cifar-${randomInt(0, 1e9)}`;
  await fieldOf(page, "网址名").fill(slug);
  await fieldOf(page, "名称").fill("CIFAR-10");
  await fieldOf(page, "任务类型").fill("图像分类");
  await fieldOf(page, "大小（GB）").fill("1.5 TB");
  await fieldOf(page, "文件数").fill("6");
  await fieldOf(page, "许可证").fill("MIT");
  await fieldOf(page, "来源网址").fill("https://www.cs.toronto.edu/~kriz/cifar.html");
  await fieldOf(page, "实例内路径").fill("/root/gpu-pub/cifar-10");
  await page.getByRole("button", { name: "保存为草稿" }).click();
  await expect(page.getByText("大小请填写 GB 数（最多 9 位小数），如 150 或 0.17")).toBeVisible();
  await expect(fieldOf(page, "名称")).toHaveValue("CIFAR-10");

  await fieldOf(page, "大小（GB）").fill("0.170498071");
  await page.getByRole("button", { name: "保存为草稿" }).click();
  await expect(page.getByRole("heading", { name: "CIFAR-10" })).toBeVisible();
  await expect(fieldOf(page, "大小（GB）")).toHaveValue("0.170498071");
  // A draft dataset: its page is the site's 404 and the list does not show it.
  expect((await page.request.get(`/dataset/${slug}`)).status()).toBe(404);
  expect(await (await page.request.get("/dataset")).text()).not.toContain(`/dataset/${slug}`);
  await page.getByRole("link", { name: "查看第 1 版" }).click();
  await expect(page.getByRole("row", { name: "大小（GB） 0.170498071" })).toBeVisible();
  expect(await seriousViolationsOfDocument(page, test.info().project.name !== "js-off")).toEqual([]);
});

test("an editor adds a software release with its file and withdraws it, asked twice", async ({ page, baseURL }) => {
  const login = uniqueStaffLogin();
  await addStaffByCli(baseURL!, login, "编辑小吴", "editor");
  await staffLogsIn(page, login);
  await page.goto("/desk/content/software/new");
  const slug = `sftp-helper-${randomInt(0, 1e9)}`;
  const name = `文件传输助手 ${slug}`;
  await fieldOf(page, "网址名").fill(slug);
  await fieldOf(page, "名称").fill(name);
  await page.getByRole("button", { name: "保存为草稿" }).click();
  await expect(page.getByRole("heading", { name: "文件传输助手" })).toBeVisible();

  const add = page.getByRole("form", { name: "添加版本" });
  await add.getByRole("button", { name: "添加版本" }).click();
  await expect(add.getByText("请填写版本号")).toBeVisible();

  const version = `1.0.${randomInt(0, 1e6)}`;
  const bytes = Buffer.from(`#!/bin/sh\necho "文件传输助手 ${version}"\n`);
  await add.getByLabel("版本号").fill(version);
  await add.getByLabel("适用系统").selectOption("linux");
  await add.getByLabel(/^安装包/).setInputFiles({ name: "sftp-helper.sh", mimeType: "text/x-sh", buffer: bytes });
  await add.getByRole("button", { name: "添加版本" }).click();
  await expect(page.getByText(`已添加版本 ${version}`)).toBeVisible();
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const row = page.getByRole("region", { name: "版本发布" }).getByRole("row").filter({ hasText: version });
  await expect(row).toContainText("Linux");
  await expect(row).toContainText("sftp-helper.sh");
  await expect(row.locator("code")).toHaveAttribute("title", sha256);
  // The tool is a draft: /software does not list it and its release's download is the site's 404.
  expect(await (await page.request.get("/software")).text()).not.toContain(name);
  const releaseId = await row.locator('input[name="release_id"]').getAttribute("value");
  expect(releaseId).toMatch(/^\d+$/);
  expect((await page.request.get(`/software/download/${releaseId}`)).status()).toBe(404);

  await row.getByRole("button", { name: "撤回" }).click();
  await expect(page.getByText("请先勾选“确认撤回”")).toBeVisible();
  await row.getByLabel("确认撤回").check();
  await row.getByRole("button", { name: "撤回" }).click();
  await expect(page.getByText("已撤回该版本，访客将看不到它")).toBeVisible();
  await expect(row).toContainText("已撤回");
});

test("an editor adds a model, a bad field refused beside it; a draft is 404, published it shows on /AIModels", async ({
  page,
  baseURL,
  login,
}) => {
  const staff = uniqueStaffLogin();
  await addStaffByCli(baseURL!, staff, "编辑小孙", "editor");
  await staffLogsIn(page, staff);
  await page.goto("/desk/content/model/new");
  await expect(page.getByRole("heading", { name: "新建模型" })).toBeVisible();
  const slug = `glm-4-9b-chat-${randomInt(0, 1e9)}`;
  const name = `GLM-4-9B-Chat ${slug.slice(-9)}`;
  await fieldOf(page, "网址名").fill(slug);
  await fieldOf(page, "名称").fill(name);
  await fieldOf(page, "类别").selectOption({ label: "大语言模型" });
  await fieldOf(page, "发布方").fill("智谱 AI");
  await fieldOf(page, "参数量").fill("9B");
  await fieldOf(page, "所需显存（GB）").fill("二十四");
  await fieldOf(page, "镜像").selectOption({ index: 1 });
  await fieldOf(page, "许可证").fill("GLM-4 模型许可");
  await fieldOf(page, "摘要").fill("中英双语对话模型，128K 上下文。");
  await typeBody(page, "## 启动\n\n```bash\nvllm serve THUDM/glm-4-9b-chat\n```");
  await page.getByRole("button", { name: "保存为草稿" }).click();
  await expect(page.getByText("所需显存须为整数")).toBeVisible();
  await expect(fieldOf(page, "所需显存（GB）")).toHaveAttribute("aria-invalid", "true");
  await expect(fieldOf(page, "名称")).toHaveValue(name);

  await fieldOf(page, "所需显存（GB）").fill("24");
  await page.getByRole("button", { name: "保存为草稿" }).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByText("草稿", { exact: true })).toBeVisible();
  const editUrl = page.url();

  // A draft model: the page is the site's 404 even for a signed-in user, and the library does not show it.
  await login();
  expect((await page.request.get(`/AIModels/${slug}`)).status()).toBe(404);
  await page.goto("/AIModels");
  await expect(page.getByTestId("model").first()).toBeVisible();
  await expect(page.locator(`[data-testid="model"][data-slug="${slug}"]`)).toHaveCount(0);

  await page.goto(editUrl);
  await page.getByRole("button", { name: "发布第 1 版" }).click();
  await expect(page.getByText("已发布第 1 版")).toBeVisible();

  await page.goto("/AIModels?family=llm");
  const card = page.locator(`[data-testid="model"][data-slug="${slug}"]`);
  await expect(card).toContainText("智谱 AI");
  await card.getByRole("link", { name }).click();
  await expect(page).toHaveURL(`/AIModels/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  const facts = page.getByTestId("model-facts");
  await expect(facts).toContainText("9B");
  await expect(facts).toContainText("24 GB");
  await expect(facts).toContainText("GLM-4 模型许可");
  await expect(page.getByTestId("model-body")).toContainText("vllm serve THUDM/glm-4-9b-chat");
  await expect(page.locator('[data-testid="model-fit"][data-gpu="rtx4090"]')).toContainText("1 × RTX 4090");
});

test("an agent sees no 内容管理 and is refused there with 403", async ({ page, baseURL }) => {
  const login = uniqueStaffLogin();
  await addStaffByCli(baseURL!, login, "客服小王", "agent");
  await staffLogsIn(page, login);
  await expect(page.getByRole("link", { name: "内容管理" })).toHaveCount(0);
  for (const path of ["/desk/content", "/desk/content/doc", "/desk/content/doc/new", "/desk/content/model/1"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
  }
});
