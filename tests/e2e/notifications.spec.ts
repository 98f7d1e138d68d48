import { expect, test } from "./fixtures/session";

test("a new user's welcome notification can be marked read", async ({ page, login }) => {
  await login();
  await page.goto("/console/dashboard");
  await expect(page.getByTestId("notification-dot")).toBeVisible();

  await page.goto("/console/messages?tab=notifications");
  await expect(page.getByTestId("notification-list")).toContainText("欢迎加入 GPU 算力平台");
  await expect(page.getByText(/未读 [1-9]\d* 条/)).toBeVisible();

  await page.getByRole("button", { name: "全部已读" }).click();
  await expect(page.getByText("未读 0 条")).toBeVisible();
  await expect(page.getByTestId("notification-dot")).toHaveCount(0);
  await expect(page.getByTestId("notification-bell")).toBeVisible();

  // Still read after a fresh load.
  await page.reload();
  await expect(page.getByText("未读 0 条")).toBeVisible();
  await expect(page.getByTestId("notification-dot")).toHaveCount(0);
});
