/**
 * Images by paste and drop in the markdown editor (issue 11, sections 3 and
 * 5), with JavaScript: a PNG pasted from the clipboard and one dropped on the
 * editor upload, their markdown appears at the cursor, and the files are
 * posted with the order; a staff member replies from the desk with the same
 * editor, a pasted screenshot included, and the user sees it. Without
 * JavaScript both are plain textareas (work-order-support.spec.ts, desk.spec.ts).
 * An editor pastes a screenshot into a doc's body in the content desk
 * (issue 35 §2); the published doc shows it to a visitor.
 */
import { randomInt } from "node:crypto";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { PHP_SHELL, pngImage } from "../support/upload-fixtures";
import { expect, test } from "./fixtures/session";
import { addStaffByCli, staffLogsIn, uniqueStaffLogin } from "./staff";

const png = (width: number, height: number) => Buffer.from(pngImage(width, height)).toString("base64");

/** Fires a paste of one PNG file at the editor's textarea, as the browser does for a screenshot. */
async function pastePng(textarea: Locator, name: string, base64: string) {
  await textarea.evaluate(
    (el, [fileName, data]) => {
      const bytes = Uint8Array.from(atob(data!), (c) => c.charCodeAt(0));
      const clipboard = new DataTransfer();
      clipboard.items.add(new File([bytes], fileName!, { type: "image/png" }));
      el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: clipboard, bubbles: true, cancelable: true }));
    },
    [name, base64],
  );
}

/** Drags one PNG file over the editor and drops it, as from a file manager. */
async function dropPng(target: Locator, name: string, base64: string) {
  await target.evaluate(
    (el, [fileName, data]) => {
      const bytes = Uint8Array.from(atob(data!), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], fileName!, { type: "image/png" }));
      const over = new DragEvent("dragover", { dataTransfer: transfer, bubbles: true, cancelable: true });
      el.dispatchEvent(over);
      // The editor takes the drag (else the browser would open the file instead of the page).
      if (!over.defaultPrevented) throw new Error("the editor did not take the dragged file");
      el.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    [name, base64],
  );
}

/** Sets the text and puts the cursor at `at`. */
async function typeAt(textarea: Locator, text: string, at: number) {
  await textarea.fill(text);
  await textarea.evaluate((el: HTMLTextAreaElement, i) => el.setSelectionRange(i, i), at);
}

/** The work-order form of 充值未到账 about the account, with the editor loaded. */
async function openSubmitForm(page: Page) {
  await page.goto("/console/createWorkOrder/selectQuestion");
  await page.getByRole("link", { name: "充值未到账" }).click();
  await page.getByTestId("documents").getByRole("link", { name: "提交工单（账户问题）" }).click();
  await expect(page.locator("[data-markdown-editor=rich]")).toBeVisible();
  return page.getByTestId("markdown-editor");
}

