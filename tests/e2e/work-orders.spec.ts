/**
 * The user's work-order pages (issue 11 §2 and §6), JavaScript on and off:
 * pick a question and read its documents, submit a work order (errors beside
 * their fields keep the text), see it in 我的工单, read it (markdown
 * rendered), reply, subscribe, revoke another (a dialog with JavaScript, the
 * confirm page without); a logged-out user opening the detail URL lands on
 * it after login; another user gets 404 (on the order and on its image); an
 * order about an instance picks it from the user's instances.
 * Axe on each page with its data.
 */
import type { Page } from "@playwright/test";
import { seriousViolationsOfDocument } from "./axe";
import { signIn } from "./fixtures/session";
import { expect, test } from "./fixtures/session";
import { noticeEmailLink } from "./notice-email-link";
import { rentHourlyByApi, tokenOf, topUp } from "./platform-calls";
import { DEMO, DEMO_SUB, logout, TEST_PASSWORD } from "./support";
import { elevenMegabytes, PHP_SHELL, pngImage } from "../support/upload-fixtures";

/** A description longer than the form kit's 200 characters, with markdown in it. */
const LONG_BODY = `控制台余额没有变化，**已扣款 200 元**。\n\n${"补充说明：支付时间为上午十点二十分。".repeat(12)}`;

/** The flash toast that says `text`. */
const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/** From the console's entry to the form of 充值未到账 about the account. */
async function openForm(page: Page) {
  await page.goto("/console/createWorkOrder");
  await expect(page).toHaveURL("/console/createWorkOrder/selectQuestion");
  await page.getByRole("link", { name: "充值未到账" }).click();
  const documents = page.getByTestId("documents");
  await expect(documents).toContainText("充值未到账怎么办");
  await documents.getByRole("link", { name: "提交工单（账户问题）" }).click();
  await expect(page.getByRole("heading", { name: "填写工单" })).toBeVisible();
}

/** Submits a work order titled `title`; ends on its detail page, answers its path. */
async function submitWorkOrder(
  page: Page,
  title: string,
  { body = "余额没有增加，请帮忙查一下。", contactPhone }: { body?: string; contactPhone?: string } = {},
): Promise<string> {
  await openForm(page);
  await page.getByLabel("标题").fill(title);
  if (contactPhone) await page.getByLabel("联系电话").fill(contactPhone);
  await page.getByLabel(/问题描述/).fill(body);
  await page.getByLabel(/我已阅读并同意/).check();
  await page.getByRole("button", { name: "提交工单" }).click();
  await expect(page).toHaveURL(/\/console\/createWorkOrder\/myWorkOrderDetail\/\d+$/);
  await expect(toast(page, "工单已提交")).toBeVisible();
  return new URL(page.url()).pathname;
}

