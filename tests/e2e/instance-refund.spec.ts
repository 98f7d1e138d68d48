/**
 * Stop with refund (issue 36 §1), JavaScript on and off: a user rents an RTX
 * 4090 × 1 for 3 days; the release confirmation says early release refunds
 * nothing and links to stop with refund; the instance's 提前结束并退款 (a
 * dialog with JavaScript, the confirm page without) shows the rule and the
 * exact refund; a wrong name is refused beside its field and changes nothing;
 * the right one pays that refund back, releases the instance, and the expense
 * detail shows one refund entry that explains itself.
 */
import type { APIRequestContext } from "@playwright/test";
import { instancePath, releaseInstancePath, stopWithRefundPath } from "../../app/utils/console-paths";
import { seriousViolationsOfDocument } from "./axe";
import { expect, test } from "./fixtures/session";
import {
  cashOf,
  mainApi,
  rentalKey,
  rentByApi,
  rentHourlyByApi,
  tokenOf,
  topUp,
  waitForInstanceState,
} from "./platform-calls";

/** Rents RTX 4090 × 1 for `days` days without a coupon, by the platform's call, and waits until it runs. */
async function rentPackage(request: APIRequestContext, token: string, days: number) {
  const rented = await rentByApi(request, token, { operationKey: rentalKey("refund-e2e"), days });
  await waitForInstanceState(request, token, rented.uuid, "running");
  return rented;
}

test("stop with refund: the refund shown before confirming is paid back, once, and explained in the expense detail", async ({
  page,
  login,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const user = await login();
  const token = await tokenOf(page.request, user.phone, user.password);
  await topUp(page.request, token, "500");
  const rented = await rentPackage(page.request, token, 3);
  const preview = await mainApi<{ Refund: string; UnusedDays: number }>(
    page.request,
    "/instance/get_stop_refund_preview",
    {
      session: token,
      instance_uuid: rented.uuid,
    },
  );
  expect(preview.data.UnusedDays).toBe(2);
  const refund = `¥${preview.data.Refund}`;

  // The release confirmation says an early release refunds nothing, and points to stop with refund.
  await page.goto(releaseInstancePath(rented.uuid));
  await expect(page.getByTestId("release-no-refund")).toContainText("不退还");
  await expect(page.getByTestId("release-refund-link")).toHaveAttribute("href", stopWithRefundPath(rented.uuid));

  // The instance's 提前结束并退款: a dialog with JavaScript, the confirm page without.
  await page.goto(instancePath(rented.uuid));
  const start = page.getByRole(javaScriptEnabled ? "button" : "link", { name: "提前结束并退款" });
  await start.click();
  const scope = javaScriptEnabled ? page.getByRole("dialog", { name: "提前结束套餐并退款" }) : page;
  if (!javaScriptEnabled) await expect(page).toHaveURL(stopWithRefundPath(rented.uuid));
  await expect(scope.getByTestId("refund-rule")).toContainText("不足一天的部分不退");
  await expect(scope.getByTestId("refund-total")).toContainText(`退款合计 ${refund}`);
  await expect(scope.getByTestId("refund-total")).toContainText(`退回余额 ${refund}`);
  await expect(scope.getByText("未使用的整天：2 天")).toBeVisible();
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);
  await expect(scope.getByTestId("survival-release")).toBeVisible();

  // A wrong name: refused beside its field, nothing changes.
  const cashBefore = await cashOf(page.request, token);
  await scope.getByLabel("实例名称").fill("不是这个名字");
  await scope.getByRole("button", { name: "确认结束并退款" }).click();
  await expect(scope.getByText("请输入实例名称以确认释放")).toBeVisible();
  expect(await cashOf(page.request, token)).toBe(cashBefore);

  await scope.getByLabel("实例名称").fill(rented.name);
  await scope.getByRole("button", { name: "确认结束并退款" }).click();
  await expect(page).toHaveURL(/\/console\/dashboard/);
  await expect(page.getByText(`已提前结束套餐，退款 ${refund}`)).toBeVisible();
  expect(await cashOf(page.request, token)).toBeCloseTo(500 - rented.paid + Number(preview.data.Refund), 2);

  // Asking again (a resubmitted form) refunds nothing more.
  const again = await mainApi<{ Replayed: boolean }>(page.request, "/instance/stop_instance_with_refund", {
    session: token,
    instance_uuid: rented.uuid,
    confirm_name: rented.name,
  });
  expect(again.data.Replayed).toBe(true);
  expect(await cashOf(page.request, token)).toBeCloseTo(500 - rented.paid + Number(preview.data.Refund), 2);

  // The expense detail: one refund entry, +refund to cash, referring to the instance, explaining itself.
  await page.goto("/console/finance/expenseDetail");
  const rows = page.getByTestId("balance-change-list").locator("tbody tr");
  const refunds = rows.filter({ hasText: "提前结束套餐" });
  await expect(refunds).toHaveCount(1);
  await expect(refunds).toContainText(`+${refund}`);
  await expect(refunds).toContainText("退款");
  await expect(refunds).toContainText(`实例 ${rented.name}`);
  await expect(refunds).toContainText("退还未用整天 2 天");
  await expect(refunds).toContainText(`合计退 ${refund}（算力券 ¥0.00，余额 ${refund}）`);
});

test("stop with refund: an hourly instance is told why there is nothing to refund; another user's instance is not found", async ({
  page,
  login,
}) => {
  const user = await login();
  const token = await tokenOf(page.request, user.phone, user.password);
  await topUp(page.request, token, "50");
  const hourly = await rentHourlyByApi(page.request, token, `refund-hourly-${Date.now().toString(36)}`);
  await page.goto(stopWithRefundPath(hourly.uuid));
  await expect(page.getByTestId("refund-refused")).toContainText("按量计费实例没有预付套餐，无需退款，可直接释放");
  await expect(page.getByRole("button", { name: "确认结束并退款" })).toHaveCount(0);

  const other = await login();
  const otherToken = await tokenOf(page.request, other.phone, other.password);
  await topUp(page.request, otherToken, "50");
  const theirs = await rentHourlyByApi(page.request, otherToken, `refund-other-${Date.now().toString(36)}`);
  await login({ phone: user.phone, password: user.password });
  const response = await page.goto(stopWithRefundPath(theirs.uuid));
  expect(response?.status()).toBe(404);
});
