/**
 * 修改密码 on /console/safe (issue 38 §1): a wrong current password is refused beside its field; the right one
 * changes it, the other device is signed out, and the new password signs in. Forgotten: an SMS code instead.
 */
import { expect, test } from "./fixtures/session";
import { loginAs, logout, readCode, TEST_PASSWORD, useOwnClientAddress } from "./support";

test("with the current password; the other device is signed out and the new password signs in", async ({
  page,
  login,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const { phone } = await login();
  const laptop = await browser.newContext({ baseURL, javaScriptEnabled, locale: "zh-CN" });
  await useOwnClientAddress(laptop);
  const other = await laptop.newPage();
  await loginAs(other, phone, TEST_PASSWORD);

  await page.goto("/console/safe");
  const panel = page.getByRole("region", { name: "修改密码" });
  await panel.getByLabel("当前密码").fill("not-my-password-1");
  await panel.getByLabel("新密码", { exact: true }).fill("Changed2026x");
  await panel.getByLabel("确认新密码").fill("Changed2026y");
  await panel.getByRole("button", { name: "修改密码" }).click();
  await expect(panel.getByText("两次输入的新密码不一致")).toBeVisible();

  await panel.getByLabel("当前密码").fill("not-my-password-1");
  await panel.getByLabel("新密码", { exact: true }).fill("Changed2026x");
  await panel.getByLabel("确认新密码").fill("Changed2026x");
  await panel.getByRole("button", { name: "修改密码" }).click();
  await expect(panel.getByText("当前密码不正确")).toBeVisible();

  await panel.getByLabel("当前密码").fill(TEST_PASSWORD);
  await panel.getByLabel("新密码", { exact: true }).fill("Changed2026x");
  await panel.getByLabel("确认新密码").fill("Changed2026x");
  await panel.getByRole("button", { name: "修改密码" }).click();
  await expect(page.getByRole("status")).toHaveText("密码已修改，其他 1 台设备已退出登录");

  await other.goto("/console/dashboard");
  await expect(other).toHaveURL(/\/login/);
  await laptop.close();

  await logout(page);
  await loginAs(page, phone, "Changed2026x");
});

test("forgotten: an SMS code to the account's phone instead of the current password", async ({ page, login }) => {
  const { phone } = await login();
  await useOwnClientAddress(page.context());
  await page.goto("/console/safe");
  const panel = page.getByRole("region", { name: "修改密码" });
  await panel.getByRole("link", { name: /忘记当前密码/ }).click();
  await panel.getByRole("button", { name: "获取验证码" }).click();
  await expect(panel.getByText("验证码已发送")).toBeVisible();
  await panel.getByLabel(/短信验证码/).fill(await readCode(page.request, phone, "reset_password"));
  await panel.getByLabel("新密码", { exact: true }).fill("ByCode2026x");
  await panel.getByLabel("确认新密码").fill("ByCode2026x");
  await panel.getByRole("button", { name: "修改密码" }).click();
  await expect(page.getByRole("status")).toHaveText("密码已修改");
  await logout(page);
  await loginAs(page, phone, "ByCode2026x");
});
