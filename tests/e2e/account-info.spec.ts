import { expect, test } from "./fixtures/session";

test("the notice email is checked, saved and shown", async ({ page, login }) => {
  await login();
  await page.goto("/console/dashboard");
  await page.goto("/console/accountInfo");
  await expect(page.getByText("当前：未设置")).toBeVisible();
  const consoleNav = page.getByRole("navigation", { name: "控制台导航" });
  await expect(consoleNav.getByRole("link", { name: "账号信息" })).toHaveAttribute("aria-current", "page");
  await expect(consoleNav.getByRole("link", { name: "总览" })).not.toHaveAttribute("aria-current");
  await page.getByLabel("通知邮箱").fill("not-an-email");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("邮箱格式不正确")).toBeVisible();
  await expect(page.getByLabel("通知邮箱")).toHaveValue("not-an-email");

  await page.getByLabel("通知邮箱").fill("Lab.Admin@Example.com");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "验证邮件已发送至 lab.admin@example.com，请在 24 小时内打开邮件中的链接完成验证",
  );
  await expect(page.getByText("当前：lab.admin@example.com")).toBeVisible();
  await expect(page.getByTestId("notice-email-state")).toHaveText("待验证");
});

test("the membership section shows the tiers and the caller's progress", async ({ page, login }) => {
  await login();
  await page.goto("/console/dashboard");
  await page.goto("/console/accountInfo#membership");
  const membership = page.locator("#membership");
  await expect(membership.getByText("普通会员").first()).toBeVisible();
  await expect(membership.getByRole("cell", { name: "钻石会员" })).toBeVisible();
  await expect(membership.getByRole("cell", { name: "9.4 折" })).toBeVisible();
  await expect(membership.getByTestId("experience-percent")).toHaveText("0%");
});
