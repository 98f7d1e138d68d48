/**
 * The anniversary raffle (issue 39 §4), JavaScript on and off: a visitor sees the prizes and odds and signs in to
 * draw; a user answers the questionnaire (errors beside the questions first), draws with the draw it earned, sees
 * 恭喜您抽中 and the prize lands where the page says (the voucher balance on /console/powerMoney); the dark bar and
 * the 周年庆抽奖 tab while the event is on; a coupon prize lands in 我的优惠券 and is used there.
 */
import { expect, test } from "./fixtures/session";
import { mainApi, tokenOf } from "./platform-calls";
import { withCertainPrize } from "./raffle-odds";
import { DEMO_SUB } from "./support";

test("a visitor sees the prizes and odds on the dark bar and is asked to sign in to draw", async ({ page }) => {
  await page.goto("/activity_202510");
  await expect(page.locator("[data-bar=dark]")).toBeVisible();
  await expect(page.getByRole("heading", { name: "周年庆抽奖" })).toBeVisible();
  await expect(page.getByTestId("raffle-prizes")).toContainText("谢谢参与");
  await page.getByRole("link", { name: "登录后抽奖" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Factivity_202510/);
});

test("answer the questionnaire, draw, and find the prize where the page says", async ({ page, login }) => {
  const user = await login();
  await page.goto("/activity_202510");
  await expect(page.getByRole("link", { name: "周年庆抽奖" }).first()).toBeVisible();
  await expect(page.getByTestId("raffle-draws-left")).toHaveText("0");
  await page.getByRole("link", { name: "填写活动问卷，再得 1 次抽奖机会" }).click();
  await expect(page).toHaveURL("/raffle_questionnaire");

  await page.getByRole("button", { name: "提交问卷" }).click();
  await expect(page.getByText("请选择：您租用 GPU 主要用于什么？")).toBeVisible();
  await page.getByLabel("您租用 GPU 主要用于什么？").selectOption("training");
  await page.getByLabel("您最常用的 GPU 型号是？").selectOption("rtx4090");
  await page.getByLabel("您每月大约使用多少 GPU 小时？").selectOption("50to200");
  await page.getByLabel("您对平台的整体满意度？").selectOption("4");
  await page.getByRole("button", { name: "提交问卷" }).click();
  await expect(page).toHaveURL("/activity_202510");
  await expect(page.getByText("感谢填写问卷，您已获得 1 次抽奖机会")).toBeVisible();
  await expect(page.getByTestId("raffle-draws-left")).toHaveText("1");

  await withCertainPrize(page.request, "20 元算力券", async () => {
    await page.getByRole("button", { name: "抽奖" }).click();
    await expect(page.getByText("恭喜您抽中「20 元算力券」，已发放至算力券余额")).toBeVisible();
  });
  await expect(page.getByTestId("raffle-draws-left")).toHaveText("0");
  await expect(page.getByTestId("raffle-my-draws")).toContainText("中奖：20 元算力券");
  const masked = `${user.phone.slice(0, 3)}****${user.phone.slice(-4)}`;
  await expect(page.getByTestId("raffle-winners")).toContainText(masked);
  await expect(page.getByTestId("raffle-winners")).not.toContainText(user.phone);

  await page.getByRole("link", { name: "已发放至算力券余额" }).first().click();
  await expect(page).toHaveURL("/console/powerMoney");
  await expect(page.getByTestId("power-money-balance")).toHaveText("¥20.00");

  // The questionnaire is answered once.
  await page.goto("/raffle_questionnaire");
  await expect(page.getByText("您已填写过问卷，感谢参与！每个账号只能填写一次。")).toBeVisible();
  await page.getByRole("link", { name: "返回周年庆抽奖" }).click();
  await expect(page).toHaveURL("/activity_202510");
});

test("a coupon prize lands in 我的优惠券 and is used from there → 充值成功", async ({ page, login }) => {
  const user = await login();
  // The questionnaire (answered through the API here; the journey above answers it on its page) gives one draw.
  const token = await tokenOf(page.request, user.phone, user.password);
  const answered = await mainApi(page.request, "/raffle/questionnaire", {
    session: token,
    purpose: "training",
    gpu: "rtx4090",
    hours: "50to200",
    satisfaction: "5",
  });
  expect(answered.status, answered.reason).toBe(0);
  await page.goto("/activity_202510");
  await expect(page.getByTestId("raffle-prizes")).toContainText("8 元充值券");
  await expect(page.getByTestId("raffle-draws-left")).toHaveText("1");
  await withCertainPrize(page.request, "8 元充值券", async () => {
    await page.getByRole("button", { name: "抽奖" }).click();
    await expect(page.getByText("恭喜您抽中「8 元充值券」，已发放至我的优惠券")).toBeVisible();
  });
  await expect(page.getByTestId("raffle-my-draws")).toContainText("中奖：8 元充值券");

  await page.getByRole("link", { name: "已发放至我的优惠券" }).first().click();
  await expect(page).toHaveURL("/console/coupon");
  await expect(page.getByTestId("coupon-page-balance")).toHaveText("¥0.00");
  const held = page.getByRole("article", { name: "周年庆抽奖充值券 8 元" });
  await held
    .getByRole("button", { name: "立即使用" })
    .or(held.getByRole("link", { name: "立即使用" }))
    .click();
  await expect(page.getByText("将充值到账户余额")).toBeVisible();
  await page.getByRole("button", { name: "确认使用" }).click();
  await expect(page.getByText("充值成功")).toBeVisible();
  await expect(page.getByTestId("coupon-page-balance")).toHaveText("¥8.00");
});

test("a sub-account sees why it cannot draw, and has no draw button", async ({ page, login }) => {
  await login({ phone: DEMO_SUB.mainPhone, password: DEMO_SUB.password, subAccountName: DEMO_SUB.name });
  await page.goto("/activity_202510");
  // With JavaScript on, after hydration too (a value of a .server module rendered empty in the browser).
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("note")).toHaveText(/子账号不能参与抽奖/);
  await expect(page.getByRole("button", { name: "抽奖" })).toHaveCount(0);
});
