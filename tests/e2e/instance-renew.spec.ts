/**
 * Renewing an instance (issue 36 §1), JavaScript on and off: a user with a
 * one-day package opens 续费 on the instance page, sees the price of 1 more
 * day by the function that charges and the term it buys (from the package's
 * expiry), confirms, and is back on the instance with a toast; the renewal is
 * the instance's second package charge, and the expense detail shows it
 * explained and linked to its 实例续费 order; the balance fell by exactly it.
 */
import type { APIRequestContext } from "@playwright/test";
import { instancePath, renewInstancePath } from "../../app/utils/console-paths";
import { formatDateTime } from "../../app/utils/format";
import { seriousViolationsOfDocument } from "./axe";
import { expect, test } from "./fixtures/session";
import { cashOf, releaseByApi, rentalKey, rentByApi, tokenOf, topUp, waitForInstanceState } from "./platform-calls";

/** Rents an RTX 4090 × 1 for one day, no coupon, through the main API; answers its uuid and expiry once it runs. */
async function rentOneDay(request: APIRequestContext, token: string) {
  const rented = await rentByApi(request, token, { operationKey: rentalKey("renew-e2e"), days: 1 });
  // The simulated fleet brings it up in a few seconds; only a running or stopped instance is renewed.
  await waitForInstanceState(request, token, rented.uuid, "running");
  return { uuid: rented.uuid, expiresAt: rented.packageExpiresAt };
}

test("renew a one-day package by 1 day: the price shown is charged, in the instance's charges and the expense detail", async ({
  page,
  login,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const user = await login();
  const token = await tokenOf(page.request, user.phone, user.password);
  await topUp(page.request, token, "500");
  const { uuid, expiresAt } = await rentOneDay(page.request, token);
  const cashBefore = await cashOf(page.request, token);

  await page.goto(instancePath(uuid));
  await page.getByTestId("renew-link").click();
  await expect(page).toHaveURL(new RegExp(`${renewInstancePath(uuid)}$`));
  await expect(page.getByRole("heading", { name: "续费实例" })).toBeVisible();
  // The default choice is 1 day, no coupon held: the price of 24 GPU-hours with the day's discount.
  await expect(page.getByTestId("rental-price")).toContainText("× 24 小时");
  await expect(page.getByTestId("rental-price")).toContainText("续费时一次扣费");
  const total = (await page.getByTestId("rental-total").textContent())!.replace("¥", "");
  expect(Number(total)).toBeGreaterThan(0);
  const end = new Date(new Date(expiresAt).getTime() + 24 * 3_600_000).toISOString();
  await expect(page.getByTestId("renew-term")).toContainText(`${formatDateTime(expiresAt)} 至 ${formatDateTime(end)}`);
  await expect(page.getByTestId("renew-term")).toContainText("从当前到期时间起顺延");
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);

  await page.getByTestId("renew-confirm").click();
  await expect(page).toHaveURL(new RegExp(`${instancePath(uuid)}$`));
  await expect(page.getByRole("status")).toContainText("续费成功");
  await expect(page.getByRole("status")).toContainText(`扣费 ¥${total}`);
  await expect(page.getByRole("status")).toContainText(`到期时间 ${formatDateTime(end)}`);
  expect(await cashOf(page.request, token)).toBeCloseTo(cashBefore - Number(total), 2);

  // The instance's charges: the rental and the renewal, the renewal's term from the old expiry.
  const charges = page.getByTestId("instance-charges").locator("tbody tr");
  await expect(charges).toHaveCount(2);
  await expect(charges.nth(1)).toContainText(`${formatDateTime(expiresAt)} 至 ${formatDateTime(end)}`);
  await expect(charges.nth(1)).toContainText(`¥${total}`);
  await expect(charges.nth(1)).toContainText(`24 小时 × 1 卡 × ¥1.98/卡·时 × 0.98`);
  await expect(charges.nth(1)).toContainText(`= ¥${total}`);

  // The expense detail: the renewal's entry, explained and linked to its order.
  await page.goto("/console/finance/expenseDetail");
  const entry = page
    .getByTestId("balance-change-list")
    .locator("tbody tr")
    .filter({ has: page.getByRole("link", { name: /^实例续费订单 / }) });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(`-¥${total}`);
  await expect(entry).toContainText(
    new RegExp(`1 天（24 小时）× 1 卡 × ¥1\\.98/卡·时 × 时长 0\\.98.* = ¥${total.replace(".", "\\.")}；`),
  );
  await releaseByApi(page.request, token, uuid);
});

test("a bad count is refused beside its field and nothing is charged", async ({ page, login }) => {
  const user = await login();
  const token = await tokenOf(page.request, user.phone, user.password);
  await topUp(page.request, token, "500");
  const { uuid } = await rentOneDay(page.request, token);
  const cashBefore = await cashOf(page.request, token);
  await page.goto(renewInstancePath(uuid, { unit: "month", count: 13, coupon: "" }));
  await expect(page.getByRole("alert").filter({ hasText: "续费月数必须在1到12个月之间" })).toBeVisible();
  await expect(page.getByTestId("renew-confirm")).toHaveCount(0);
  expect(await cashOf(page.request, token)).toBe(cashBefore);
  await releaseByApi(page.request, token, uuid);
});
