/**
 * Helpers for the end-to-end journeys.
 *
 * Every test uses its own phone number: the platform sends at most one SMS code
 * per phone per minute, and failed logins bring a CAPTCHA per phone and per
 * address, so tests make as few deliberate wrong-password attempts as they can.
 * A test that sends SMS codes comes from an address of its own
 * (useOwnClientAddress): clients of unknown address count as one sender, and a
 * second phone from one sender asks for a CAPTCHA (docs/decisions/025).
 *
 * The tests of login itself sign in through the real forms (loginAs,
 * registerViaUi); every other test uses the login fixture of
 * fixtures/session.ts, which makes a real platform session and signs the
 * cookie with the server's secret (docs/decisions/024-e2e-login-fixture.md).
 */
import { randomInt } from "node:crypto";
import { expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from "@playwright/test";

/** The seeded demo account (scripts of the sandbox seed). */
export const DEMO = { phone: "13800000000", password: "demo1234" } as const;
export const DEMO_SUB = { mainPhone: DEMO.phone, name: "lab-student", password: "student1234" } as const;

/** A strong password (letters and digits) for accounts the tests register. */
export const TEST_PASSWORD = "e2ePass1234";

const issued = new Set<string>();

/** A phone number no other test uses: "139" and eight random digits. */
export function uniquePhone(): string {
  for (;;) {
    const phone = `139${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;
    if (!issued.has(phone)) {
      issued.add(phone);
      return phone;
    }
  }
}

/**
 * An X-Forwarded-For header naming a client address no other test uses (the
 * server runs with TRUST_PROXY=1, playwright.config.ts), for API requests.
 */
export function ownClientAddress(): Record<string, string> {
  return { "x-forwarded-for": `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}` };
}

/** Makes every request of this browser context come from an address of its own (see ownClientAddress). */
export async function useOwnClientAddress(context: BrowserContext): Promise<void> {
  await context.setExtraHTTPHeaders(ownClientAddress());
}

/** The masked form the site shows: first 3 digits, ****, last 4. */
export function masked(phone: string): string {
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

interface OutboxEntry {
  phone: string;
  code: string;
  purpose: string;
  sentAt: string;
}

/**
 * The newest SMS code sent to `phone` (for `purpose`, when given), read from the
 * sandbox outbox; polls until one exists.
 */
export async function readCode(request: APIRequestContext, phone: string, purpose?: string): Promise<string> {
  let found: OutboxEntry | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/sandbox/sms.json?phone=${encodeURIComponent(phone)}`);
        if (!res.ok()) return undefined;
        const entries = (await res.json()) as OutboxEntry[];
        // Newest first.
        found = entries.find((e) => e.phone === phone && (purpose === undefined || e.purpose === purpose));
        return found?.code;
      },
      { message: `an SMS code for ${phone}${purpose ? ` (${purpose})` : ""} in the sandbox outbox`, timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return found!.code;
}

/** Registers `phone` through the register tab with the code from the outbox; ends on the dashboard. */
export async function registerViaUi(page: Page, phone: string, password = TEST_PASSWORD): Promise<void> {
  await useOwnClientAddress(page.context());
  await page.goto("/login?tab=register");
  await page.getByLabel("手机号", { exact: true }).fill(phone);
  await page.getByRole("button", { name: "获取验证码" }).click();
  await expect(page.getByText("验证码已发送")).toBeVisible();
  const code = await readCode(page.request, phone, "register");
  await page.getByLabel("短信验证码").fill(code);
  await page.getByLabel("设置密码").fill(password);
  await page.getByLabel(/我已阅读并同意/).check();
  await page.getByRole("button", { name: "注册并登录" }).click();
  await page.waitForURL("**/console/dashboard");
}

/** Logs in through the password form; ends on the dashboard. */
export async function loginAs(page: Page, phone: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("手机号", { exact: true }).fill(phone);
  await page.getByLabel("密码", { exact: true }).fill(password);
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await page.waitForURL("**/console/dashboard");
}

/** Logs out with 账号信息's button (the account menu's page without JavaScript; a POST form); ends on /login. */
export async function logout(page: Page): Promise<void> {
  await page.goto("/console/accountInfo");
  await page.getByRole("main").getByRole("button", { name: "退出登录" }).click();
  await page.waitForURL((url) => url.pathname === "/login");
}

/**
 * 获取验证码 in `scope`; a code to a second phone from one address may ask for the CAPTCHA first (decision 025):
 * typed from the sandbox without JavaScript, solved by the browser with it; then asked again. Waits for
 * "验证码已发送至 <sentTo>".
 */
export async function sendSmsCode(page: Page, scope: Locator, javaScript: boolean, sentTo: string): Promise<void> {
  await scope.getByRole("button", { name: "获取验证码" }).click();
  const sent = scope.getByText(`验证码已发送至 ${sentTo}`);
  const captcha = scope.getByTestId("captcha");
  await expect(sent.or(captcha)).toBeVisible();
  if (await sent.isVisible()) return;
  if (javaScript) await expect(captcha.getByText("已自动完成人机验证")).toBeVisible({ timeout: 20_000 });
  else {
    const id = await captcha.locator('input[name="captcha_id"]').inputValue();
    const answer = await page.request.get(`/sandbox/captcha.json?id=${encodeURIComponent(id)}`);
    await scope.getByLabel("图形验证码").fill(((await answer.json()) as { code: string }).code);
  }
  await scope.getByRole("button", { name: "获取验证码" }).click();
  await expect(sent).toBeVisible();
}
