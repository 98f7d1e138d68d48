/**
 * Issue 37 §1, enterprise verification and the other channel, with JavaScript on and off (decision 100): a new
 * account learns on 企业认证 that personal verification comes first; verified by bank card, it uploads its licence,
 * confirms the reading (correcting the credit code), is asked beside the field for the authorisation letter
 * because the legal representative is someone else, uploads it and reaches 审核中 with what it sent shown masked;
 * a reviewer approves it in the desk and the label becomes 企业认证.
 * Another account applies by the other channel (passport): a bad permit number is refused beside its field; with
 * files and a note it reaches 审核中.
 */
import { Buffer } from "node:buffer";
import { pngImage } from "../support/upload-fixtures";
import { expect, test } from "./fixtures/session";
import { addStaffByCli, STAFF_PASSWORD, staffLogsIn, uniqueStaffLogin } from "./staff";
import { DEMO_SUB, masked, registerViaUi, uniquePhone } from "./support";
import { creditCode, verifyByBankCardViaUi } from "./verification-support";

const png = (name: string) => ({ name, mimeType: "image/png", buffer: Buffer.from(pngImage(40, 30)) });

test("a personally verified user applies for enterprise verification; a reviewer approves it in the desk", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const phone = uniquePhone();
  await registerViaUi(page, phone);
  await page.goto("/console/verification/enterprise");
  await expect(page.getByTestId("personal-missing")).toContainText("请先完成个人实名认证");
  await page.goto("/console/verification/license");
  await expect(page.getByTestId("personal-missing")).toBeVisible();
  await expect(page.getByLabel("营业执照照片")).toHaveCount(0);

  await verifyByBankCardViaUi(page, "王五");
  await page.goto("/console/verification/selectVerification");
  await page.getByRole("link", { name: "企业认证" }).first().click();
  await expect(page).toHaveURL(/\/console\/verification\/enterprise$/);
  await expect(page.getByTestId("personal-ready")).toBeVisible();
  await page.getByRole("link", { name: "上传营业执照" }).click();
  await expect(page).toHaveURL(/\/console\/verification\/license$/);

  await page.getByRole("button", { name: "识别营业执照" }).click();
  await expect(page.getByText("请选择营业执照照片")).toBeVisible();
  await page.getByLabel("营业执照照片").setInputFiles(png("licence.png"));
  await page.getByRole("button", { name: "识别营业执照" }).click();
  await expect(page.getByText("已识别营业执照，请核对以下信息后提交")).toBeVisible();
  // The sandbox OCR's sample licence (providers/identity/sandbox-ocr.ts).
  await expect(page.getByLabel("企业名称")).toHaveValue("演示算力科技有限公司");
  await expect(page.getByLabel("统一社会信用代码")).toHaveValue("91110108MA01C3XY29");
  await expect(page.getByLabel("法定代表人", { exact: true })).toHaveValue("李四");
  await expect(page.getByTestId("letter-rule")).toContainText("不一致");

  // A mistyped credit code is refused beside it; the reading stays.
  const code = creditCode();
  await page.getByLabel("统一社会信用代码").fill(code.slice(0, 17) + (code[17] === "0" ? "1" : "0"));
  await page.getByRole("button", { name: "提交审核" }).click();
  await expect(page.getByText("统一社会信用代码校验位不正确，请核对")).toBeVisible();
  await expect(page.getByLabel("企业名称")).toHaveValue("演示算力科技有限公司");

  // Corrected, but without the letter: asked for beside its field.
  await page.getByLabel("统一社会信用代码").fill(code);
  await page.getByRole("button", { name: "提交审核" }).click();
  await expect(page.getByText("法定代表人与您实名认证的姓名不一致，请上传加盖公章的授权书")).toBeVisible();
  await page.getByLabel(/^授权书/).setInputFiles(png("authorisation.png"));
  await page.getByRole("button", { name: "提交审核" }).click();

  await expect(page).toHaveURL(/\/console\/verification\/enterprise$/);
  await expect(page.getByText("企业认证申请已提交，审核中")).toBeVisible();
  const status = page.getByTestId("verification-enterprise");
  await expect(status).toContainText("审核中");
  await expect(status).toContainText("1–3个工作日");
  await expect(status).toContainText(code);
  await expect(status).toContainText("法定代表人 李*");
  await expect(page.getByRole("link", { name: "上传营业执照" })).toHaveCount(0);
  await page.goto("/console/verification/license");
  await expect(page.getByTestId("verification-enterprise")).toContainText("审核中");
  await expect(page.getByRole("button", { name: "识别营业执照" })).toHaveCount(0);

  // A reviewer sees the company whole and the legal representative masked, reveals it, and approves.
  const login = uniqueStaffLogin();
  await addStaffByCli(baseURL!, login, "审核员小王", "reviewer");
  const deskContext = await browser.newContext({ baseURL, javaScriptEnabled });
  const desk = await deskContext.newPage();
  await staffLogsIn(desk, login, STAFF_PASSWORD);
  await desk.goto("/desk/verification?kind=enterprise");
  await desk
    .getByRole("row")
    .filter({ hasText: masked(phone) })
    .last()
    .getByRole("link", { name: "审核" })
    .click();
  const values = desk.getByTestId("review-values");
  await expect(values).toContainText("演示算力科技有限公司");
  await expect(values).toContainText(code);
  await expect(values).toContainText("李*");
  await desk.getByLabel("查看原因").fill("核对营业执照与授权书");
  await desk.getByRole("button", { name: "查看" }).click();
  await expect(values).toContainText("李四");
  await expect(desk.getByRole("img", { name: "营业执照" })).toBeVisible();
  await desk.getByRole("button", { name: "通过" }).click();
  await expect(desk.getByText("已通过该申请，已通知用户")).toBeVisible();
  await deskContext.close();

  await page.goto("/console/verification/selectVerification");
  await expect(page.getByTestId("verification-label")).toHaveText("企业认证");
  await expect(page.getByTestId("verification-enterprise")).toContainText("已认证");
});

