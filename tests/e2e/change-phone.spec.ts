/**
 * 更换手机号 on /console/safe (issue 38 §1): the old number's code (a wrong one refused beside it), then the new
 * number and its code; the account then signs in with the new number. Both steps are plain forms.
 */
import { expect, test } from "./fixtures/session";
import {
  loginAs,
  logout,
  masked,
  readCode,
  sendSmsCode,
  TEST_PASSWORD,
  uniquePhone,
  useOwnClientAddress,
} from "./support";

test("the old number's code, then the new number's: the account signs in with the new number", async ({
  page,
  login,
  javaScriptEnabled,
}) => {
  const { phone } = await login();
  await useOwnClientAddress(page.context());
  await page.goto("/console/safe");
  const panel = page.getByRole("region", { name: "更换手机号" });

  await sendSmsCode(page, panel, javaScriptEnabled, masked(phone));
  await panel.getByLabel(/原手机号验证码/).fill("000000");
  await panel.getByRole("button", { name: "下一步" }).click();
  await expect(panel.getByLabel(/原手机号验证码/)).toHaveAttribute("aria-invalid", "true");

  await panel.getByLabel(/原手机号验证码/).fill(await readCode(page.request, phone, "change_phone"));
  await panel.getByRole("button", { name: "下一步" }).click();
  await expect(panel.getByText("原手机号验证通过")).toBeVisible();

  const fresh = uniquePhone();
  await panel.getByLabel("新手机号", { exact: true }).fill(fresh);
  await sendSmsCode(page, panel, javaScriptEnabled, masked(fresh));
  await panel.getByLabel("新手机号验证码").fill(await readCode(page.request, fresh, "change_phone"));
  await panel.getByRole("button", { name: "确认更换" }).click();
  await expect(page.getByRole("status")).toHaveText(`手机号已更换为 ${masked(fresh)}，请使用新手机号登录`);

  await logout(page);
  await loginAs(page, fresh, TEST_PASSWORD);
});
