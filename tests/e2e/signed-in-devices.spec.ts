/**
 * Signed-in devices and the sign-in history on /console/safe (issue 38 §1): a second browser signs in through the
 * login form (one wrong password first), sees both devices and both attempts, and signs the other device out; the
 * other browser's next page asks it to sign in again.
 */
import { expect, test } from "./fixtures/session";
import { loginAs, TEST_PASSWORD, useOwnClientAddress } from "./support";

test("a second device lists both sessions and the sign-ins, and signs the first one out", async ({
  page,
  login,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const { phone } = await login();
  await page.goto("/console/safe");
  await expect(page.getByTestId("signed-in-device")).toHaveCount(1);

  const laptop = await browser.newContext({ baseURL, javaScriptEnabled, locale: "zh-CN" });
  await useOwnClientAddress(laptop);
  const other = await laptop.newPage();
  await other.goto("/login");
  await other.getByLabel("手机号", { exact: true }).fill(phone);
  await other.getByLabel("密码", { exact: true }).fill("not-the-password-1");
  await other.getByRole("button", { name: "登录", exact: true }).click();
  await expect(other.getByText("手机号或密码错误")).toBeVisible();
  await loginAs(other, phone, TEST_PASSWORD);

  await other.goto("/console/safe");
  const devices = other.getByTestId("signed-in-device");
  await expect(devices).toHaveCount(2);
  await expect(devices.first()).toContainText("当前设备");
  await expect(devices.first()).toContainText(/Chrome \d+ · Linux/);
  const history = other.getByTestId("sign-in-history");
  await expect(history.getByRole("row").nth(1)).toContainText("密码登录");
  await expect(history.getByRole("row").nth(1)).toContainText("成功");
  await expect(history.getByRole("row").nth(2)).toContainText("失败");

  await other.getByRole("button", { name: /退出其他所有设备/ }).click();
  await expect(other.getByRole("status")).toHaveText("已退出其他 1 台设备");
  await expect(devices).toHaveCount(1);

  // The first browser's session is over: its next console page sends it to sign in.
  await page.goto("/console/safe");
  await expect(page).toHaveURL(/\/login/);
  await laptop.close();
});

test("one other device is signed out from its row", async ({ page, login, browser, baseURL, javaScriptEnabled }) => {
  const { phone } = await login();
  const laptop = await browser.newContext({ baseURL, javaScriptEnabled, locale: "zh-CN" });
  await useOwnClientAddress(laptop);
  const other = await laptop.newPage();
  await loginAs(other, phone, TEST_PASSWORD);

  await page.goto("/console/safe");
  const row = page.getByTestId("signed-in-device").filter({ hasText: /Chrome \d+ · Linux/ });
  await row.getByRole("button", { name: "退出" }).click();
  await expect(page.getByRole("status")).toHaveText("该设备已退出登录");
  await expect(page.getByTestId("signed-in-device")).toHaveCount(1);

  await other.goto("/console/dashboard");
  await expect(other).toHaveURL(/\/login/);
  await laptop.close();
});