test("submit a work order with an image (errors keep the text), find it in 我的工单, read it, reply and subscribe", async ({
  page,
  login,
  javaScriptEnabled,
  browser,
  baseURL,
}) => {
  // A long journey with three axe checks: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const { phone } = await login();
  await openForm(page);
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);
  // The account is the resource, and the contact phone is the account's.
  await expect(page.getByRole("radio", { name: /当前账号/ })).toBeChecked();
  await expect(page.getByLabel("联系电话")).toHaveValue(phone);

  // No title, no agreement: both errors beside their fields, and the long description is kept.
  await page.getByLabel(/问题描述/).fill(LONG_BODY);
  await page.getByRole("button", { name: "提交工单" }).click();
  await expect(page.getByText("请填写标题")).toBeVisible();
  await expect(page.getByText("请阅读并同意《工单服务协议》")).toBeVisible();
  await expect(page.getByLabel(/问题描述/)).toHaveValue(LONG_BODY);

  const title = `充值未到账 ${Date.now()}`;
  await page.getByLabel("标题").fill(title);
  await page.getByLabel(/我已阅读并同意/).check();
  // A file over 10 MB is refused beside 附件 as the form is read, and the text is kept.
  await page
    .getByLabel("附件")
    .setInputFiles({ name: "big.png", mimeType: "image/png", buffer: Buffer.from(elevenMegabytes()) });
  await page.getByRole("button", { name: "提交工单" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "“big.png”：单个文件不能超过 10 MB" })).toBeVisible();
  await expect(page.getByLabel(/问题描述/)).toHaveValue(LONG_BODY);
  await page.getByLabel(/我已阅读并同意/).check();
  // A PHP file named .png is refused beside 附件 (the platform reads the bytes), and the text is kept.
  await page.getByLabel("附件").setInputFiles({ name: "x.png", mimeType: "image/png", buffer: Buffer.from(PHP_SHELL) });
  await page.getByRole("button", { name: "提交工单" }).click();
  await expect(page.getByLabel("附件")).toHaveAccessibleDescription(/“x\.png”：/);
  await expect(page.getByRole("alert").filter({ hasText: "“x.png”：" })).toBeVisible();
  await expect(page.getByLabel(/问题描述/)).toHaveValue(LONG_BODY);
  await expect(page.getByLabel("标题")).toHaveValue(title);

  // A real PNG goes with the order and shows in its thread.
  await page
    .getByLabel("附件")
    .setInputFiles({ name: "转账截图.png", mimeType: "image/png", buffer: Buffer.from(pngImage(40, 30)) });
  await page.getByLabel(/我已阅读并同意/).check();
  await page.getByRole("button", { name: "提交工单" }).click();
  await expect(page).toHaveURL(/\/console\/createWorkOrder\/myWorkOrderDetail\/\d+$/);
  await expect(toast(page, "工单已提交")).toBeVisible();
  const detail = new URL(page.url()).pathname;
  await expect(page.getByTestId("work-order-status")).toHaveText("待处理");
  // The description's markdown is rendered on the server.
  const opening = page.getByTestId("thread-message").first().getByTestId("message-body");
  await expect(opening.locator("strong")).toHaveText("已扣款 200 元");
  const image = page.getByTestId("work-order-thread").getByRole("img", { name: "转账截图.png" });
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(40);
  const imageUrl = await image.getAttribute("src");
  expect(imageUrl).toMatch(/^\/work-order-files\/\d+$/);
  const other = await browser.newContext({ baseURL, locale: "zh-CN" });
  try {
    await signIn(other, baseURL!);
    expect((await other.request.get(imageUrl!)).status()).toBe(404);
  } finally {
    await other.close();
  }

  // 我的工单 lists it under 全部 and 待处理, not under 已解决.
  await page.goto("/console/createWorkOrder/myWorkOrder");
  await expect(page.getByTestId("work-order-row").filter({ hasText: title })).toBeVisible();
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);
  await page.getByRole("navigation", { name: "工单状态" }).getByRole("link", { name: "待处理" }).click();
  await expect(page).toHaveURL("/console/createWorkOrder/myWorkOrder?status=new");
  await expect(page.getByTestId("work-order-row").filter({ hasText: title })).toBeVisible();
  await page.getByRole("navigation", { name: "工单状态" }).getByRole("link", { name: "已解决" }).click();
  await expect(page.getByText("暂无工单")).toBeVisible();
  await page.goto("/console/createWorkOrder/myWorkOrder");
  await page.getByRole("link", { name: new RegExp(title) }).click();
  await expect(page).toHaveURL(detail);

  // An empty reply is refused beside its field; a reply joins the thread.
  await page.getByRole("button", { name: "发送回复" }).click();
  await expect(page.getByText("请填写回复内容")).toBeVisible();
  await page.getByRole("textbox", { name: /^回复/ }).fill("补充：我已重启浏览器，*仍然* 没有到账。");
  await page.getByRole("button", { name: "发送回复" }).click();
  await expect(toast(page, "回复已发送")).toBeVisible();
  await expect(page.getByTestId("thread-message").last().getByTestId("message-body").locator("em")).toHaveText("仍然");

  // Reply notices by SMS go to the account's own phone (issue 33 §2): shown, subscribe, then cancel.
  const subscriptions = page.getByTestId("work-order-subscriptions");
  await expect(subscriptions).toContainText(`发送到本账号手机号 ${phone.slice(0, 3)}****${phone.slice(7)}`);
  await page.getByRole("button", { name: "订阅短信通知" }).click();
  await expect(toast(page, "已订阅短信通知")).toBeVisible();
  await page.getByRole("button", { name: "取消短信通知" }).click();
  await expect(toast(page, "已取消短信通知")).toBeVisible();
  await expect(page.getByRole("button", { name: "订阅短信通知" })).toBeVisible();
  // By email only to the account's confirmed notice email: a fresh account has none, so the page says where to set it.
  await expect(page.getByRole("button", { name: "订阅邮件通知" })).toHaveCount(0);
  const detailPath = new URL(page.url()).pathname;
  await page.getByTestId("work-order-email-missing").getByRole("link", { name: "账号信息" }).click();
  await expect(page).toHaveURL("/console/accountInfo");
  await page.getByLabel("通知邮箱").fill(`wo-${phone}@example.com`);
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText(`当前：wo-${phone}@example.com`)).toBeVisible();
  // Saved but not yet confirmed: the page says so beside the email channel, with the way to confirm it.
  await page.goto(detailPath);
  await expect(page.getByRole("button", { name: "订阅邮件通知" })).toHaveCount(0);
  await expect(page.getByTestId("work-order-email-unconfirmed")).toContainText(
    `通知邮箱 wo-${phone}@example.com 尚未验证`,
  );
  await expect(
    page.getByTestId("work-order-email-unconfirmed").getByRole("link", { name: "账号信息" }),
  ).toHaveAttribute("href", "/console/accountInfo");
  await page.goto(await noticeEmailLink(page.request, `wo-${phone}@example.com`));
  await page.getByRole("button", { name: "确认" }).click();
  await expect(page.getByTestId("notice-email-confirmed")).toBeVisible();
  await page.goto(detailPath);
  const noticeEmail = page.getByRole("textbox", { name: /接收通知的邮箱/ });
  await expect(noticeEmail).toHaveValue(`wo-${phone}@example.com`);
  // A stranger's address sent anyway (the field edited in the page) is refused beside the forms; nothing stored.
  await noticeEmail.evaluate((input: HTMLInputElement) => {
    input.readOnly = false;
    input.value = "stranger@example.net";
  });
  await page.getByRole("button", { name: "订阅邮件通知" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "邮件通知只能发送到本账号的通知邮箱" })).toBeVisible();
  await expect(page.getByRole("button", { name: "取消邮件通知" })).toHaveCount(0);
  await page.goto(detailPath);
  await page.getByRole("button", { name: "订阅邮件通知" }).click();
  await expect(toast(page, "已订阅邮件通知")).toBeVisible();
  await expect(page.getByRole("button", { name: "取消邮件通知" })).toBeVisible();
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);
});

