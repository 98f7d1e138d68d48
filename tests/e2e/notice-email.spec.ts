import { expect, test } from "./fixtures/session";

test("setting the notice email sends a confirmation, shown in the sandbox outbox", async ({ page, login }) => {
  const { phone } = await login();
  const address = `notice-${phone}@example.com`;
  await page.goto("/console/accountInfo");
  await page.getByLabel("通知邮箱").fill(address);
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByRole("status")).toHaveText("通知邮箱已更新");

  await page.goto("/sandbox/email");
  await expect(page.getByRole("heading", { name: "沙箱邮件发件箱" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: address });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("【算力云】通知邮箱设置成功");
  await expect(row).toContainText(`${phone.slice(0, 3)}****${phone.slice(-4)} 已将本邮箱设为通知邮箱`);
});