test("a pasted and a dropped PNG upload, appear as image markdown at the cursor and are posted with the order", async ({
  page,
  login,
}) => {
  test.setTimeout(90_000);
  await login();
  const editor = await openSubmitForm(page);
  const textarea = editor.locator("textarea");
  const status = editor.getByTestId("markdown-editor-status");

  await typeAt(textarea, "粘贴：\n拖入：", 3);
  await pastePng(textarea, "粘贴.png", png(40, 30));
  await expect(textarea).toHaveValue(/^粘贴：!\[粘贴\.png\]\(\/work-order-files\/\d+\)\n拖入：$/);
  await textarea.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length, el.value.length));
  await dropPng(editor, "拖入.png", png(20, 10));
  await expect(textarea).toHaveValue(
    /^粘贴：!\[粘贴\.png\]\(\/work-order-files\/\d+\)\n拖入：!\[拖入\.png\]\(\/work-order-files\/\d+\)$/,
  );
  await expect(status).toHaveText("");
  // The form carries both uploads as its attachments, and the editor lists them.
  const attachments = page.locator('input[type=hidden][name="attachment_ids"]');
  await expect(attachments).toHaveCount(2);
  await expect(editor.getByRole("region", { name: "已上传的图片" }).getByRole("listitem")).toHaveCount(2);
  // Removal takes the image out of the text and out of the form's attachments; undo brings both back.
  const withBoth = await textarea.inputValue();
  await editor.getByRole("button", { name: "移除 拖入.png" }).click();
  await expect(textarea).toHaveValue(/^粘贴：!\[粘贴\.png\]\(\/work-order-files\/\d+\)\n拖入：$/);
  await expect(attachments).toHaveCount(1);
  await editor.getByRole("button", { name: "撤销", exact: true }).click();
  await expect(textarea).toHaveValue(withBoth);
  await expect(attachments).toHaveCount(2);
  // The live preview shows the pasted image.
  await expect
    .poll(() =>
      editor
        .locator('img[alt="粘贴.png"]')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(40);

  // A file that is not an image is refused beside the editor, in Chinese, and nothing is inserted.
  const before = await textarea.inputValue();
  await textarea.evaluate((el) => {
    const clipboard = new DataTransfer();
    clipboard.items.add(new File(["%PDF-1.4"], "报告.pdf", { type: "application/pdf" }));
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: clipboard, bubbles: true, cancelable: true }));
  });
  await expect(status).toHaveText("“报告.pdf”：仅支持 gif、jpeg、jpg、png、svg 图片");
  await expect(textarea).toHaveValue(before);
  // A PNG the platform refuses (broken bytes): the placeholder goes again, the platform's reason shows.
  await pastePng(textarea, "坏图.png", Buffer.from("not a png at all").toString("base64"));
  await expect(status).toContainText("上传失败：");
  await expect(textarea).toHaveValue(before);

  await page.getByLabel("标题").fill(`粘贴与拖入的截图 ${Date.now()}`);
  await page.getByLabel(/我已阅读并同意/).check();
  await page.getByRole("button", { name: "提交工单" }).click();
  await expect(page).toHaveURL(/\/console\/createWorkOrder\/myWorkOrderDetail\/\d+$/);
  // Both images are in the description and among the order's attachments (each shown twice).
  const description = page.getByTestId("thread-message").first();
  for (const [name, width] of [
    ["粘贴.png", 40],
    ["拖入.png", 20],
  ] as const) {
    await expect(description.locator(`img[alt="${name}"]`)).toHaveCount(2);
    await expect
      .poll(() =>
        description
          .locator(`img[alt="${name}"]`)
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(width);
  }
});

test("a staff member replies from the desk in the editor with a pasted screenshot; the user sees it", async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await login();
  const title = `桌面编辑器回复 ${Date.now()}`;
  await openSubmitForm(page);
  await page.getByLabel("标题").fill(title);
  await page.getByLabel(/问题描述/).fill("充值后余额没有变化。");
  await page.getByLabel(/我已阅读并同意/).check();
  await page.getByRole("button", { name: "提交工单" }).click();
  await expect(page).toHaveURL(/\/console\/createWorkOrder\/myWorkOrderDetail\/\d+$/);
  const detail = new URL(page.url()).pathname;
  const orderId = detail.split("/").at(-1)!;

  const staffLogin = uniqueStaffLogin();
  await addStaffByCli(baseURL!, staffLogin, "客服小周");
  const desk = await browser.newContext({ baseURL });
  const staff = await desk.newPage();
  await staffLogsIn(staff, staffLogin);
  await staff.goto(`/desk/orders/${orderId}`);
  await expect(staff.locator("[data-markdown-editor=rich]")).toBeVisible();
  const editor = staff.getByTestId("markdown-editor");
  const textarea = editor.locator("textarea");

  // An internal note still goes as before, in the editor (and never to the user).
  await textarea.fill("内部备注：已核对充值流水。");
  await staff.getByRole("button", { name: "添加内部备注" }).click();
  await expect(staff.getByTestId("thread-internal_note")).toContainText("已核对充值流水");
  // The box is empty again for the next message.
  await expect(staff.locator("[data-markdown-editor=rich] textarea")).toHaveValue("");

  await typeAt(textarea, "您好，到账记录如下：", 10);
  await pastePng(textarea, "到账记录.png", png(32, 16));
  await expect(textarea).toHaveValue(/^您好，到账记录如下：!\[到账记录\.png\]\(\/work-order-files\/\d+\)$/);
  // The desk's preview shows the staff member's upload through the desk's own file route.
  const preview = editor.locator('img[alt="到账记录.png"]').first();
  await expect(preview).toHaveAttribute("src", /^\/desk\/files\/\d+$/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(32);
  // Drafts are kept per staff member and order, apart from the user's (written 500 ms after the last change).
  await expect
    .poll(() => staff.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("markdown-draft:"))))
    .toEqual([expect.stringMatching(new RegExp(`^markdown-draft:desk-reply:\\d+:${orderId}$`))]);

  // An internal note takes no images (they are for the user): refused beside the editor, the text kept.
  const written = await textarea.inputValue();
  await staff.getByRole("button", { name: "添加内部备注" }).click();
  await expect(staff.locator("[data-markdown-editor]").getByRole("alert")).toHaveText(
    "图片只能随“回复用户”或“请用户补充”发送，请先从正文中移除",
  );
  await expect(textarea).toHaveValue(written);

  await staff.getByRole("button", { name: "回复用户" }).click();
  await expect(staff.getByTestId("order-status")).toHaveText("处理中");
  const reply = staff.getByTestId("thread-comment").filter({ hasText: "到账记录如下" });
  await expect
    .poll(() => reply.locator('img[alt="到账记录.png"]').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(32);
  // Attached to the order with the reply.
  await expect(staff.getByTestId("thread-attachment").filter({ hasText: "到账记录.png" })).toBeVisible();
  await expect(staff.locator("[data-markdown-editor=rich] textarea")).toHaveValue("");

  // The user reads the reply with its image; the note is not there.
  await page.goto(detail);
  const message = page.getByTestId("thread-message").filter({ hasText: "到账记录如下" });
  await expect
    .poll(() =>
      message
        .locator('img[alt="到账记录.png"]')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(32);
  await expect(page.getByTestId("work-order-thread")).not.toContainText("已核对充值流水");

  // The desk's upload route takes what the users' takes, from the staff session, for an open order.
  const upload = (request: APIRequestContext, id: string, buffer: Buffer, origin = baseURL!) =>
    request.post(`/desk/orders/${id}/upload`, {
      headers: { Origin: origin },
      multipart: { file: { name: "x.png", mimeType: "image/png", buffer } },
    });
  const pixel = Buffer.from(pngImage());
  const php = await upload(staff.request, orderId, Buffer.from(PHP_SHELL));
  // /staff answers refusals in the main API's envelope (HTTP 400), not with /third-party's 415.
  expect(php.status()).toBe(400);
  expect(((await php.json()) as { error: string }).error).toContain("仅支持 gif、jpeg、jpg、png、svg 图片");
  expect((await upload(staff.request, orderId, pixel, "https://evil.example")).status()).toBe(403);
  expect((await upload(staff.request, "999999999", pixel)).status()).toBe(404);
  // The user's session is no staff session.
  expect((await upload(page.request, orderId, pixel)).status()).toBe(401);

  // Resolving still works from the same form; a resolved order takes no more images.
  await staff.getByRole("button", { name: "标记已解决" }).click();
  await expect(staff.getByTestId("order-status")).toHaveText("已解决");
  const late = await upload(staff.request, orderId, pixel);
  expect(late.status()).toBe(409);
  expect(((await late.json()) as { error: string }).error).toBe("工单已结束，不能再上传图片");
  await desk.close();
});