test("an application by the other channel (passport) reaches 审核中", async ({ page }) => {
  await registerViaUi(page, uniquePhone());
  await page.goto("/console/verification/selectVerification");
  await page.getByRole("link", { name: "其他方式认证" }).click();
  await expect(page).toHaveURL(/\/console\/verification\/otherChannel$/);

  const number = `E${String(Date.now()).slice(-8)}`;
  await page.getByLabel("证件类型").selectOption({ label: "港澳居民来往内地通行证" });
  await page.getByLabel("姓名（与证件一致）").fill("ANNA MÜLLER");
  await page.getByLabel("证件号码").fill(number);
  await page.getByLabel(/^证件及证明材料/).setInputFiles(png("passport.png"));
  await page.getByLabel(/^说明/).fill("德国籍，长期在华工作");
  await page.getByRole("button", { name: "提交审核" }).click();
  await expect(page.getByText("港澳居民来往内地通行证号码应为H或M开头加8位（或10位）数字")).toBeVisible();
  await expect(page.getByLabel("姓名（与证件一致）")).toHaveValue("ANNA MÜLLER");
  await expect(page.getByLabel(/^说明/)).toHaveValue("德国籍，长期在华工作");

  await page.getByLabel("证件类型").selectOption({ label: "护照" });
  await page.getByLabel(/^证件及证明材料/).setInputFiles([png("passport.png"), png("visa.png")]);
  await page.getByRole("button", { name: "提交审核" }).click();
  await expect(page.getByText("认证申请已提交，审核中")).toBeVisible();
  const status = page.getByTestId("verification-personal");
  await expect(status).toContainText("审核中");
  await expect(status).toContainText("其他方式认证");
  await expect(status).toContainText("护照");
  await expect(status).toContainText(`E${"*".repeat(number.length - 2)}${number.slice(-1)}`);
  await expect(status).toContainText("1–3个工作日");
  await expect(page.getByText(number)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "提交审核" })).toHaveCount(0);
});

test("a sub-account has no access to enterprise verification or the other channel", async ({ page, login }) => {
  await login({ phone: DEMO_SUB.mainPhone, password: DEMO_SUB.password, subAccountName: DEMO_SUB.name });
  for (const path of ["enterprise", "license", "otherChannel"]) {
    const reply = await page.goto(`/console/verification/${path}`);
    expect(reply?.status()).toBe(403);
    await expect(page.getByTestId("error-page")).toContainText("子账号无权进行实名认证");
  }
});
