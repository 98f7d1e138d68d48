/**
 * The CAPTCHA paths of issue 9 §1 and §6, with JavaScript on and off: after
 * failed logins, for a second phone's SMS code from one address, and after
 * wrong registration codes. Without JavaScript the image code is typed (read
 * here from the sandbox); with JavaScript the browser solves the proof of work.
 *
 * The server runs with TRUST_PROXY=1 (playwright.config.ts), so each test is
 * its own client address through X-Forwarded-For and no test's failures reach another.
 */
import { randomInt } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { seriousViolationsOfDocument } from "./axe";
import { readCode, TEST_PASSWORD, uniquePhone } from "./support";

test.beforeEach(({ context }) =>
  context.setExtraHTTPHeaders({
    "x-forwarded-for": `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`,
  }),
);

/** Passes the CAPTCHA the form shows: typed from the image without JavaScript, solved by the browser with it. */
async function passCaptcha(page: Page, javaScript: boolean) {
  const box = page.getByTestId("captcha");
  await expect(box).toBeVisible();
  if (javaScript) {
    await expect(box.getByText("已自动完成人机验证")).toBeVisible({ timeout: 20_000 });
    await expect(box.locator('input[name="captcha_pow"]')).toHaveCount(1);
    return;
  }
  await expect(box.getByRole("img", { name: /图形验证码/ })).toBeVisible();
  const id = await box.locator('input[name="captcha_id"]').inputValue();
  const answer = await page.request.get(`/sandbox/captcha.json?id=${encodeURIComponent(id)}`);
  const { code } = (await answer.json()) as { code: string };
  await page.getByLabel("图形验证码").fill(code);
}

async function registerWithApi(page: Page, phone: string) {
  const send = await page.request.post("/api/auth/send_verify_code", { form: { phone, purpose: "register" } });
  expect((await send.json()).status).toBe(0);
  const code = await readCode(page.request, phone, "register");
  const reply = await page.request.post("/api/register", {
    form: { phone, code, password: TEST_PASSWORD, agree: "1" },
  });
  expect((await reply.json()).status).toBe(0);
}

test("after three wrong passwords the login form asks for the CAPTCHA, and the owner gets in with it", async ({
  page,
  javaScriptEnabled,
}) => {
  const phone = uniquePhone();
  await registerWithApi(page, phone);
  await page.goto("/login");
  for (let i = 1; i <= 3; i++) {
    await page.getByLabel("手机号", { exact: true }).fill(phone);
    await page.getByLabel("密码", { exact: true }).fill(`Wrong${i}pass`);
    await page.getByRole("button", { name: "登录", exact: true }).click();
    await expect(page.getByLabel("密码", { exact: true })).toHaveAccessibleDescription("手机号或密码错误");
  }
  await expect(page.getByTestId("captcha")).toHaveCount(0);

  await page.getByLabel("密码", { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "请完成安全验证" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/login");
  await expect(page.getByTestId("captcha")).toBeVisible();
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled), "axe with the CAPTCHA shown").toEqual([]);

  await passCaptcha(page, javaScriptEnabled);
  await page.getByLabel("密码", { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await page.waitForURL("**/console/dashboard");
});

test("asking for a code for a second phone from one address needs the CAPTCHA", async ({ page, javaScriptEnabled }) => {
  await page.goto("/login?tab=register");
  await page.getByLabel("手机号", { exact: true }).fill(uniquePhone());
  await page.getByRole("button", { name: "获取验证码" }).click();
  await expect(page.getByText("验证码已发送")).toBeVisible();

  const second = uniquePhone();
  await page.getByLabel("手机号", { exact: true }).fill(second);
  await page.getByRole("button", { name: "获取验证码" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "请完成安全验证" })).toBeVisible();
  const outbox = await page.request.get(`/sandbox/sms.json?phone=${second}`);
  expect(await outbox.json()).toEqual([]);

  await passCaptcha(page, javaScriptEnabled);
  await page.getByRole("button", { name: "获取验证码" }).click();
  await expect(page.getByText("验证码已发送")).toBeVisible();
  expect(await readCode(page.request, second, "register")).toMatch(/^\d{6}$/);
});

test("after three wrong registration codes the CAPTCHA is asked, then registration goes through", async ({
  page,
  javaScriptEnabled,
}) => {
  const phone = uniquePhone();
  await page.goto("/login?tab=register");
  await page.getByLabel("手机号", { exact: true }).fill(phone);
  await page.getByRole("button", { name: "获取验证码" }).click();
  await expect(page.getByText("验证码已发送")).toBeVisible();
  const code = await readCode(page.request, phone, "register");
  const wrong = code === "000000" ? "000001" : "000000";
  const submit = async (smsCode: string) => {
    await page.getByLabel("手机号", { exact: true }).fill(phone);
    await page.getByLabel("短信验证码").fill(smsCode);
    await page.getByLabel("设置密码").fill(TEST_PASSWORD);
    await page.getByLabel(/我已阅读并同意/).check();
    await page.getByRole("button", { name: "注册并登录" }).click();
  };
  for (let i = 0; i < 3; i++) {
    await submit(wrong);
    await expect(page.getByLabel("短信验证码")).toHaveAccessibleDescription("验证码错误或已过期");
  }
  await submit(code);
  await expect(page.getByRole("alert").filter({ hasText: "请完成安全验证" })).toBeVisible();
  await passCaptcha(page, javaScriptEnabled);
  await submit(code);
  await page.waitForURL("**/console/dashboard");
});
