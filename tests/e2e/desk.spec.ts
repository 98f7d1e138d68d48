/**
 * The support desk (issue 11 §5): a staff account made with `npm run ops --
 * staff add … --password-stdin`, its own login at /desk/login, the queue, an
 * order taken, replied to and resolved; the user's notification of the reply.
 * Both projects run it: JavaScript on and off (plain forms).
 */
import { randomInt } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { elevenMegabytes, PHP_SHELL, pngImage } from "../support/upload-fixtures";
import { seriousViolationsOfDocument } from "./axe";
import { addStaffByCli, STAFF_PASSWORD, staffLogsIn } from "./staff";
import { expect, test } from "./fixtures/session";

/** A platform token for the user (as the login fixture gets one), for the /third-party calls a client would make. */
async function userToken(request: APIRequestContext, phone: string, password: string): Promise<string> {
  const res = await request.post("/sandbox/session", { data: { phone, password } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** Files a work order about the user's account through /third-party, as the submit page does. */
async function fileWorkOrder(
  request: APIRequestContext,
  token: string,
  title: string,
  extra: { content?: string; attachment_ids?: number[] } = {},
): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const categories = await request.get("/third-party/api/v1/work-order/categories", { headers });
  const list = (
    (await categories.json()) as {
      data: { list: { id: number; questions: { id: number; resource_types: string[] }[] }[] };
    }
  ).data.list;
  const category = list.find((c) => c.questions.some((q) => q.resource_types.includes("account")))!;
  const question = category.questions.find((q) => q.resource_types.includes("account"))!;
  // The account is named by its user id (user info's UserId).
  const info = await request.post("/api/get_user_info", { form: { session: token } });
  const userId = String(((await info.json()) as { data: { UserId: number } }).data.UserId);
  const created = await request.post("/third-party/api/v1/work-order/orders", {
    headers,
    data: {
      category_id: category.id,
      question_id: question.id,
      resource_type: "account",
      resource_id: userId,
      title,
      content: "登录后控制台一直转圈，**请帮忙看看**。",
      contact_phone: "13912345678",
      ...extra,
    },
  });
  const body = (await created.json()) as { code: number; data: { id: number } };
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data.id;
}

/** Uploads a file as the user through /third-party (the editor's upload does the same); its id. */
async function uploadAsUser(request: APIRequestContext, token: string, name: string, bytes: Buffer): Promise<number> {
  const res = await request.post("/third-party/api/v1/work-order/file", {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name, mimeType: "image/png", buffer: bytes } },
  });
  const body = (await res.json()) as { code: number; data: { id: number } };
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data.id;
}

