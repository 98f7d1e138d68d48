/**
 * Issue 11 §6, end to end with JavaScript on and off: a user submits a work
 * order with a screenshot through the pages; a staff member logs in to /desk
 * and replies; the user's work-order link goes to 我的工单 with the unread mark
 * (the account menu with JavaScript, the console navigation without); the user
 * reads the reply (the mark clears on that page already), comments, and the
 * staff member resolves it.
 */
import type { Page } from "@playwright/test";
import { pngImage } from "../support/upload-fixtures";
import { expect, test } from "./fixtures/session";
import { addStaffByCli, staffLogsIn, uniqueStaffLogin } from "./staff";

/** Where the user sees the unread mark: the account menu with JavaScript, the console navigation without. */
async function workOrderLink(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled)
    return page.getByRole("navigation", { name: "控制台导航" }).getByRole("link", { name: /我的工单/ });
  await page.getByRole("button", { name: "账户菜单" }).click();
  return page.getByRole("menu").getByTestId("work-order-link");
}

test("a user's work order with a screenshot is answered on the desk, read, commented on and resolved", async ({
  page,
  login,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  await login();
  const title = `GPU 实例无法开机 ${Date.now()}`;

  // The user: question, form, screenshot.
  await page.goto("/console/createWorkOrder/selectQuestion");
  await page.getByRole("link", { name: "充值未到账" }).click();
  await page.getByTestId("documents").getByRole("link", { name: "提交工单（账户问题）" }).click();
  await page.getByLabel("标题").fill(title);
  await page.getByLabel(/问题描述/).fill("开机后一直是 **创建中**，请帮忙看看。");
  await page
    .getByLabel("附件")
    .setInputFiles({ name: "截图.png", mimeType: "image/png", buffer: Buffer.from(pngImage(64, 48)) });
  await page.getByLabel(/我已阅读并同意/).check();
  await page.getByRole("button", { name: "提交工单" }).click();
  await expect(page).toHaveURL(/\/console\/createWorkOrder\/myWorkOrderDetail\/\d+$/);
  const detail = new URL(page.url()).pathname;
  const screenshot = page.getByTestId("work-order-thread").locator("img").first();
  await expect.poll(() => screenshot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);

  // Staff, in their own browser: log in, find it, reply.
  const staffLogin = uniqueStaffLogin();
  await addStaffByCli(baseURL!, staffLogin, "客服小林");
  const desk = await browser.newContext({ baseURL, javaScriptEnabled });
  const staff = await desk.newPage();
  await staffLogsIn(staff, staffLogin);
  await staff.goto("/desk?status=new");
  await staff.getByRole("row").filter({ hasText: title }).getByRole("link", { name: title }).click();
  // The link staff paste into a chat is the user's own page of this order.
  await expect(staff.getByLabel("用户查看链接")).toHaveValue(new URL(detail, baseURL).href);
  await staff.getByLabel("内容（支持 Markdown）").fill("您好，宿主机已恢复，请**重新开机**后再试。");
  await staff.getByRole("button", { name: "回复用户" }).click();
  await expect(staff.getByTestId("order-status")).toHaveText("处理中");

  // The user: the link goes to 我的工单 with the mark.
  await page.goto("/console/dashboard");
  const link = await workOrderLink(page, javaScriptEnabled);
  await expect(link).toContainText("我的工单");
  await expect(link.getByRole("img", { name: "有未读回复" })).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/console\/createWorkOrder\/myWorkOrder/);
  const row = page.getByTestId("work-order-row").filter({ hasText: title });
  await expect(row.getByTestId("unread-mark")).toBeVisible();
  await row.getByRole("link", { name: new RegExp(title) }).click();
  await expect(page).toHaveURL(detail);
  await expect(page.getByTestId("work-order-thread")).toContainText("宿主机已恢复");
  // Read: the mark is gone on this very page, and after.
  const nav = page.getByRole("navigation", { name: "控制台导航" });
  await expect(nav.getByRole("img", { name: "有未读回复" })).toHaveCount(0);
  await page.goto("/console/createWorkOrder/myWorkOrder");
  await expect(page.getByTestId("work-order-row").filter({ hasText: title }).getByTestId("unread-mark")).toHaveCount(0);

  // The user comments; staff see it and resolve the order; the user sees 已解决.
  await page.goto(detail);
  await page.getByLabel(/回复内容/).fill("已重新开机，恢复正常，谢谢！");
  await page.getByRole("button", { name: "发送回复" }).click();
  await expect(page.getByTestId("work-order-thread")).toContainText("恢复正常");
  await staff.reload();
  await expect(staff.getByTestId("thread-comment").filter({ hasText: "恢复正常" })).toBeVisible();
  await staff.getByRole("button", { name: "标记已解决" }).click();
  await expect(staff.getByTestId("order-status")).toHaveText("已解决");
  await page.goto(detail);
  await expect(page.getByTestId("work-order-status")).toHaveText("已解决");
  await desk.close();
});
