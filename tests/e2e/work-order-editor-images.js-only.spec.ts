/**
 * Images uploaded through the markdown editor (issue 11 §3) become the work
 * order's attachments when the form is posted, on submit and on reply (their
 * ids travel as hidden `attachment_ids` fields; an upload nothing claims is
 * purged after 7 days). JavaScript only: without it the editor is a plain
 * textarea and files go through 附件 (the submit journey in work-orders.spec.ts).
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures/session";
import { pngImage } from "../support/upload-fixtures";

/** Uploads a PNG through the loaded editor's 上传图片 button, after the text already typed. */
async function uploadThroughEditor(page: Page, editor: Locator, name: string, width: number) {
  const chooser = page.waitForEvent("filechooser");
  await editor.getByRole("button", { name: "上传图片", exact: true }).click();
  await (await chooser).setFiles({ name, mimeType: "image/png", buffer: Buffer.from(pngImage(width, 20)) });
  await expect(editor.locator("textarea")).toHaveValue(
    new RegExp(`!\\[${name.replace(".", "\\.")}\\]\\(/work-order-files/\\d+\\)`),
  );
}

/** The image named `name` in the thread's 附件 list has loaded at its width. */
async function expectAttachedImage(page: Page, name: string, width: number) {
  const image = page.getByTestId("work-order-thread").getByRole("list", { name: "附件" }).getByRole("img", { name });
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(width);
}

test("an image uploaded in the editor is attached to the order on submit, and to the thread on reply", async ({
  page,
  login,
}) => {
  await login();
  await page.goto("/console/createWorkOrder");
  await page.getByRole("link", { name: "充值未到账" }).click();
  await page.getByTestId("documents").getByRole("link", { name: "提交工单（账户问题）" }).click();
  const submitEditor = page.getByTestId("markdown-editor");
  await expect(page.locator("[data-markdown-editor=rich]")).toBeVisible();
  await submitEditor.locator("textarea").fill("付款截图：");
  await uploadThroughEditor(page, submitEditor, "付款截图.png", 30);
  await page.getByLabel("标题").fill(`编辑器图片 ${Date.now()}`);
  await page.getByLabel(/我已阅读并同意/).check();
  await page.getByRole("button", { name: "提交工单" }).click();
  await expect(page).toHaveURL(/\/console\/createWorkOrder\/myWorkOrderDetail\/\d+$/);
  // Shown in the description, and attached to the order (the 附件 list holds attached files only).
  await expect(page.getByTestId("message-body").getByRole("img", { name: "付款截图.png" })).toBeVisible();
  await expectAttachedImage(page, "付款截图.png", 30);

  const replyEditor = page.getByTestId("reply-form").getByTestId("markdown-editor");
  await expect(page.getByTestId("reply-form").locator("[data-markdown-editor=rich]")).toBeVisible();
  await replyEditor.locator("textarea").fill("重启后：");
  await uploadThroughEditor(page, replyEditor, "重启后.png", 50);
  await page.getByRole("button", { name: "发送回复" }).click();
  await expect(page.getByRole("status").filter({ hasText: "回复已发送" })).toBeVisible();
  await expectAttachedImage(page, "重启后.png", 50);
});
