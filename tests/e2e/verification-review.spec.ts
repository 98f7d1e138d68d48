/**
 * Issue 37 §2, a student-card application reviewed in the desk, with JavaScript on and off: a personally verified
 * account uploads its student card; an agent gets 403 in 实名审核; a reviewer (made with `staff add --role reviewer`) finds it in 实名审核, sees
 * masked values until a reveal with a reason shows the card, and rejects it with a listed reason; the user sees the
 * reason, applies again, the reviewer approves, and the user is a verified student.
 */
import type { Page } from "@playwright/test";
import { pngImage } from "../support/upload-fixtures";
import { expect, test } from "./fixtures/session";
import { addStaffByCli, STAFF_PASSWORD, staffLogsIn, uniqueStaffLogin } from "./staff";
import { masked, registerViaUi, uniquePhone, useOwnClientAddress } from "./support";
import { verifyByBankCardViaUi } from "./verification-support";

async function applyByCard(page: Page) {
  await page.goto("/studentverify");
  const form = page.getByRole("form", { name: "上传学生证" });
  await form.getByLabel("学校名称").fill("清华大学");
  await form.getByLabel("学号").fill("2024012345");
  await form.getByLabel("入学年份").fill("2024");
  await form.getByLabel("毕业年份").fill("2028");
  await form
    .getByLabel(/学生证照片或学信网报告/)
    .setInputFiles({ name: "student-card.png", mimeType: "image/png", buffer: Buffer.from(pngImage(40, 30)) });
  await form.getByRole("button", { name: "提交审核" }).click();
  await expect(page.getByText("学生认证已提交，请等待审核")).toBeVisible();
  await expect(page.getByTestId("verification-student")).toContainText("审核中");
}

/** Opens the newest application of `phone` (masked in the queue) from 实名审核. */
async function openApplication(desk: Page, phone: string) {
  await desk.goto("/desk/verification?kind=student");
  const row = desk
    .getByRole("row")
    .filter({ hasText: masked(phone) })
    .last();
  await row.getByRole("link", { name: "审核" }).click();
  await expect(desk.getByRole("heading", { name: /认证申请 #\d+ 学生认证/ })).toBeVisible();
}

test("a student card rejected with a reason, applied again, approved", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const phone = uniquePhone();
  await registerViaUi(page, phone);
  await useOwnClientAddress(page.context());
  await verifyByBankCardViaUi(page, "李四");
  await applyByCard(page);

  // An agent has no review: no 实名审核 in the bar, and the page is 403.
  const agent = uniqueStaffLogin();
  await addStaffByCli(baseURL!, agent, "客服小赵", "agent");
  const agentContext = await browser.newContext({ baseURL, javaScriptEnabled });
  const agentPage = await agentContext.newPage();
  await staffLogsIn(agentPage, agent, STAFF_PASSWORD);
  await expect(agentPage.getByRole("link", { name: "实名审核" })).toHaveCount(0);
  expect((await agentPage.goto("/desk/verification"))?.status()).toBe(403);
  await agentContext.close();

  const login = uniqueStaffLogin();
  await addStaffByCli(baseURL!, login, "审核员小陈", "reviewer");
  const deskContext = await browser.newContext({ baseURL, javaScriptEnabled });
  const desk = await deskContext.newPage();
  await staffLogsIn(desk, login, STAFF_PASSWORD);
  await desk.getByRole("link", { name: "实名审核" }).click();
  await expect(desk.getByRole("heading", { name: "实名审核" })).toBeVisible();
  await openApplication(desk, phone);

  // Masked until a reason is given; the reveal shows the card (served no-store through the desk).
  await expect(desk.getByTestId("review-values")).toContainText("李*");
  await expect(desk.getByTestId("review-values")).toContainText("20******45");
  await expect(desk.getByTestId("review-values")).not.toContainText("2024012345");
  await expect(desk.getByRole("img", { name: "学生证或学信网认证报告" })).toHaveCount(0);
  await desk.getByRole("button", { name: "查看" }).click();
  await expect(desk.getByText("请填写查看原因（2到100个字）")).toBeVisible();
  await desk.getByLabel("查看原因").fill("核对学生证信息");
  await desk.getByRole("button", { name: "查看" }).click();
  await expect(desk.getByTestId("review-values")).toContainText("李四");
  await expect(desk.getByTestId("review-values")).toContainText("2024012345");
  const image = desk.getByRole("img", { name: "学生证或学信网认证报告" });
  await expect(image).toBeVisible();
  const src = await image.getAttribute("src");
  const served = await desk.request.get(src!);
  expect(served.status()).toBe(200);
  expect(served.headers()["cache-control"]).toContain("no-store");

  await desk.getByRole("button", { name: "驳回" }).click();
  await expect(desk.getByText("请选择驳回原因")).toBeVisible();
  await desk.getByRole("radio", { name: "照片不清晰" }).check();
  await desk.getByRole("button", { name: "驳回" }).click();
  await expect(desk.getByText("已驳回该申请，已通知用户")).toBeVisible();
  await expect(desk.getByTestId("review-state")).toHaveText("未通过");

  await page.goto("/studentverify");
  await expect(page.getByTestId("verification-student")).toContainText("未通过原因：照片不清晰");
  await applyByCard(page);

  await openApplication(desk, phone);
  await expect(desk.getByTestId("review-state")).toHaveText("审核中");
  await desk.getByRole("button", { name: "通过" }).click();
  await expect(desk.getByText("已通过该申请，已通知用户")).toBeVisible();
  await deskContext.close();

  await page.goto("/studentverify");
  await expect(page.getByTestId("verification-student")).toContainText("已认证");
});
