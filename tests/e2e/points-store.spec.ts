/**
 * The points store (issue 39 §3), JavaScript on and off: a visitor sees the catalogue and is sent to log in and
 * back; a user with points exchanges them for a recharge coupon and uses it (充值成功, the balance grows); goods
 * take an address (an empty one is refused beside its field), go 待发货 → 已发货 (operator) → 已完成 (the user).
 */
import { seriousViolationsOfDocument } from "./axe";
import { expect, test } from "./fixtures/session";
import { ops } from "./ops";
import { DEMO_SUB } from "./support";

test("a visitor sees the catalogue and is sent to log in, then back", async ({ page }) => {
  await page.goto("/scoreStore");
  await expect(page.getByRole("heading", { name: "积分商城", level: 1 })).toBeVisible();
  const coupon = page.getByRole("article", { name: /5 元充值券/ });
  await expect(coupon).toContainText("500 积分");
  await expect(coupon.getByRole("button", { name: "立即兑换" })).toHaveCount(0);
  await coupon.getByRole("link", { name: "登录后兑换" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2FscoreStore$/);
});

test("exchange points for a coupon, then use the coupon → 充值成功", async ({ page, login }) => {
  const user = await login();
  await ops(page.request, "points grant", { user: user.phone, points: "600", note: "e2e" });
  await page.goto("/scoreStore");
  await expect(page.getByTestId("points-balance")).toHaveText("600");
  await expect(page.getByRole("list", { name: "积分有效期" })).toContainText("600 积分将于");

  const coupon = page.getByRole("article", { name: /5 元充值券/ });
  await coupon.getByRole("button", { name: "立即兑换" }).click();
  await expect(page.getByText("兑换成功：5 元充值券，优惠券已放入“我的优惠券”")).toBeVisible();
  await expect(page.getByTestId("points-balance")).toHaveText("100");
  await expect(page.getByTestId("points-entry").first()).toContainText("兑换商品");
  await expect(
    page.getByRole("article", { name: /5 元充值券/ }).getByRole("button", { name: "已达兑换上限" }),
  ).toBeDisabled();
  const order = page.getByTestId("store-order").first();
  await expect(order).toContainText("已完成");

  await order.getByRole("link", { name: "去使用" }).click();
  await expect(page).toHaveURL("/console/coupon");
  await expect(page.getByTestId("coupon-page-balance")).toHaveText("¥0.00");
  const held = page.getByRole("article", { name: "积分兑换 5 元充值券" });
  await held
    .getByRole("button", { name: "立即使用" })
    .or(held.getByRole("link", { name: "立即使用" }))
    .click();
  await expect(page.getByText("将充值到账户余额")).toBeVisible();
  await page.getByRole("button", { name: "确认使用" }).click();
  await expect(page.getByText("充值成功")).toBeVisible();
  await expect(page.getByTestId("coupon-page-balance")).toHaveText("¥5.00");
});

test("goods need an address, and go 待发货 → 已发货 → 已完成", async ({ page, login }) => {
  const user = await login();
  await ops(page.request, "points grant", { user: user.phone, points: "3000" });
  await page.goto("/scoreStore");
  const mug = page.getByRole("article", { name: /定制马克杯/ });
  await mug.getByLabel("联系电话").fill("13800138000");
  await mug.getByLabel("收货地址").fill("北京市海淀区中关村大街1号");
  await mug.getByRole("button", { name: "立即兑换" }).click();
  await expect(page.getByRole("article", { name: /定制马克杯/ }).getByText("请填写收货人")).toBeVisible();
  await expect(page.getByTestId("points-balance")).toHaveText("3,000");

  const again = page.getByRole("article", { name: /定制马克杯/ });
  await again.getByLabel("收货人").fill("张三");
  await expect(again.getByLabel("联系电话")).toHaveValue("13800138000");
  await again.getByRole("button", { name: "立即兑换" }).click();
  await expect(page.getByText("兑换成功：定制马克杯，我们将尽快发货")).toBeVisible();
  await expect(page.getByTestId("points-balance")).toHaveText("0");
  const order = page.getByTestId("store-order").first();
  await expect(order).toContainText("待发货");

  const orderId = (await order.locator("td").first().textContent())!.trim();
  await ops(page.request, "store order ship", { order: orderId, carrier: "顺丰速运", tracking: "SF1234567890" });
  await page.goto("/scoreStore");
  const shipped = page.getByTestId("store-order").first();
  await expect(shipped).toContainText("已发货");
  await expect(shipped).toContainText("顺丰速运 SF1234567890");
  await shipped.getByRole("button", { name: "确认收货" }).click();
  await expect(page.getByText("已确认收货")).toBeVisible();
  await expect(page.getByTestId("store-order").first()).toContainText("已完成");
});

test("a sub-account sees the catalogue but no points and no exchange forms; the page passes axe", async ({
  page,
  login,
  javaScriptEnabled,
}) => {
  await login({ phone: DEMO_SUB.mainPhone, subAccountName: DEMO_SUB.name, password: DEMO_SUB.password });
  await page.goto("/scoreStore");
  await expect(page.getByText("子账号不能使用积分商城，请使用主账号")).toBeVisible();
  await expect(page.getByRole("article", { name: /5 元充值券/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "立即兑换" })).toHaveCount(0);
  await expect(page.getByTestId("points-balance")).toHaveCount(0);
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);

  await login();
  await page.goto("/scoreStore");
  await expect(page.getByRole("article", { name: /定制马克杯/ }).getByLabel("收货人")).toBeVisible();
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);
});
