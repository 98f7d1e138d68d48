/**
 * Issue 37 §1, personal verification by ID card and face, with JavaScript on and off: a new account uploads both
 * sides (the sandbox OCR reads the file name: an unreadable photo is refused beside its field), confirms the name and
 * ID number read (a wrong check digit is refused beside the field; a refresh keeps the step), opens the face check's
 * link as a phone would and presses 通过; the waiting page (refreshing itself without JavaScript, polling with it)
 * shows the masked values, and the label becomes 个人认证. A failed check shows its reason and 重新认证 starts
 * again. A sub-account has no access.
 */
import { randomInt } from "node:crypto";
import { idCheckChar } from "../../platform/rules/identity-numbers";
import { pngImage } from "../support/upload-fixtures";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/session";
import { DEMO_SUB, registerViaUi, uniquePhone } from "./support";

/** A valid ID number (GB 11643): Chaoyang, Beijing, a random birth date in 1970–1999 and sequence. */
function idNumber(): string {
  const birth = `${randomInt(1970, 2000)}${String(randomInt(1, 13)).padStart(2, "0")}${String(randomInt(1, 29)).padStart(2, "0")}`;
  const first17 = `110105${birth}${String(randomInt(0, 1000)).padStart(3, "0")}`;
  return first17 + idCheckChar(first17);
}

const photo = (name: string) => ({ name, mimeType: "image/png", buffer: Buffer.from(pngImage(60, 38)) });
const BACK = photo("idcard-back-北京市公安局朝阳分局-2016.05.01-2036.05.01.png");

test("register, verify by ID card and face, the label changes", async ({ page, javaScriptEnabled }) => {
  await registerViaUi(page, uniquePhone());
  await page.goto("/console/verification");
  await page.getByRole("link", { name: "身份证与人脸认证" }).click();
  await expect(page).toHaveURL(/\/console\/verification\/personal$/);

  // A photo OCR cannot read: the reason stands beside it.
  await page.getByLabel("身份证人像面").setInputFiles(photo("unreadable-blurred.png"));
  await page.getByLabel("身份证国徽面").setInputFiles(BACK);
  await page.getByRole("button", { name: "上传并识别" }).click();
  await expect(page.getByText("无法识别该照片，请上传清晰、完整、无遮挡的身份证照片")).toBeVisible();

  const id = idNumber();
  await page.getByLabel("身份证人像面").setInputFiles(photo(`idcard-front-李雷-${id}.png`));
  await page.getByLabel("身份证国徽面").setInputFiles(BACK);
  await page.getByRole("button", { name: "上传并识别" }).click();
  await expect(page).toHaveURL(/\/console\/verification\/personal\?front=\d+&back=\d+$/);
  expect(page.url()).not.toContain(id);
  await expect(page.getByText("签发机关：北京市公安局朝阳分局")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("姓名")).toHaveValue("李雷");
  await expect(page.getByLabel("身份证号")).toHaveValue(id);

  const wrongId = id.slice(0, 17) + (id[17] === "1" ? "2" : "1");
  await page.getByLabel("身份证号").fill(wrongId);
  await page.getByRole("button", { name: "确认并开始人脸核验" }).click();
  await expect(page.getByText("身份证号校验位不正确，请核对")).toBeVisible();
  await expect(page.getByLabel("姓名")).toHaveValue("李雷");
  await page.getByLabel("身份证号").fill(id);
  await page.getByRole("button", { name: "确认并开始人脸核验" }).click();

  await expect(page.getByTestId("face-waiting")).toBeVisible();
  await expect(page.getByRole("img", { name: "人脸核验二维码" })).toBeVisible();
  const link = await page.getByTestId("face-link").getByRole("link").getAttribute("href");
  expect(link).toMatch(/\/sandbox\/face\/[A-Za-z0-9_-]{43}$/);

  // The phone opens the link and passes the check.
  const phone = await page.context().newPage();
  await phone.goto(link!);
  await phone.getByRole("button", { name: "通过", exact: true }).click();
  await expect(phone.getByText("本次人脸核验已通过")).toBeVisible();
  await phone.close();

  // The waiting page finds the result by itself (a refresh without JavaScript, a poll with it).
  const status = page.getByTestId("verification-personal");
  await expect(status).toContainText("已认证");
  await expect(status).toContainText("李*");
  await expect(status).toContainText(`1****************${id.slice(-1)}`);
  await expect(page.getByText(id)).toHaveCount(0);

  if (javaScriptEnabled) {
    await page.getByRole("button", { name: "账户菜单" }).click();
    await expect(page.getByRole("menu").getByTestId("verification-tag")).toHaveText("个人认证");
  }
  await page.goto("/console/verification/selectVerification");
  await expect(page.getByTestId("verification-label")).toHaveText("个人认证");
});

/** On the upload step: uploads both sides of a card, confirms what was read and answers the face check's link. */
async function uploadConfirmAndStart(page: Page, name: string, id: string): Promise<string> {
  await page.getByLabel("身份证人像面").setInputFiles(photo(`idcard-front-${name}-${id}.png`));
  await page.getByLabel("身份证国徽面").setInputFiles(BACK);
  await page.getByRole("button", { name: "上传并识别" }).click();
  await expect(page.getByLabel("身份证号")).toHaveValue(id);
  await page.getByRole("button", { name: "确认并开始人脸核验" }).click();
  await expect(page.getByTestId("face-waiting")).toBeVisible();
  return (await page.getByTestId("face-link").getByRole("link").getAttribute("href"))!;
}

test("a failed face check shows the reason; 重新认证 starts again and passes", async ({ page }) => {
  await registerViaUi(page, uniquePhone());
  const id = idNumber();
  const phone = await page.context().newPage();
  await page.goto("/console/verification/personal");
  await phone.goto(await uploadConfirmAndStart(page, "韩梅梅", id));
  await phone.getByRole("button", { name: "不通过" }).click();
  await expect(phone.getByText("本次人脸核验未通过")).toBeVisible();

  await expect(page.getByTestId("verification-personal")).toContainText("未通过原因：人脸核验未通过");
  await page.getByRole("button", { name: "重新认证" }).click();
  await expect(page.getByLabel("身份证人像面")).toBeVisible();

  await phone.goto(await uploadConfirmAndStart(page, "韩梅梅", id));
  await phone.getByRole("button", { name: "通过", exact: true }).click();
  await expect(page.getByTestId("verification-personal")).toContainText("已认证");
  await phone.close();
});

test("a sub-account has no access to the ID card verification", async ({ page, login }) => {
  await login({ phone: DEMO_SUB.mainPhone, password: DEMO_SUB.password, subAccountName: DEMO_SUB.name });
  const reply = await page.goto("/console/verification/personal");
  expect(reply?.status()).toBe(403);
  await expect(page.getByTestId("error-page")).toContainText("子账号无权进行实名认证");
});
