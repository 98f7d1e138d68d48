/**
 * The markdown editor with JavaScript (issue 11, sections 3 and 6): each
 * toolbar button changes the text as it says, 20-step undo, the draft
 * survives a reload, and the XSS corpus in the live preview runs nothing.
 * It runs on the work-order submit page, the product page that embeds the
 * editor (app/components/markdown-editor/MarkdownEditor.tsx). Without
 * JavaScript the same field is a plain textarea (the submit journey covers it).
 */
import type { Locator, Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures/session";
import { XSS_CORPUS } from "./fixtures/xss-corpus";

/** A 1×1 PNG for the upload. */
const PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * Signs in as a fresh user and opens the form of 充值未到账 about the account
 * (the seeded catalogue), as a user would; waits for the editor to load.
 */
async function openEditor(page: Page, login: () => Promise<unknown>) {
  await login();
  await page.goto("/console/createWorkOrder");
  await page.getByRole("link", { name: "充值未到账" }).click();
  await page.getByTestId("documents").getByRole("link", { name: "提交工单（账户问题）" }).click();
  await expect(page).toHaveURL(/\/console\/createWorkOrder\/submit\//);
  await expect(page.locator("[data-markdown-editor=rich]")).toBeVisible();
  return editorOn(page);
}

function editorOn(page: Page) {
  const editor = page.getByTestId("markdown-editor");
  const textarea = editor.locator("textarea");
  return {
    editor,
    textarea,
    button: (name: string) => editor.getByRole("button", { name, exact: true }),
    /** Sets the text and selects [start, end). */
    async set(text: string, start = text.length, end = start) {
      await textarea.fill(text);
      await textarea.evaluate((el: HTMLTextAreaElement, [s, e]) => el.setSelectionRange(s!, e!), [start, end]);
    },
  };
}

async function expectText(textarea: Locator, text: string) {
  await expect(textarea).toHaveValue(text);
}

test("each toolbar button changes the text as it says", async ({ page, login }) => {
  const { textarea, button, set } = await openEditor(page, login);
  // [button, text, selection start, selection end, text afterwards]
  const cases: [string, string, number, number, string][] = [
    ["粗体", "说重点了", 1, 3, "说**重点**了"],
    ["斜体", "斜体", 0, 2, "*斜体*"],
    ["1 级标题", "标题", 0, 0, "# 标题"],
    ["2 级标题", "# 标题", 0, 0, "## 标题"],
    ["3 级标题", "标题", 1, 1, "### 标题"],
    ["4 级标题", "标题", 0, 2, "#### 标题"],
    ["5 级标题", "标题", 0, 2, "##### 标题"],
    ["6 级标题", "标题", 0, 2, "###### 标题"],
    ["下划线", "字", 0, 1, "<u>字</u>"],
    ["删除线", "删", 0, 1, "~~删~~"],
    ["标记", "重点", 0, 2, "<mark>重点</mark>"],
    ["上标", "x2", 1, 2, "x<sup>2</sup>"],
    ["下标", "H2O", 1, 2, "H<sub>2</sub>O"],
    ["引用", "甲\n乙", 0, 3, "> 甲\n> 乙"],
    ["有序列表", "甲\n乙", 0, 3, "1. 甲\n2. 乙"],
    ["无序列表", "甲\n乙", 0, 3, "- 甲\n- 乙"],
    ["代码块", "let a = 1", 0, 9, "```\nlet a = 1\n```"],
    ["表格", "", 0, 0, "| 列 1 | 列 2 |\n| --- | --- |\n|  |  |"],
    ["左对齐", "段落", 0, 2, '<p align="left">段落</p>'],
    ["居中", "段落", 0, 2, '<p align="center">段落</p>'],
    ["右对齐", "段落", 0, 2, '<p align="right">段落</p>'],
    ["清空", "全部内容", 2, 2, ""],
  ];
  for (const [name, text, start, end, after] of cases) {
    await set(text, start, end);
    await button(name).click();
    await expectText(textarea, after);
  }
});

test("the add-link and add-image popups insert a description and an address; removal takes the image out", async ({
  page,
  login,
}) => {
  const { textarea, button, set } = await openEditor(page, login);
  // The add-link and add-image popups: a description and an address.
  await set("见", 1);
  await button("添加链接").click();
  const linkDialog = page.getByRole("dialog", { name: "添加链接" });
  await linkDialog.getByLabel("描述").fill("文档");
  await linkDialog.getByRole("button", { name: "插入" }).click();
  await expect(linkDialog.getByRole("alert")).toHaveText("请填写地址");
  await linkDialog.getByLabel("地址").fill("https://example.com/doc");
  await linkDialog.getByRole("button", { name: "插入" }).click();
  await expect(linkDialog).toBeHidden();
  await expectText(textarea, "见[文档](https://example.com/doc)");

  await set("截图：", 3);
  await button("添加图片").click();
  const imageDialog = page.getByRole("dialog", { name: "添加图片" });
  await imageDialog.getByLabel("描述").fill("报错");
  await imageDialog.getByLabel("地址").fill("/favicon.svg");
  await imageDialog.getByLabel("地址").press("Enter");
  await expectText(textarea, "截图：![报错](/favicon.svg)");

  // Image removal: the image at the cursor goes.
  await textarea.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(5, 5));
  await button("删除光标处的图片").click();
  await expectText(textarea, "截图：");
});

test("the toolbar's save, navigation, HTML view, help and view buttons do as they say", async ({ page, login }) => {
  const { editor, textarea, button, set } = await openEditor(page, login);
  // Save: the draft is written now.
  await set("草稿内容");
  await button("保存草稿").click();
  await expect(page.getByTestId("markdown-editor-status")).toHaveText("草稿已保存");

  // Navigation: the headings, and a click puts the cursor on one.
  await set("# 第一章\n正文\n## 第二节\n更多");
  await button("导航").click();
  const nav = page.getByTestId("markdown-panel-navigation");
  await nav.getByRole("button", { name: "第二节" }).click();
  expect(await textarea.evaluate((el: HTMLTextAreaElement) => el.selectionStart)).toBe("# 第一章\n正文\n".length);

  // HTML view: the sanitised HTML as text.
  await set("**粗**");
  await button("HTML 视图").click();
  await expect(page.getByTestId("markdown-html-view")).toContainText("<strong>粗</strong>");
  await button("HTML 视图").click();

  // Help.
  await button("帮助").click();
  await expect(page.getByTestId("markdown-panel-help")).toContainText("换行会保留");

  // Preview, columns, fullscreen and read mode.
  const container = editor.locator(".w-md-editor");
  await button("预览").click();
  await expect(container).toHaveClass(/w-md-editor-show-preview/);
  await expect(button("粗体")).toBeDisabled();
  await button("预览").click();
  await expect(container).toHaveClass(/w-md-editor-show-live/);
  await button("单栏").click();
  await expect(container).toHaveClass(/w-md-editor-show-edit/);
  await button("双栏").click();
  await expect(container).toHaveClass(/w-md-editor-show-live/);
  await button("全屏").click();
  await expect(container).toHaveClass(/w-md-editor-fullscreen/);
  await button("全屏").click();
  await expect(container).not.toHaveClass(/w-md-editor-fullscreen/);
  await button("阅读模式").click();
  await expect(container).toHaveClass(/w-md-editor-fullscreen/);
  await expect(container).toHaveClass(/w-md-editor-show-preview/);
  await button("退出阅读模式").click();
  await expect(container).toHaveClass(/w-md-editor-show-live/);
});

test("image upload inserts the image, and removing it takes it out", async ({ page, login }) => {
  const { editor, textarea, button, set } = await openEditor(page, login);
  // Image upload: the file goes to the upload route and its markdown comes back.
  await set("上传：", 3);
  const chooser = page.waitForEvent("filechooser");
  await button("上传图片").click();
  await (await chooser).setFiles({ name: "pixel.png", mimeType: "image/png", buffer: PIXEL_PNG });
  await expect(textarea).toHaveValue(/^上传：!\[pixel\.png\]\([^)]+\)$/);
  await editor.getByRole("button", { name: "移除 pixel.png" }).click();
  await expectText(textarea, "上传：");
});

