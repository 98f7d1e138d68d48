/**
 * Coupons (issue 10 §4), JavaScript on and off: claim in the coupon centre
 * (the dialog with JavaScript, the page without) → 领取成功; a group that
 * sells out under the user's eyes says 优惠券已抢光; a recharge voucher used
 * after its confirm dialog (or confirm page) → 充值成功 and a larger balance;
 * another user's coupon on the confirm page → 404; axe on the pages.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { seriousViolationsOfDocument } from "./axe";
import { expect, test } from "./fixtures/session";
import { TEST_PASSWORD, uniquePhone } from "./support";

/** A fresh account's platform token, for acting as another user through /api. */
async function otherUserToken(request: APIRequestContext): Promise<string> {
  const res = await request.post("/sandbox/session", { data: { phone: uniquePhone(), password: TEST_PASSWORD } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

async function api<T>(request: APIRequestContext, path: string, form: Record<string, string | number>) {
  const res = await request.post(`/api${path}`, { form });
  return (await res.json()) as { status: number; reason: string; data: T };
}

/** Opens the coupon centre: the dialog with JavaScript, the page without. */
async function openCouponCenter(page: Page, javaScriptEnabled: boolean) {
  await page.goto("/console/coupon");
  await page
    .getByRole("button", { name: "领取优惠券" })
    .or(page.getByRole("link", { name: "领取优惠券" }))
    .click();
  if (javaScriptEnabled) return page.getByRole("dialog", { name: "领券中心" });
  await expect(page).toHaveURL("/console/coupon/center");
  return page.locator("body");
}

test("claim a coupon → 领取成功; a group sold out meanwhile says 优惠券已抢光", async ({
  page,
  login,
  javaScriptEnabled,
}, testInfo) => {
  await login();
  let centre = await openCouponCenter(page, javaScriptEnabled);
  const card = centre.getByRole("article", { name: "满 100 减 10 元" });
  await card.getByRole("button", { name: "领取" }).click();
  await expect(page.getByText("领取成功")).toBeVisible();
  centre = javaScriptEnabled ? page.getByRole("dialog", { name: "领券中心" }) : page.locator("body");
  await expect(centre.getByRole("article", { name: "满 100 减 10 元" })).toContainText("已领取");

  // The last coupon of this project's group goes to someone else while the card still offers it.
  const last = centre.getByRole("article", { name: `末张充值券（${testInfo.project.name}）` });
  await expect(last).toContainText("剩余 1 张");
  const groupId = Number(await last.locator('input[name="group_id"]').inputValue());
  const taken = await api(page.request, "/assign_to_user", {
    session: await otherUserToken(page.request),
    group_id: groupId,
  });
  expect(taken.status).toBe(0);
  await last.getByRole("button", { name: "领取" }).click();
  const refreshed = javaScriptEnabled ? page.getByRole("dialog", { name: "领券中心" }) : page.locator("body");
  await expect(refreshed.getByRole("article", { name: `末张充值券（${testInfo.project.name}）` })).toContainText(
    "优惠券已抢光",
  );

  await page.goto("/console/coupon");
  await expect(page.getByRole("article", { name: "满 100 减 10 元" })).toContainText("订单满 ¥100.00 可用");
});

test("use a recharge voucher → 充值成功, and the balance grows by its amount", async ({ page, login }) => {
  await login();
  await page.goto("/console/coupon/center");
  await page.getByRole("article", { name: "新用户充值券 10 元" }).getByRole("button", { name: "领取" }).click();
  await expect(page.getByText("领取成功")).toBeVisible();

  await page.goto("/console/coupon");
  await expect(page.getByTestId("coupon-page-balance")).toHaveText("¥0.00");
  const voucher = page.getByRole("article", { name: "新用户充值券 10 元" });
  await voucher
    .getByRole("button", { name: "立即使用" })
    .or(voucher.getByRole("link", { name: "立即使用" }))
    .click();
  // The question, in the dialog or on the confirm page.
  await expect(page.getByText("将充值到账户余额")).toBeVisible();
  await page.getByRole("button", { name: "确认使用" }).click();
  await expect(page.getByText("充值成功")).toBeVisible();
  await expect(page).toHaveURL("/console/coupon");
  await expect(page.getByTestId("coupon-page-balance")).toHaveText("¥10.00");
  await expect(page.getByTestId("bar-balance")).toContainText("¥10.00");

  await page.getByRole("link", { name: "已使用" }).click();
  await expect(page.getByRole("article", { name: "新用户充值券 10 元" })).toContainText("已使用");
});

test("another user's coupon on the confirm page is not found, and stays unused", async ({ page, login }) => {
  const owner = await otherUserToken(page.request);
  const groups = await api<{ GroupId: number; Name: string }[]>(page.request, "/get_all_user_visible_coupon_group", {
    session: owner,
  });
  const voucherGroup = groups.data.find((g) => g.Name === "新用户充值券 10 元")!;
  const claimed = await api<{ CouponId: number }>(page.request, "/assign_to_user", {
    session: owner,
    group_id: voucherGroup.GroupId,
  });
  const couponId = claimed.data.CouponId;

  await login();
  const response = await page.goto(`/console/coupon/use/${couponId}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("button", { name: "确认使用" })).toHaveCount(0);
  const still = await api<{ Status: number }>(page.request, "/get_user_coupon", {
    session: owner,
    coupon_id: couponId,
  });
  expect(still.data.Status).toBe(0);
});

test("the coupon pages pass axe", async ({ page, login, javaScriptEnabled }) => {
  await login();
  await page.goto("/console/coupon/center");
  await page.getByRole("article", { name: "全场九折券" }).getByRole("button", { name: "领取" }).click();
  await expect(page.getByText("领取成功")).toBeVisible();
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);
  await page.goto("/console/coupon");
  await expect(page.getByRole("article", { name: "全场九折券" })).toBeVisible();
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);
  if (javaScriptEnabled) {
    await page.getByRole("button", { name: "领取优惠券" }).click();
    await expect(page.getByRole("dialog", { name: "领券中心" }).getByRole("article").first()).toBeVisible();
    expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);
  }
});