test("an editor pastes a screenshot into a doc's body in the content desk; the published doc shows it", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const staffLogin = uniqueStaffLogin();
  await addStaffByCli(baseURL!, staffLogin, "编辑小郑", "editor");
  await staffLogsIn(page, staffLogin);
  await page.goto("/desk/content/doc/new");
  const slug = `ssh-screenshot-${randomInt(0, 1e9)}`;
  await page.getByLabel("网址名", { exact: true }).fill(slug);
  await page.getByLabel("标题", { exact: true }).fill("用 SSH 连接实例（附截图）");
  await page.getByLabel("所属栏目", { exact: true }).selectOption({ index: 1 });
  await expect(page.locator("[data-markdown-editor=rich]")).toBeVisible();
  const editor = page.getByTestId("markdown-editor");
  const textarea = editor.locator("textarea");

  await typeAt(textarea, "连接成功后终端如下：\n", 10);
  await pastePng(textarea, "终端.png", png(48, 24));
  await expect(textarea).toHaveValue(/^连接成功后终端如下：!\[终端\.png\]\(\/content-images\/\d+\)\n$/);
  await expect(editor.getByTestId("markdown-editor-status")).toHaveText("");
  const preview = editor.locator('img[alt="终端.png"]').first();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);

  await page.getByRole("button", { name: "保存为草稿" }).click();
  await expect(page.getByRole("heading", { name: "用 SSH 连接实例（附截图）" })).toBeVisible();
  await page.getByRole("button", { name: "发布第 1 版" }).click();
  await expect(page.getByText("已发布第 1 版")).toBeVisible();

  // A visitor (no session) reads the doc and its image loads.
  const visitor = await browser.newPage({ baseURL });
  const response = await visitor.goto(`/docs/${slug}`);
  expect(response?.status()).toBe(200);
  const image = visitor.locator('img[alt="终端.png"]');
  await expect(image).toHaveAttribute("src", /^\/content-images\/\d+$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
  await visitor.close();
});
