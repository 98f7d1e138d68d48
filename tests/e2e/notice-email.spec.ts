import { expect, test } from "./fixtures/session";
import { noticeEmailLink } from "./notice-email-link";

test("the notice email counts once its owner confirms it by the emailed link (signed out, GET changes nothing)", async ({
  page,
  login,
}) => {
  const { phone, password } = await login();
  const address = `notice-${phone}@example.com`;
  await page.goto("/console/accountInfo");
  await page.getByLabel("通知邮箱").fill(address);
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `验证邮件已发送至 ${address}，请在 24 小时内打开邮件中的链接完成验证`,
  );
  await expect(page.getByTestId("notice-email-state")).toHaveText("待验证");

  await page.goto("/sandbox/email");
  const row = page.getByRole("row").filter({ hasText: address });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("【算力云】请验证通知邮箱");
  await expect(row).toContainText(`${phone.slice(0, 3)}****${phone.slice(-4)} 将本邮箱设为通知邮箱`);
  const link = await noticeEmailLink(page.request, address);

  // Opened signed out: the page only offers 确认; opening it confirmed nothing.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "验证通知邮箱" })).toBeVisible();
  await page.goto(link);
  await page.getByRole("button", { name: "确认" }).click();
  await expect(page.getByTestId("notice-email-confirmed")).toHaveText(
    `通知邮箱 ${address} 验证成功，工单回复等通知将发送到此邮箱`,
  );
  // Used again: it says so, and changes nothing.
  await page.goto(link);
  await page.getByRole("button", { name: "确认" }).click();
  await expect(page.getByTestId("notice-email-confirmed")).toHaveText(
    `通知邮箱 ${address} 此前已完成验证，无需重复操作`,
  );
  // A wrong token is refused with its reason; no token at all, too.
  await page.goto(`${link.slice(0, -4)}AAAA`);
  await page.getByRole("button", { name: "确认" }).click();
  await expect(page.getByTestId("notice-email-confirm-error")).toContainText("验证链接无效");
  await page.goto("/confirmNoticeEmail");
  await expect(page.getByTestId("notice-email-confirm-error")).toContainText("验证链接不完整");
  await expect(page.getByRole("button", { name: "确认" })).toHaveCount(0);

  await login({ phone, password });
  await page.goto("/console/accountInfo");
  await expect(page.getByTestId("notice-email-state")).toHaveText("已验证");
  await expect(page.getByRole("button", { name: "重新发送验证邮件" })).toHaveCount(0);
});

test("重新发送验证邮件 sends a new link; past the day's number the address is still saved and the page says so", async ({
  page,
  login,
}) => {
  const { phone } = await login();
  await page.goto("/console/accountInfo");
  const save = async (n: number) => {
    await page.getByLabel("通知邮箱").fill(`box${n}-${phone}@example.com`);
    await page.getByRole("button", { name: "保存" }).click();
  };
  for (let n = 1; n <= 4; n++) {
    await save(n);
    await expect(page.getByRole("status")).toHaveText(
      `验证邮件已发送至 box${n}-${phone}@example.com，请在 24 小时内打开邮件中的链接完成验证`,
    );
  }
  const first = await noticeEmailLink(page.request, `box4-${phone}@example.com`);
  await page.getByRole("button", { name: "重新发送验证邮件" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `验证邮件已发送至 box4-${phone}@example.com，请在 24 小时内打开邮件中的链接完成验证`,
  );
  // The toast reads as before: wait for the new email.
  await expect.poll(() => noticeEmailLink(page.request, `box4-${phone}@example.com`)).not.toBe(first);
  await save(6);
  await expect(page.getByRole("status")).toHaveText("通知邮箱已保存；今天的验证邮件已达上限，请明天再重新发送");
  await expect(page.getByText(`当前：box6-${phone}@example.com`)).toBeVisible();
  await expect(page.getByTestId("notice-email-state")).toHaveText("待验证");
  const outbox = await page.request.get(`/sandbox/email.json?to=${encodeURIComponent(`box6-${phone}@example.com`)}`);
  expect(await outbox.json()).toEqual([]);
});
