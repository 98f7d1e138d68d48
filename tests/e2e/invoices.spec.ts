/**
 * Issue 39 §1, invoices, with JavaScript on and off: a verified user with a top-up sees the invoiceable amount and
 * its terms, saves a title, is refused above the figure (beside the field), applies; a finance staff member (made
 * with `staff add --role finance`) issues it in 发票开具 with the sandbox's sample PDF; the user sees 已开具 and
 * downloads a PDF marked 样例, and the e-mail goes out with it. Finance issues another with an uploaded PDF (a file
 * that is not one refused beside the field), the user asks for 红冲, finance confirms it with the red-letter PDF:
 * the user downloads both, exactly as uploaded, and both emails carry them. An unverified user sees why and the way
 * to verification.
 */
import { createHash } from "node:crypto";
import { SAMPLE_MARK_HEX, sampleInvoicePdf } from "../../platform/modules/invoices/sample-pdf";
import type { Page } from "@playwright/test";
import { expect, test, type SignedInUser } from "./fixtures/session";
import { tokenOf, topUp } from "./platform-calls";
import { addStaffByCli, STAFF_PASSWORD, staffLogsIn, uniqueStaffLogin } from "./staff";
import { useOwnClientAddress } from "./support";
import { verifyByBankCardViaUi } from "./verification-support";

/**
 * A fresh account verified by bank card as `name`, `yuan` of cash topped up, on 发票管理 with its personal title
 * `name` saved.
 */
async function verifiedWithTitle(page: Page, login: () => Promise<SignedInUser>, name: string, yuan: string) {
  const user = await login();
  await useOwnClientAddress(page.context());
  await verifyByBankCardViaUi(page, name);
  await topUp(page.request, await tokenOf(page.request, user.phone, user.password), yuan);
  await page.goto("/console/invoice");
  await expect(page.getByRole("heading", { name: "发票管理", level: 1 })).toBeVisible();
  await expect(page.getByTestId("invoiceable")).toHaveText(`¥${yuan}.00`);
  await page.getByLabel(/抬头名称/).fill(name);
  await page.getByRole("button", { name: "保存抬头" }).click();
  await expect(page.getByText(`发票抬头「${name}」已保存`)).toBeVisible();
  await expect(page.getByTestId("invoice-titles")).toContainText(name);
}

