/**
 * Issue 37 §1, personal verification by bank card, with JavaScript on and off: a new account is unverified;
 * /console/verification leads to 银行卡认证; a wrong ID number is refused beside its field keeping what was
 * typed; 获取验证码 sends a code to the card's phone; the four elements verify; the page then shows the masked
 * values only, and the label becomes 个人认证. A sub-account has no access.
 */
import { expect, test } from "./fixtures/session";
import { DEMO_SUB, readCode, registerViaUi, uniquePhone, useOwnClientAddress } from "./support";
import { cardNumber, idNumber } from "./verification-support";

test("register, verify by bank card, the label changes", async ({ page }) => {
  await registerViaUi(page, uniquePhone());
  // A client address of its own for the card's phone: a second phone from the same address would ask a CAPTCHA.
  await useOwnClientAddress(page.context());
  await page.goto("/console/verification");
  await expect(page).toHaveURL(/\/console\/verification\/selectVerification$/);
  await expect(page.getByTestId("verification-label")).toHaveText("未认证");
  await expect(page.getByText("不限GPU租用数量")).toBeVisible();
  await expect(page.getByText("未认证账号最多同时使用8张GPU")).toBeVisible();

  await page.getByRole("link", { name: "银行卡认证" }).first().click();
  await expect(page).toHaveURL(/\/console\/verification\/bankCardVerify$/);
  const id = idNumber();
  const card = cardNumber();
  const phone = uniquePhone();
  const wrongId = id.slice(0, 17) + (id[17] === "1" ? "2" : "1");
  await page.getByLabel("姓名").fill("张三");
  await page.getByLabel("身份证号").fill(wrongId);
  await page.getByLabel("银行卡号").fill(card);
  await page.getByLabel("银行预留手机号").fill(phone);
  await page.getByRole("button", { name: "获取验证码" }).click();
  await expect(page.getByText("验证码已发送")).toBeVisible();
  // Nothing typed is asked again.
  await expect(page.getByLabel("姓名")).toHaveValue("张三");
  await expect(page.getByLabel("银行卡号")).toHaveValue(card);
  const code = await readCode(page.request, phone, "bank_card");
  await page.getByLabel("短信验证码").fill(code);
  await page.getByRole("button", { name: "提交认证" }).click();
  await expect(page.getByText("身份证号校验位不正确，请核对")).toBeVisible();
  await expect(page.getByLabel("银行卡号")).toHaveValue(card);
  await page.getByLabel("身份证号").fill(id);
  await page.getByLabel("短信验证码").fill(code);
  await page.getByRole("button", { name: "提交认证" }).click();

  await expect(page.getByText("个人实名认证已完成")).toBeVisible();
  const status = page.getByTestId("verification-personal");
  await expect(status).toContainText("已认证");
  await expect(status).toContainText(`****${card.slice(-4)}`);
  await expect(status).toContainText("张*");
  await expect(page.getByText(id)).toHaveCount(0);
  await expect(page.getByText(card)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "提交认证" })).toHaveCount(0);

  await page.goto("/console/verification/selectVerification");
  await expect(page.getByTestId("verification-label")).toHaveText("个人认证");
});

test("a sub-account has no verification access", async ({ page, login }) => {
  await login({ phone: DEMO_SUB.mainPhone, password: DEMO_SUB.password, subAccountName: DEMO_SUB.name });
  const reply = await page.goto("/console/verification/bankCardVerify");
  expect(reply?.status()).toBe(403);
  await expect(page.getByTestId("error-page")).toContainText("子账号无权进行实名认证");
});