test("undo keeps 20 steps, and redo brings them back", async ({ page, login }) => {
  const { textarea, button, set } = await openEditor(page, login);
  await set("x", 1);
  for (let i = 0; i < 25; i++) {
    await textarea.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length, el.value.length));
    await button("粗体").click();
  }
  await expectText(textarea, `x${"****".repeat(25)}`);
  for (let i = 0; i < 20; i++) await button("撤销").click();
  await expectText(textarea, `x${"****".repeat(5)}`);
  await button("撤销").click();
  await expectText(textarea, `x${"****".repeat(5)}`);
  for (let i = 0; i < 3; i++) await button("重做").click();
  await expectText(textarea, `x${"****".repeat(8)}`);
  await textarea.press("Control+z");
  await expectText(textarea, `x${"****".repeat(7)}`);
});

test("the draft is saved after typing stops and offered back after a reload", async ({ page, login }) => {
  const { textarea } = await openEditor(page, login);
  await textarea.click();
  await textarea.pressSequentially("服务器无法启动，报错如下");
  await page.waitForTimeout(800);
  await page.reload();
  const { textarea: again } = editorOn(page);
  const offer = page.getByTestId("markdown-draft-offer");
  await expect(offer).toContainText("自动保存的草稿");
  await offer.getByRole("button", { name: "恢复草稿" }).click();
  await expectText(again, "服务器无法启动，报错如下");
  await expect(editorOn(page).editor.locator('input[type="hidden"]').first()).toHaveValue("服务器无法启动，报错如下");
});

test("the XSS corpus in the live preview runs no script", async ({ page, login }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const { editor, textarea, button } = await openEditor(page, login);
  await textarea.fill(XSS_CORPUS.join("\n\n"));
  const preview = editor.locator(".w-md-editor-preview .wmde-markdown");
  await expect(preview).toContainText("markdown 链接");
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
  // No element that runs or loads script, no event handler, no dangerous URL: read from the DOM itself.
  const found = await preview.locator("*").evaluateAll((els) =>
    els.map((el) => ({
      tag: el.tagName.toLowerCase(),
      handlers: el.getAttributeNames().filter((n) => n.startsWith("on")),
      urls: ["href", "src", "action", "formaction", "xlink:href", "data"].map((n) => el.getAttribute(n) ?? ""),
    })),
  );
  for (const { tag, handlers, urls } of found) {
    expect(["script", "iframe", "object", "embed", "form", "svg", "math", "style", "base", "meta"]).not.toContain(tag);
    expect(handlers).toEqual([]);
    for (const url of urls)
      expect(url.replace(/[\u0000-\u0020]/g, "")).not.toMatch(/^(javascript:|vbscript:|file:|data:text\/html)/i);
  }
  await button("HTML 视图").click();
  await expect(page.getByTestId("markdown-html-view")).toContainText("markdown 链接");
  // Hover the links that are left, as a reader would (an onmouseover would fire).
  for (const link of await preview.locator("a").all()) await link.hover().catch(() => undefined);
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
});

test("the loaded editor, its panels and its link popup pass axe", async ({ page, login }) => {
  const { button } = await openEditor(page, login);
  await button("导航").click();
  expect(await seriousViolations(page)).toEqual([]);
  await button("添加链接").click();
  await expect(page.getByRole("dialog", { name: "添加链接" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