test("a verified user applies, finance issues it in the desk, the user downloads the sample PDF", async ({
  page,
  browser,
  baseURL,
  login,
  javaScriptEnabled,
}) => {
  await verifiedWithTitle(page, login, "张三", "200");
  await expect(page.getByTestId("invoiceable-terms")).toContainText("现金充值");

  const email = `invoice${Date.now()}@example.cn`;
  await page.getByLabel("开票金额（元）").fill("250");
  await page.getByLabel("接收邮箱").fill(email);
  await page.getByRole("button", { name: "提交申请" }).click();
  await expect(page.getByText("开票金额超过可开票金额")).toBeVisible();
  await page.getByLabel("开票金额（元）").fill("120");
  await page.getByLabel("接收邮箱").fill(email);
  await page.getByRole("button", { name: "提交申请" }).click();
  await expect(page.getByText(/开票申请已提交（¥120\.00）/)).toBeVisible();
  const row = page.getByTestId("invoice-list").locator("tbody tr").first();
  await expect(row).toContainText("申请中");
  await expect(page.getByTestId("invoiceable")).toHaveText("¥80.00");

  const login2 = uniqueStaffLogin();
  await addStaffByCli(baseURL!, login2, "财务小张", "finance");
  const deskContext = await browser.newContext({ baseURL, javaScriptEnabled });
  const desk = await deskContext.newPage();
  await staffLogsIn(desk, login2, STAFF_PASSWORD);
  await desk.getByRole("link", { name: "发票开具" }).click();
  await expect(desk.getByRole("heading", { name: "发票开具" })).toBeVisible();
  // The application's number (other journeys apply side by side): its row's test id, its link in the queue.
  const id = (await row.getAttribute("data-testid"))!.replace("invoice-", "");
  await desk.getByTestId("desk-invoices").getByRole("link", { name: id, exact: true }).click();
  await expect(desk.getByRole("heading", { name: new RegExp(`发票申请 ${id}`) })).toBeVisible();
  await desk.getByRole("button", { name: "开具（生成样例PDF）" }).click();
  await expect(desk.getByTestId("desk-invoice-status")).toHaveText("已开具");
  await deskContext.close();

  await page.goto("/console/invoice");
  await expect(row).toContainText("已开具");
  const link = row.getByRole("link", { name: "下载发票（样例）" });
  const pdf = await page.request.get((await link.getAttribute("href"))!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const text = (await pdf.body()).toString("latin1");
  expect(text.startsWith("%PDF-")).toBe(true);
  expect(text).toContain(`<${SAMPLE_MARK_HEX}>`);
  // The email carries the same PDF as the download (the sandbox outbox keeps each attachment's name, size, SHA-256).
  const sha256 = createHash("sha256")
    .update(await pdf.body())
    .digest("hex");
  type Mail = { subject: string; attachments: { filename: string; bytes: number; sha256: string }[] };
  let mail: Mail | undefined;
  await expect
    .poll(async () => {
      const mails = (await (
        await page.request.get(`/sandbox/email.json?to=${encodeURIComponent(email)}`)
      ).json()) as Mail[];
      mail = mails.find((m) => m.subject.includes("发票已开具"));
      return mail !== undefined;
    })
    .toBe(true);
  expect(mail!.attachments).toEqual([
    expect.objectContaining({ filename: `发票-${id}.pdf`, bytes: (await pdf.body()).byteLength, sha256 }),
  ]);
});

test("an unverified user sees why they cannot apply and the way to verification", async ({ page, login }) => {
  await login();
  await page.goto("/console/invoice");
  await expect(page.getByTestId("invoice-needs-verification")).toContainText("完成实名认证后才能申请发票");
  await expect(page.getByRole("link", { name: "去实名认证" })).toHaveAttribute(
    "href",
    "/console/verification/selectVerification",
  );
  await expect(page.getByRole("button", { name: "提交申请" })).toHaveCount(0);
});

test("finance issues with the tax system's PDF, the user asks for 红冲, finance confirms it with the red-letter PDF", async ({
  page,
  browser,
  baseURL,
  login,
  javaScriptEnabled,
}) => {
  await verifiedWithTitle(page, login, "李四", "100");
  const email = `red${Date.now()}@example.cn`;
  await page.getByLabel("开票金额（元）").fill("100");
  await page.getByLabel("接收邮箱").fill(email);
  await page.getByRole("button", { name: "提交申请" }).click();
  await expect(page.getByText(/开票申请已提交（¥100\.00）/)).toBeVisible();
  const row = page.getByTestId("invoice-list").locator("tbody tr").first();
  const id = (await row.getAttribute("data-testid"))!.replace("invoice-", "");
  const mine = page.getByTestId(`invoice-${id}`);

  const financeLogin = uniqueStaffLogin();
  await addStaffByCli(baseURL!, financeLogin, "财务小李", "finance");
  const deskContext = await browser.newContext({ baseURL, javaScriptEnabled });
  const desk = await deskContext.newPage();
  await staffLogsIn(desk, financeLogin, STAFF_PASSWORD);
  await desk.goto(`/desk/invoices/${id}`);
  // A file that is not a PDF is refused beside the field, and the application stays 申请中.
  await desk
    .getByLabel("上传税务系统开具的PDF")
    .setInputFiles({ name: "invoice.txt", mimeType: "text/plain", buffer: Buffer.from("发票") });
  await desk.getByRole("button", { name: "上传并开具" }).click();
  await expect(desk.getByText("请上传税务系统开具的PDF发票文件")).toBeVisible();
  await expect(desk.getByTestId("desk-invoice-status")).toHaveText("申请中");
  const issued = Buffer.from(sampleInvoicePdf({ heading: "电子普通发票", lines: ["税务系统开具"] }));
  await desk
    .getByLabel("上传税务系统开具的PDF")
    .setInputFiles({ name: "invoice.pdf", mimeType: "application/pdf", buffer: issued });
  await desk.getByRole("button", { name: "上传并开具" }).click();
  await expect(desk.getByTestId("desk-invoice-status")).toHaveText("已开具");

  // The user downloads exactly the uploaded PDF, then asks for 红冲 (asked twice: the box must be ticked).
  await page.goto("/console/invoice");
  await expect(mine).toContainText("已开具");
  const download = await page.request.get((await mine.getByRole("link", { name: "下载发票" }).getAttribute("href"))!);
  expect(Buffer.from(await download.body())).toEqual(issued);
  await mine.getByText("申请红冲").click();
  await mine.getByRole("button", { name: "提交红冲申请" }).click();
  await expect(page.getByText("请勾选确认红冲")).toBeVisible();
  // The refused form stays open (its <details> open after an error); else open it mine.
  if (!(await mine.getByLabel(/确认红冲/).isVisible())) await mine.getByText("申请红冲").click();
  await mine.getByLabel(/确认红冲/).check();
  await mine.getByRole("button", { name: "提交红冲申请" }).click();
  await expect(page.getByText("红冲申请已提交，财务确认后该金额可重新开票或提现")).toBeVisible();
  await expect(mine).toContainText("红冲申请中");

  const red = Buffer.from(sampleInvoicePdf({ heading: "红字发票", lines: ["税务系统红冲"] }, { red: true }));
  await desk.goto(`/desk/invoices/${id}`);
  await desk.getByLabel("上传红字发票PDF").setInputFiles({ name: "red.pdf", mimeType: "application/pdf", buffer: red });
  await desk.getByRole("button", { name: "上传并确认红冲" }).click();
  await expect(desk.getByText("已确认红冲，该金额已退回可开票金额")).toBeVisible();
  await expect(desk.getByTestId("desk-invoice-status")).toHaveText("已红冲");
  await deskContext.close();

  await page.goto("/console/invoice");
  await expect(mine).toContainText("已红冲");
  await expect(page.getByTestId("invoiceable")).toHaveText("¥100.00");
  const redDownload = await page.request.get(
    (await mine.getByRole("link", { name: "下载红字发票" }).getAttribute("href"))!,
  );
  expect(Buffer.from(await redDownload.body())).toEqual(red);
  // Both emails carry their PDF.
  const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get(`/sandbox/email.json?to=${encodeURIComponent(email)}`)).json()) as {
        attachments: { filename: string; sha256: string }[];
      }[];
      return mails.flatMap((m) => m.attachments.map((a) => `${a.filename} ${a.sha256}`)).sort();
    })
    .toEqual([`发票-${id}.pdf ${sha256(issued)}`, `红字发票-${id}.pdf ${sha256(red)}`].sort());
});
