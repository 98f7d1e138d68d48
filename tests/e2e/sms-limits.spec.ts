import { expect, test } from "@playwright/test";
import { ownClientAddress, uniquePhone, useOwnClientAddress } from "./support";

// The platform allows one code per phone per minute and five per hour. Only the
// minute limit is reachable in an end-to-end run; the hourly limit (the sixth
// request within an hour) is covered by the platform's unit tests, which move a
// fake clock.

test("the API refuses a second code for the same phone within a minute", async ({ request }) => {
  const phone = uniquePhone();
  const headers = ownClientAddress();
  const send = () => request.post("/api/auth/send_verify_code", { form: { phone, purpose: "login" }, headers });

  const first = await (await send()).json();
  expect(first).toMatchObject({ status: 0 });

  const second = await (await send()).json();
  expect(second.status).toBe(1);
  expect(second.reason).toContain("频繁");
});

test("asking for a second code on the page shows the refusal", async ({ page }) => {
  const phone = uniquePhone();
  await useOwnClientAddress(page.context());
  await page.goto("/login?tab=register");
  await page.getByLabel("手机号", { exact: true }).fill(phone);
  await page.getByRole("button", { name: "获取验证码" }).click();
  await expect(page.getByText("验证码已发送")).toBeVisible();

  await page.getByRole("button", { name: "获取验证码" }).click();
  await expect(page.getByText("验证码发送过于频繁，请1分钟后再试")).toBeVisible();
  await expect(page.getByText("验证码已发送")).toHaveCount(0);
});