test("revoke a work order: asked twice (a dialog with JavaScript, a confirm page without)", async ({
  page,
  login,
  javaScriptEnabled,
}) => {
  await login();
  const title = `撤销测试 ${Date.now()}`;
  const detail = await submitWorkOrder(page, title);
  if (javaScriptEnabled) {
    await page.getByRole("button", { name: "撤销工单" }).click();
    const dialog = page.getByRole("dialog", { name: "撤销工单" });
    await expect(dialog).toContainText(`确定撤销工单「${title}」吗？`);
    expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);
    await dialog.getByRole("button", { name: "确认撤销" }).click();
  } else {
    await page.getByRole("link", { name: "撤销工单" }).click();
    await expect(page).toHaveURL(`${detail}/revoke`);
    await expect(page.getByText(`确定撤销工单「${title}」吗？`)).toBeVisible();
    expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);
    await page.getByRole("button", { name: "确认撤销" }).click();
  }
  await expect(page).toHaveURL(detail);
  await expect(toast(page, "工单已撤销")).toBeVisible();
  await expect(page.getByTestId("work-order-status")).toHaveText("已撤销");
  // Revoked: no reply form, no revoke button, and the confirm page says why.
  await expect(page.getByTestId("reply-form")).toHaveCount(0);
  await expect(
    page.getByRole("button", { name: "撤销工单" }).or(page.getByRole("link", { name: "撤销工单" })),
  ).toHaveCount(0);
  await page.goto(`${detail}/revoke`);
  await expect(page.getByText("该工单已撤销，不能撤销。")).toBeVisible();
  await page.goto("/console/createWorkOrder/myWorkOrder?status=revoked");
  await expect(page.getByTestId("work-order-row").filter({ hasText: title })).toBeVisible();
});

