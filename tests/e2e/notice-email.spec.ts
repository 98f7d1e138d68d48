import { expect, test } from "./fixtures/session";

test("setting the notice email sends a confirmation, shown in the sandbox outbox", async ({ page, login }) => {
  const { phone } = await login();
  const address = `notice-${phone}@example.com`;
  await page.goto("/console/accountInfo");
  await page.getByLabel("通知邮箱").fill(address);
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByRole("status")).toHaveText(`通知邮箱已更新，确认邮件已发送至 ${address}`);

  await page.goto("/sandbox/email");
  await expect(page.getByRole("heading", { name: "沙箱邮件发件箱" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: address });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("【算力云】通知邮箱设置成功");
  await expect(row).toContainText(`${phone.slice(0, 3)}****${phone.slice(-4)} 已将本邮箱设为通知邮箱`);
});

test("past the day's confirmations the address is still saved, and the page says no email went out", async ({
  page,
  login,
}) => {
  const { phone } = await login();
  await page.goto("/console/accountInfo");
  const save = async (n: number) => {
    await page.getByLabel("通知邮箱").fill(`box${n}-${phone}@example.com`);
    await page.getByRole("button", { name: "保存" }).click();
  };
  for (let n = 1; n <= 5; n++) {
    await save(n);
    await expect(page.getByRole("status")).toHaveText(`通知邮箱已更新，确认邮件已发送至 box${n}-${phone}@example.com`);
  }
  await save(6);
  await expect(page.getByRole("status")).toHaveText("通知邮箱已保存；今天的确认邮件已达上限，本次未发送");
  await expect(page.getByText(`当前：box6-${phone}@example.com`)).toBeVisible();
  const outbox = await page.request.get(`/sandbox/email.json?to=${encodeURIComponent(`box6-${phone}@example.com`)}`);
  expect(await outbox.json()).toEqual([]);
});