/** The image has loaded and decoded (a broken or refused image has naturalWidth 0). */
async function expectImageShown(page: Page, image: ReturnType<Page["locator"]>) {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

test("staff log in to the desk, take a work order, reply, and resolve it; the user is notified", async ({
  page,
  login,
  browser,
  baseURL,
}, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  // The ops command starts npm and tsx (a few seconds on a busy machine), and the journey has a dozen steps.
  test.setTimeout(90_000);
  // A fresh account: the demo account's unread state belongs to the seed (work-orders-unread.js-only.spec.ts).
  const user = await login();
  const token = await userToken(page.request, user.phone, user.password);
  const title = `控制台打不开 ${randomInt(0, 1e9)}`;
  const orderId = await fileWorkOrder(page.request, token, title);

  const staffLogin = `e2e.${randomInt(0, 1e9)}`;
  expect(await addStaffByCli(baseURL!, staffLogin, "客服小周")).toContain(`staff account ${staffLogin}`);

  const desk = await browser.newContext({ baseURL });
  const staffPage = await desk.newPage();
  // The user's session is no staff session: a signed-in user still gets the desk's login.
  await page.goto("/desk");
  await expect(page).toHaveURL(/\/desk\/login/);

  await staffLogsIn(staffPage, staffLogin, STAFF_PASSWORD);
  await staffPage.goto("/desk?status=new");
  const row = staffPage.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("待处理");
  await expect(row).toContainText(/已等待 \d+ 分钟/);
  await expect(row.getByRole("img", { name: "用户有新回复" })).toBeVisible();
  expect(await seriousViolationsOfDocument(staffPage, javaScriptEnabled)).toEqual([]);
  await row.getByRole("link", { name: title }).click();

  await expect(staffPage.getByRole("heading", { name: `#${orderId} ${title}` })).toBeVisible();
  await expect(staffPage.getByTestId("account-summary")).toContainText(
    `${user.phone.slice(0, 3)}****${user.phone.slice(7)}`,
  );
  await expect(staffPage.getByTestId("account-summary")).toContainText(/会员等级(普通|铜牌|银牌|金牌|钻石)会员/);
  await expect(staffPage.getByTestId("order-resource")).toContainText("账户");
  expect(await seriousViolationsOfDocument(staffPage, javaScriptEnabled)).toEqual([]);

  await staffPage.getByRole("button", { name: "接单" }).click();
  await expect(staffPage.getByTestId("order-status")).toHaveText("处理中");
  await expect(staffPage.getByTestId("order-assignee")).toHaveText("客服小周");

  // An empty reply is refused beside the field, and nothing is sent.
  await staffPage.getByRole("button", { name: "回复用户" }).click();
  await expect(staffPage.getByText("请填写内容")).toBeVisible();

  await staffPage.getByLabel("内容（支持 Markdown）").fill("您好，已为您**重置**控制台缓存，请刷新后再试。");
  await staffPage.getByRole("button", { name: "回复用户" }).click();
  await expect(staffPage.getByTestId("thread-comment").filter({ hasText: "已为您重置控制台缓存" })).toBeVisible();
  await expect(staffPage.locator("strong", { hasText: "重置" }).first()).toBeVisible();

  await staffPage.getByLabel("内容（支持 Markdown）").fill("用户为老客户，优先处理");
  await staffPage.getByRole("button", { name: "添加内部备注" }).click();
  await expect(staffPage.getByTestId("thread-internal_note")).toContainText("用户为老客户");

  // The user is told of the reply (the site message is on by default) and never sees the note.
  await page.goto("/console/messages?tab=notifications");
  await expect(page.getByText(`您的工单 #${orderId}「${title}」有新的客服回复`)).toBeVisible();
  const seen = await page.request.get(`/third-party/api/v1/work-order/orders/${orderId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const thread = JSON.stringify(((await seen.json()) as { data: { events: unknown[] } }).data.events);
  expect(thread).toContain("已为您");
  expect(thread).not.toContain("老客户");

  await staffPage.getByRole("button", { name: "标记已解决" }).click();
  await expect(staffPage.getByTestId("order-status")).toHaveText("已解决");

  await staffPage.getByRole("button", { name: "退出" }).click();
  await expect(staffPage).toHaveURL(/\/desk\/login/);
  await staffPage.goto("/desk");
  await expect(staffPage).toHaveURL(/\/desk\/login/);
  await desk.close();
});

test("the desk's pages are private and framed by the site's headers; a foreign form post is refused", async ({
  page,
  request,
}) => {
  const response = await page.goto("/desk/login");
  const headers = response!.headers();
  expect(headers["cache-control"]).toContain("no-store");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  const foreign = await request.post("/desk/login", {
    headers: { origin: "https://evil.example" },
    form: { intent: "login", login: "demo.agent", password: "Desk-demo-2026" },
  });
  expect(foreign.status()).toBe(403);
  expect(foreign.headers()["set-cookie"] ?? "").not.toContain("gc_desk");
});

test("a wrong staff password is refused beside the field", async ({ page }) => {
  await page.goto("/desk/login");
  await page.getByLabel("登录名").fill("nobody.here");
  await page.getByLabel("密码").fill("not-the-password");
  await page.getByRole("button", { name: "登录" }).click();
  await expect(page.getByText("登录名或密码错误")).toBeVisible();
  await expect(page.getByLabel("登录名")).toHaveValue("nobody.here");
});

test("a lead manages categories and questions; the codes' reasons show beside the fields", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const lead = `e2e.lead.${randomInt(0, 1e9)}`;
  // The platform (loaded on first use) writes the operator key the CLI reads.
  expect((await page.request.get("/readyz")).ok()).toBe(true);
  await addStaffByCli(baseURL!, lead, "组长小吴", "lead");
  await staffLogsIn(page, lead, STAFF_PASSWORD);
  await page.getByRole("link", { name: "分类与文档" }).click();
  await expect(page.getByRole("heading", { name: "分类与问题" })).toBeVisible();

  const name = `E2E分类${randomInt(0, 1e9)}`;
  await page.getByLabel("分类名称", { exact: true }).fill(name);
  await page.getByRole("button", { name: "创建分类" }).click();
  const section = page.getByRole("region", { name: `分类 ${name}` });
  await expect(section).toBeVisible();

  // 100102: a name that exists, shown beside the field with what was typed kept.
  await page.getByLabel("分类名称", { exact: true }).fill(name);
  await page.getByRole("button", { name: "创建分类" }).click();
  await expect(page.getByText("分类名称已存在")).toBeVisible();
  await expect(page.getByLabel("分类名称", { exact: true })).toHaveValue(name);

  await section.getByLabel(`${name} 的新问题名称`).fill("控制台白屏");
  await section.getByRole("button", { name: "新建问题" }).click();
  await expect(section.getByText("控制台白屏", { exact: true })).toBeVisible();

  // Delete asks twice, and 100103: a category with questions is in use.
  const categoryDelete = section.getByRole("button", { name: "删除" }).first();
  await categoryDelete.click();
  await expect(section.getByText("请勾选确认后再删除")).toBeVisible();
  // The page reloads its data after each post; its buttons read 提交中… until then, so act once it is done.
  await expect(page.getByRole("button", { name: "提交中…" })).toHaveCount(0);
  await section.getByLabel("确认删除分类").check();
  await section.getByRole("button", { name: "删除" }).first().click();
  await expect(section.getByText("该分类正在使用中，不能删除")).toBeVisible();
  await expect(page.getByRole("button", { name: "提交中…" })).toHaveCount(0);

  await section.getByLabel("确认删除问题").check();
  await section.getByRole("button", { name: "删除" }).nth(1).click();
  await expect(section.getByText("控制台白屏", { exact: true })).toHaveCount(0);
  await section.getByLabel("确认删除分类").check();
  await section.getByRole("button", { name: "删除" }).first().click();
  await expect(page.getByRole("region", { name: `分类 ${name}` })).toHaveCount(0);
});

test("staff see the user's screenshot on the desk, reply with a PNG (a refused file keeps the text), and the user sees it", async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const user = await login();
  const token = await userToken(page.request, user.phone, user.password);
  const shot = await uploadAsUser(page.request, token, "screen.png", Buffer.from(pngImage(40, 30)));
  const inText = await uploadAsUser(page.request, token, "inline.png", Buffer.from(pngImage(20, 10)));
  const loose = await uploadAsUser(page.request, token, "loose.png", Buffer.from(pngImage(8, 8)));
  const title = `页面报错截图 ${randomInt(0, 1e9)}`;
  const orderId = await fileWorkOrder(page.request, token, title, {
    content: `报错如下：\n\n![报错截图](/work-order-files/${inText})`,
    attachment_ids: [shot, inText],
  });

  const staffLogin = `e2e.${randomInt(0, 1e9)}`;
  await addStaffByCli(baseURL!, staffLogin, "客服小孙");
  const desk = await browser.newContext({ baseURL });
  try {
    const staffPage = await desk.newPage();
    // Before logging in, a desk file is the desk's login, coming back to the file.
    const before = await staffPage.request.get(`/desk/files/${shot}`, { maxRedirects: 0 });
    expect(before.status()).toBe(302);
    expect(before.headers()["location"]).toBe(`/desk/login?redirectTo=${encodeURIComponent(`/desk/files/${shot}`)}`);
    await staffLogsIn(staffPage, staffLogin, STAFF_PASSWORD);
    await staffPage.goto(`/desk/orders/${orderId}`);
    await expect(staffPage.getByRole("heading", { name: `#${orderId} ${title}` })).toBeVisible();

    // The attachment's thumbnail and the picture in the text both load, through the desk's file route.
    const thumbnail = staffPage.getByRole("list", { name: "附件" }).getByRole("img", { name: "screen.png" });
    await expect(thumbnail).toHaveAttribute("src", `/desk/files/${shot}`);
    await expectImageShown(staffPage, thumbnail);
    const inline = staffPage.locator(".markdown-body img[alt='报错截图']").first();
    await expect(inline).toHaveAttribute("src", `/desk/files/${inText}`);
    await expectImageShown(staffPage, inline);

    const served = await staffPage.request.get(`/desk/files/${shot}`);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");
    expect(served.headers()["content-disposition"]).toMatch(/^inline; /);
    expect(served.headers()["cache-control"]).toMatch(/^private/);
    // A user's upload that is on no order stays the user's; the user's session opens no desk file.
    expect((await staffPage.request.get(`/desk/files/${loose}`)).status()).toBe(404);
    const userTry = await page.request.get(`/desk/files/${shot}`, { maxRedirects: 0 });
    expect(userTry.status()).toBe(302);
    expect(userTry.headers()["location"]).toContain("/desk/login");

    // Files go with a message to the user only: chosen for an internal note, they are refused, not dropped.
    await staffPage.getByLabel("内容（支持 Markdown）").fill("内部：截图已看");
    await staffPage
      .locator("input[type=file][name=files]")
      .setInputFiles({ name: "note.png", mimeType: "image/png", buffer: Buffer.from(pngImage(4, 4)) });
    await staffPage.getByRole("button", { name: "添加内部备注" }).click();
    await expect(staffPage.getByText("附件只能随“回复用户”或“请用户补充”发送")).toBeVisible();
    await expect(staffPage.getByTestId("thread-internal_note")).toHaveCount(0);

    // A PHP file named .png is refused beside the field; what was typed stays.
    const text = "已定位问题，请按截图中的步骤**清除缓存**后重试。";
    const content = staffPage.getByLabel("内容（支持 Markdown）");
    const files = staffPage.locator("input[type=file][name=files]");
    await content.fill(text);
    await files.setInputFiles({ name: "evil.png", mimeType: "image/png", buffer: Buffer.from(PHP_SHELL) });
    await staffPage.getByRole("button", { name: "回复用户" }).click();
    await expect(staffPage.getByText(/“evil\.png”：.*仅支持/)).toBeVisible();
    await expect(content).toHaveValue(text);
    // So is a file over 10 MB (dropped as the form is read, JavaScript off too).
    await staffPage
      .locator("input[type=file][name=files]")
      .setInputFiles({ name: "big.png", mimeType: "image/png", buffer: Buffer.from(elevenMegabytes()) });
    await staffPage.getByRole("button", { name: "回复用户" }).click();
    await expect(staffPage.getByText("“big.png”：单个文件不能超过 10 MB")).toBeVisible();
    await expect(content).toHaveValue(text);

    await staffPage.locator("input[type=file][name=files]").setInputFiles({
      name: "steps.png",
      mimeType: "image/png",
      buffer: Buffer.from(pngImage(30, 20)),
    });
    await staffPage.getByRole("button", { name: "回复用户" }).click();
    const attached = staffPage.getByTestId("thread-attachment").filter({ hasText: "steps.png" });
    await expect(attached).toBeVisible();
    await expectImageShown(staffPage, attached.getByRole("img", { name: "steps.png" }));
    await expect(staffPage.getByTestId("thread-comment").filter({ hasText: "清除缓存" })).toBeVisible();

    // The user reads the reply with the staff's picture on their own page, through their own file route.
    await page.goto(`/console/createWorkOrder/myWorkOrderDetail/${orderId}`);
    await expect(page.getByText("清除缓存").first()).toBeVisible();
    const replyImage = page.getByRole("img", { name: "steps.png" });
    await expect(replyImage).toHaveAttribute("src", /^\/work-order-files\/\d+$/);
    await expectImageShown(page, replyImage);
  } finally {
    await desk.close();
  }
});
