import { expect, test } from "@playwright/test";
import { readCode, TEST_PASSWORD, uniquePhone, useOwnClientAddress } from "./support";

// 91110000 + 9 characters, then the GB 32100 check character.
const CREDIT_CODE = "91110108MA01ABCD2H";

test("an enterprise registers with a checked credit code and lands in its console", async ({ page }) => {
  const phone = uniquePhone();
  await useOwnClientAddress(page.context());
  await page.goto("/login?tab=company");
  await page.getByLabel("企业名称").fill("北京测试算力科技有限公司");
  await page.getByLabel("统一社会信用代码").fill("91110108MA01ABCD20");
  await page.getByLabel("联系人姓名").fill("张三");
  await page.getByLabel("手机号", { exact: true }).fill(phone);
  await page.getByRole("button", { name: "获取验证码" }).click();
  await expect(page.getByText("验证码已发送")).toBeVisible();
  const code = await readCode(page.request, phone, "company_register");
  // What was typed before asking for the code is still there.
  await expect(page.getByLabel("企业名称")).toHaveValue("北京测试算力科技有限公司");
  await page.getByLabel("短信验证码").fill(code);
  await page.getByLabel("设置密码").fill(TEST_PASSWORD);
  await page.getByLabel(/我已阅读并同意/).check();
  await page.getByRole("button", { name: "注册并登录" }).click();
  // A wrong check character is refused beside its field, and nothing is created.
  await expect(page.getByText("统一社会信用代码不正确")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel("统一社会信用代码").fill(CREDIT_CODE);
  // The code was not used up by the refused attempt.
  await page.getByLabel("短信验证码").fill(code);
  await page.getByLabel("设置密码").fill(TEST_PASSWORD);
  await page.getByLabel(/我已阅读并同意/).check();
  await page.getByRole("button", { name: "注册并登录" }).click();
  await page.waitForURL("**/console/dashboard");
  await page.goto("/console/accountInfo");
  await expect(page.getByText("企业账号")).toBeVisible();
  await expect(page.getByText("北京测试算力科技有限公司").first()).toBeVisible();
});
