/**
 * Hour packages (包时, issue 36 §1, decision 085), JavaScript on and off: a
 * user rents an L40S for 3 hours on /createInstance (the price is unit × 3
 * hours with no duration discount, paid up front), sees 包时 on the dashboard,
 * renews it by 2 hours from its expiry on the renew page, and finds both
 * charges explained in the instance's charges and the expense detail; the
 * balance fell by exactly both. An L40S cloud host in 内蒙B区, not the shared
 * RTX 4090s of 北京A区 that most journeys rent.
 */
import type { Page } from "@playwright/test";
import { instancePath, renewInstancePath } from "../../app/utils/console-paths";
import { createInstancePath } from "../../app/utils/paths";
import { formatDateTime } from "../../app/utils/format";
import { seriousViolationsOfDocument } from "./axe";
import { expect, test } from "./fixtures/session";
import { cashOf, mainApi, releaseByApi, tokenOf, topUp } from "./platform-calls";

const L40S_OFFER = { type: "kvm", region: "nm-b", gpu: "l40s" } as const;

/** What the page shows as a yuan figure, without the ¥: "11.64". */
const yuanIn = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())!.replace("¥", "");

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("rent an L40S for 3 hours, renew it by 2 hours: the prices shown are charged and explained", async ({
  page,
  login,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const user = await login();
  const token = await tokenOf(page.request, user.phone, user.password);
  await topUp(page.request, token, "500");

  // Renting: 包时 with its hours select; without JavaScript 计算价格 asks for the price.
  await page.goto(createInstancePath(L40S_OFFER));
  await page.getByRole("radio", { name: "包时" }).check();
  await page.getByRole("combobox", { name: "包时小时数" }).selectOption("3");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "计算价格" }).click();
  const price = page.getByTestId("rental-price");
  await expect(price).toContainText("× 3 小时");
  await expect(price.getByTestId("rental-hour-package-note")).toContainText("不享受时长折扣");
  await expect(price.getByTestId("rental-hour-package-note")).toContainText("提前结束不退款");
  // The duration discount of an hour package is 1: the price after discounts is the list price × membership only.
  await expect(price).toContainText("时长折扣");
  const total = await yuanIn(page, "rental-total");
  const list = await yuanIn(page, "rental-list-amount");
  expect(Number(total)).toBeGreaterThan(0);
  expect(Number(total)).toBeLessThanOrEqual(Number(list));
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);

  await page.getByRole("button", { name: "立即租用" }).click();
  await expect(page).toHaveURL(/\/console\/dashboard$/);
  await expect(page.getByRole("status")).toContainText("租用成功");
  await expect(page.getByRole("status")).toContainText(`已扣费 ¥${total}`);
  expect(await cashOf(page.request, token)).toBeCloseTo(500 - Number(total), 2);
  const row = page.getByTestId("instance-row").filter({ hasText: "L40S 48GB × 1" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("包时");
  await expect(row.getByTestId("instance-cost")).toHaveText(`¥${total}`);
  const uuid = (await row.getAttribute("data-uuid"))!;

  // The simulated fleet brings it up in a few seconds; a running or stopped instance is renewed.
  await expect
    .poll(
      async () =>
        (
          await mainApi<{ State: string; PackageExpiresAt: string }>(page.request, "/instance/get_instance_detail", {
            session: token,
            instance_uuid: uuid,
          })
        ).data.State,
      { timeout: 20_000, intervals: [1000] },
    )
    .toBe("running");
  const detail = await mainApi<{ PackageExpiresAt: string }>(page.request, "/instance/get_instance_detail", {
    session: token,
    instance_uuid: uuid,
  });
  const expiresAt = detail.data.PackageExpiresAt;

  // 24 hours is refused beside the count, and nothing is charged.
  await page.goto(renewInstancePath(uuid, { unit: "hour_package", count: 24, coupon: "" }));
  await expect(page.getByRole("alert").filter({ hasText: "续费小时数必须在1到23小时之间" })).toBeVisible();
  await expect(page.getByTestId("renew-confirm")).toHaveCount(0);

  // Renewing by hours: the renew page starts on the instance's own unit (包时); 2 hours from the expiry.
  await page.goto(instancePath(uuid));
  await page.getByTestId("renew-link").click();
  await expect(page).toHaveURL(new RegExp(`${renewInstancePath(uuid)}$`));
  await expect(page.getByLabel("续费方式")).toHaveValue("hour_package");
  await page.getByLabel("小时数（1–23）").fill("2");
  await page.getByTestId("renew-quote").click();
  await expect(page.getByTestId("rental-price")).toContainText("× 2 小时");
  const end = new Date(new Date(expiresAt).getTime() + 2 * 3_600_000).toISOString();
  await expect(page.getByTestId("renew-term")).toContainText(`${formatDateTime(expiresAt)} 至 ${formatDateTime(end)}`);
  await expect(page.getByTestId("renew-hour-package-note")).toContainText("提前结束不退款");
  const renewal = await yuanIn(page, "rental-total");
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);
  const cashBefore = await cashOf(page.request, token);
  await page.getByTestId("renew-confirm").click();
  await expect(page).toHaveURL(new RegExp(`${instancePath(uuid)}$`));
  await expect(page.getByRole("status")).toContainText("续费成功");
  await expect(page.getByRole("status")).toContainText("续费 2 小时");
  await expect(page.getByRole("status")).toContainText(`扣费 ¥${renewal}`);
  expect(await cashOf(page.request, token)).toBeCloseTo(cashBefore - Number(renewal), 2);

  // The instance's charges: the rental (3 hours) and the renewal (2 hours from the old expiry).
  const charges = page.getByTestId("instance-charges").locator("tbody tr");
  await expect(charges).toHaveCount(2);
  await expect(charges.nth(0)).toContainText(/3 小时 × 1 卡 × ¥[\d.]+\/卡·时 × 1 × /);
  await expect(charges.nth(0)).toContainText(`= ¥${total}`);
  await expect(charges.nth(1)).toContainText(`${formatDateTime(expiresAt)} 至 ${formatDateTime(end)}`);
  await expect(charges.nth(1)).toContainText(/2 小时 × 1 卡 × ¥[\d.]+\/卡·时 × 1 × /);
  await expect(charges.nth(1)).toContainText(`= ¥${renewal}`);

  // The expense detail: both entries explained, each linked to its order.
  await page.goto("/console/finance/expenseDetail");
  const entries = page.getByTestId("balance-change-list").locator("tbody tr");
  const rental = entries.filter({ has: page.getByRole("link", { name: /^实例租用订单 / }) });
  await expect(rental).toContainText(`-¥${total}`);
  await expect(rental).toContainText(new RegExp(`3 小时 × 1 卡 × ¥[\\d.]+/卡·时.* = ¥${escaped(total)}；`));
  const renewed = entries.filter({ has: page.getByRole("link", { name: /^实例续费订单 / }) });
  await expect(renewed).toContainText(`-¥${renewal}`);
  await expect(renewed).toContainText(new RegExp(`2 小时 × 1 卡 × ¥[\\d.]+/卡·时.* = ¥${escaped(renewal)}；`));
  await releaseByApi(page.request, token, uuid);
});

test("the form offers 1–23 hours; a link asking for 24 falls back to 1 hour and rents nothing", async ({
  page,
  login,
}) => {
  const user = await login();
  const token = await tokenOf(page.request, user.phone, user.password);
  await topUp(page.request, token, "500");
  const cashBefore = await cashOf(page.request, token);
  // 24 hours is a day: the form's select offers 1–23; a URL asking for more falls back to 1 hour.
  await page.goto(`${createInstancePath(L40S_OFFER)}&mode=hour_package&hours=24`);
  await expect(page.getByRole("combobox", { name: "包时小时数" })).toHaveValue("1");
  await expect(page.getByRole("combobox", { name: "包时小时数" }).locator("option")).toHaveCount(23);
  await expect(page.getByTestId("rental-price")).toContainText("× 1 小时");
  expect(await cashOf(page.request, token)).toBe(cashBefore);
});
