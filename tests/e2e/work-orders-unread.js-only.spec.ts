/**
 * The unread mark of work orders (spec §2, issue 11 §2) with the demo
 * account's seeded order that has a staff reply it has not read: the account
 * menu's work-order link goes to 我的工单 with the mark, the list marks the
 * order, and opening it clears both (the menu then offers 提交工单 again).
 * The account menu is a dropdown, so this runs with JavaScript only; the
 * list's mark is the same server HTML either way.
 */
import { expect, test } from "./fixtures/session";
import { DEMO } from "./support";

const UNREAD_TITLE = "微信充值 200 元已扣款，余额没有增加";

test("the menu's work-order link goes to 我的工单 while a reply is unread; reading it clears the mark", async ({
  page,
  login,
}) => {
  await login({ phone: DEMO.phone });
  await page.goto("/console/dashboard");
  await page.getByRole("button", { name: "账户菜单" }).click();
  const link = page.getByRole("menu").getByTestId("work-order-link");
  await expect(link).toHaveText("我的工单");
  await expect(link.getByRole("img", { name: "有未读回复" })).toBeVisible();
  await link.click();
  await expect(page).toHaveURL("/console/createWorkOrder/myWorkOrder");
  // Other journeys add orders to the demo account; the seeded one is the one 处理中.
  await page.getByRole("navigation", { name: "工单状态" }).getByRole("link", { name: "处理中" }).click();
  await expect(page).toHaveURL("/console/createWorkOrder/myWorkOrder?status=processing");

  const row = page.getByTestId("work-order-row").filter({ hasText: UNREAD_TITLE });
  await expect(row.getByTestId("unread-mark")).toBeVisible();
  await row.getByRole("link", { name: new RegExp(UNREAD_TITLE) }).click();
  await expect(page.getByTestId("work-order-thread")).toContainText("200 元将在 10 分钟内到账");

  await page.goto("/console/createWorkOrder/myWorkOrder");
  await expect(
    page.getByTestId("work-order-row").filter({ hasText: UNREAD_TITLE }).getByTestId("unread-mark"),
  ).toHaveCount(0);
  await page.getByRole("button", { name: "账户菜单" }).click();
  const after = page.getByRole("menu").getByTestId("work-order-link");
  await expect(after).toHaveText("提交工单");
  await after.click();
  await expect(page).toHaveURL("/console/createWorkOrder/selectQuestion");
});