test("a logged-out user opening a work order's URL lands on it after login", async ({ page, login }) => {
  const { phone } = await login();
  const title = `登录后回到工单 ${Date.now()}`;
  const detail = await submitWorkOrder(page, title);
  await logout(page);
  await page.goto(detail);
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(detail)}`);
  await page.getByLabel("手机号", { exact: true }).fill(phone);
  await page.getByLabel("密码", { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await expect(page).toHaveURL(detail);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
});

test("another user's work order is a 404 on every page of it, and nothing changes", async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  await login();
  const title = `别人的工单 ${Date.now()}`;
  const detail = await submitWorkOrder(page, title);

  const other = await browser.newContext({ baseURL, locale: "zh-CN" });
  try {
    await signIn(other, baseURL!);
    const stranger = await other.newPage();
    for (const path of [detail, `${detail}/revoke`]) {
      const response = await stranger.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(stranger.getByTestId("error-page")).toContainText("工单不存在或无权访问");
    }
    // A forged post from the stranger's own page changes nothing.
    const revoke = await stranger.request.post(`${detail}/revoke`, {
      form: { intent: "revoke" },
      headers: { origin: baseURL! },
      maxRedirects: 0,
    });
    expect(revoke.status()).toBe(404);
    await stranger.goto("/console/createWorkOrder/myWorkOrder");
    await expect(stranger.getByText("暂无工单")).toBeVisible();
  } finally {
    await other.close();
  }
  await page.reload();
  await expect(page.getByTestId("work-order-status")).toHaveText("待处理");
});

test("a question, resource type or work order that does not exist is a 404", async ({ page, login }) => {
  await login();
  for (const path of [
    "/console/createWorkOrder/submit/1/999999/account",
    "/console/createWorkOrder/submit/1/1/nonsense",
    "/console/createWorkOrder/myWorkOrderDetail/999999",
    "/console/createWorkOrder/myWorkOrderDetail/abc",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
});

test("a sub-account files a work order about the account; its main account sees it, marked with the sub-account", async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  await login({ phone: DEMO_SUB.mainPhone, subAccountName: DEMO_SUB.name });
  await openForm(page);
  // A sub-account's phone is its main account's, masked: the contact phone is left for the user to fill.
  await expect(page.getByLabel("联系电话")).toHaveValue("");
  await expect(page.getByRole("radio", { name: new RegExp(`子账号 ${DEMO_SUB.name}`) })).toBeChecked();
  const title = `子账号的工单 ${Date.now()}`;
  const detail = await submitWorkOrder(page, title, { contactPhone: "13912345678" });

  const main = await browser.newContext({ baseURL, locale: "zh-CN" });
  try {
    await signIn(main, baseURL!, { phone: DEMO.phone });
    const mainPage = await main.newPage();
    await mainPage.goto("/console/createWorkOrder/myWorkOrder");
    const row = mainPage.getByTestId("work-order-row").filter({ hasText: title });
    await expect(row).toContainText(`子账号 ${DEMO_SUB.name}`);
    await row.getByRole("link", { name: new RegExp(title) }).click();
    await expect(mainPage).toHaveURL(detail);
  } finally {
    await main.close();
  }
});

test("a work order about an instance: the form lists the user's instances, and the order names the one picked", async ({
  page,
  login,
}) => {
  const user = await login();
  const token = await tokenOf(page.request, user.phone, user.password);
  await topUp(page.request, token, "100");
  const instance = await rentHourlyByApi(page.request, token, `e2e-wo-${user.phone}`);

  await page.goto("/console/createWorkOrder");
  await page.getByRole("link", { name: "实例无法开机" }).click();
  await page
    .getByTestId("documents")
    .getByRole("link", { name: /提交工单/ })
    .click();
  await expect(page.getByRole("heading", { name: "填写工单" })).toBeVisible();
  const choice = page.getByRole("radio", { name: new RegExp(`${instance.name} · RTX 4090`) });
  await choice.check();
  await page.getByLabel("标题").fill(`实例无法开机 ${Date.now()}`);
  await page.getByLabel(/问题描述/).fill("开机一直失败，请帮忙看看。");
  await page.getByLabel(/我已阅读并同意/).check();
  await page.getByRole("button", { name: "提交工单" }).click();
  await expect(page).toHaveURL(/\/console\/createWorkOrder\/myWorkOrderDetail\/\d+$/);
  await expect(toast(page, "工单已提交")).toBeVisible();
  await expect(page.getByText(`实例 ${instance.uuid}`)).toBeVisible();
});
