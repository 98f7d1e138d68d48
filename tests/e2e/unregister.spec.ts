import { expect, test } from "./fixtures/session";
import { readCode, TEST_PASSWORD, useOwnClientAddress } from "./support";

test("closing an account needs a fresh code and both confirmations; the closed account cannot log in", async ({
  page,
  login,
}) => {
  const { phone } = await login();
  await useOwnClientAddress(page.context());
  await page.goto("/console/safe");
  const panel = page.getByRole("region", { name: "注销账号" });
  await panel.getByRole("button", { name: "确认注销" }).click();
  await expect(page.getByText("请填写验证码")).toBeVisible();
  await expect(page.getByText("请阅读并同意《账号注销协议》")).toBeVisible();

  await panel.getByRole("button", { name: "获取验证码" }).click();
  await expect(panel.getByText("验证码已发送")).toBeVisible();
  await panel.getByLabel(/短信验证码/).fill(await readCode(page.request, phone, "unregister"));
  await panel.getByLabel(/我已阅读并同意/).check();
  await panel.getByLabel(/我确认注销账号/).check();
  await panel.getByRole("button", { name: "确认注销" }).click();
  await page.waitForURL("**/login");
  await expect(page.getByRole("status")).toHaveText("账号已注销");

  // The closed account cannot log in.
  await page.getByLabel("手机号", { exact: true }).fill(phone);
  await page.getByLabel("密码", { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await expect(page.getByText("手机号或密码错误")).toBeVisible();
});
