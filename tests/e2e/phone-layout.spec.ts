/**
 * The site on a phone (390 × 844, touch), JavaScript on and off: no page is
 * wider than the screen (a wide table scrolls inside its own box), a console
 * page starts on the first screen, the bar's controls can be hit with a
 * finger, and the phone's menu opens under the bar. The work-order, expense
 * and desk pages and the login page also at 1440 × 900: no sideways overflow,
 * and their key figures and actions on the first screen.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/session";
import { expectFitsTheScreen, expectOnFirstScreen } from "./screen-fit";
import { fileWorkOrderAbout, mainApi, rentHourlyByApi, tokenOf, topUp } from "./platform-calls";
import { addStaffByCli, staffLogsIn, uniqueStaffLogin } from "./staff";

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

/** The page's heading is on the first screen, not below the console's navigation. */
async function expectHeadingOnFirstScreen(page: Page, path: string) {
  const box = await page.locator("main h1").first().boundingBox();
  expect(box, `${path} has a heading in its main`).not.toBeNull();
  expect(box!.y, `${path}: the heading's top`).toBeLessThan(PHONE.height / 3);
}

test("the public pages fit a phone's screen", async ({ page }) => {
  for (const path of ["/store", "/store?type=docker", "/store?type=bare_metal", "/login", "/inform", "/agreements"])
    await expectFitsTheScreen(page, path);
  // The login page's way back, which the wide screen's hero carries.
  await page.goto("/login");
  await expect(page.getByRole("link", { name: "返回算力市场" })).toBeVisible();
});

test("a renter's console fits a phone's screen and each page starts on the first screen", async ({
  page,
  login,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await login();
  const token = await tokenOf(request, user.phone, user.password);
  await topUp(request, token, "100");
  const instance = await rentHourlyByApi(request, token, `phone-${user.phone}`);
  const workOrder = await fileWorkOrderAbout(request, token, instance.uuid);
  const consolePages = [
    "/console/dashboard",
    `/console/instance/${instance.uuid}`,
    "/console/finance/orders",
    "/console/finance/expenseDetail",
    "/console/recharge",
    "/console/coupon",
    "/console/accountInfo",
    "/console/createWorkOrder/selectQuestion",
    `/console/createWorkOrder/myWorkOrderDetail/${workOrder}`,
  ];
  for (const path of consolePages) {
    await expectFitsTheScreen(page, path);
    await expectHeadingOnFirstScreen(page, path);
  }
  await expectFitsTheScreen(page, "/createInstance?type=docker&region=bj-a&gpu=rtx4090");

  // A phone cannot scan its own screen: the payment page says how to pay on the same phone.
  const order = await mainApi<{ out_trade_no: string }>(request, "/create_qrcode", {
    session: token,
    amount: "20",
    pay_type: 0,
  });
  await expectFitsTheScreen(page, `/console/pay?out_trade_no=${order.data.out_trade_no}`);
  await expect(page.getByTestId("phone-pay-hint")).toContainText("支付宝「扫一扫」，从相册选取截图");

  // The console's navigation is one row that scrolls sideways, and it still reaches every page.
  await page.goto("/console/dashboard");
  const nav = page.getByRole("navigation", { name: "控制台导航" });
  await expect(nav.getByRole("link", { name: "优惠券" })).toBeAttached();
  const row = await nav.evaluate((el) => {
    const links = [...el.querySelectorAll("a")].map((a) => a.getBoundingClientRect());
    return {
      tops: new Set(links.map((r) => Math.round(r.top))).size,
      smallest: Math.min(...links.map((r) => r.height)),
    };
  });
  expect(row.tops, "the console's links stand in one row").toBe(1);
  expect(row.smallest, "each console link is a finger's height").toBeGreaterThanOrEqual(32);

  // The bar's controls: at least 32 × 32 px each.
  const small = await page.locator("header").evaluate((bar) =>
    [...bar.querySelectorAll<HTMLElement>("a, button, summary")]
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden")
      .map((el) => ({ name: el.getAttribute("aria-label") ?? el.textContent?.trim(), box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 32 || box.height < 32)
      .map(({ name, box }) => `${name} ${Math.round(box.width)}×${Math.round(box.height)}`),
  );
  expect(small, "controls of the bar smaller than 32 × 32 px").toEqual([]);
});

test("the phone's menu opens under the bar and closes with a tap beside it", async ({ page }) => {
  await page.goto("/store");
  await page.getByLabel("打开导航菜单").click();
  const menu = page.getByRole("navigation", { name: "移动端导航" });
  await expect(menu).toBeVisible();
  const box = (await menu.boundingBox())!;
  const bar = (await page.locator("header").boundingBox())!;
  expect(Math.round(box.y), "the menu's top is the bar's bottom").toBe(Math.round(bar.y + bar.height));
  const link = (await menu.getByRole("link", { name: "控制台" }).boundingBox())!;
  expect(link.height, "a menu link is a finger's height").toBeGreaterThanOrEqual(32);
  // The shade beside the menu closes it.
  await page.mouse.click(PHONE.width - 20, PHONE.height - 100);
  await expect(menu).toBeHidden();
});

test("the support desk fits a phone's screen", async ({ page, baseURL }) => {
  const staff = uniqueStaffLogin();
  await addStaffByCli(baseURL!, staff, "手机巡检");
  await staffLogsIn(page, staff);
  await expectFitsTheScreen(page, "/desk");
  const firstOrder = await page.locator("main a[href^='/desk/orders/']").first().getAttribute("href");
  await expectFitsTheScreen(page, firstOrder!);
});

test.describe("a narrow desktop window (390 px wide, no phone viewport)", () => {
  test.use({ isMobile: false, hasTouch: false });

  test("the rental form fits, however long an image's name", async ({ page, login }) => {
    await login();
    // The image select's widest option ("PyTorch 2.5.1 · CUDA 12.4 · Python 3.12") once pushed the form to 397 px.
    await expectFitsTheScreen(page, "/createInstance?type=docker&region=bj-a&gpu=rtx4090");
  });
});

test.describe("the smallest phones", () => {
  for (const width of [360, 320]) {
    test(`${width} px wide: the bar, the console and a top-up's message fit`, async ({ page, login, request }) => {
      await page.setViewportSize({ width, height: 740 });
      const user = await login();
      // The top-up's message carries its order number: 24 digits in one word.
      await topUp(request, await tokenOf(request, user.phone, user.password), "100");
      for (const path of [
        "/store",
        "/console/dashboard",
        "/console/messages",
        "/console/messages?tab=notifications",
        "/createInstance?type=docker&region=bj-a&gpu=rtx4090",
      ])
        await expectFitsTheScreen(page, path);
      // The bar shows the logo alone there, and the link keeps its name.
      await expect(page.getByRole("link", { name: "算力云" })).toBeVisible();
    });
  }
});

/** The chart box shows the newest day's label: scrolled to its end on a phone, without JavaScript too. */
async function expectNewestDayInView(page: Page) {
  const view = await page.getByTestId("spending-chart-box").evaluate((box) => {
    const days = box.querySelectorAll("g[data-date]");
    const newest = days[days.length - 1]!.getAttribute("data-date")!.slice(5);
    const label = [...box.querySelectorAll("text")].find((t) => t.textContent === newest);
    const inner = label!.getBoundingClientRect();
    const outer = box.getBoundingClientRect();
    return { newest, left: inner.left - outer.left, right: outer.right - inner.right };
  });
  expect(view.left, `the newest day ${view.newest} is in the chart's box`).toBeGreaterThanOrEqual(0);
  expect(view.right, `the newest day ${view.newest} is in the chart's box`).toBeGreaterThanOrEqual(0);
}

const SCREENS = [
  { name: "a 390 px phone", viewport: PHONE, isMobile: true, hasTouch: true },
  { name: "a 1440 px screen", viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false },
] as const;

for (const screen of SCREENS) {
  test.describe(`work orders, expenses, the desk and login on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, isMobile: screen.isMobile, hasTouch: screen.hasTouch });

    test("a renter's expense detail, work-order form, list and order: no overflow, the key parts on the first screen", async ({
      page,
      login,
      request,
    }) => {
      test.setTimeout(90_000);
      const user = await login();
      const token = await tokenOf(request, user.phone, user.password);
      await topUp(request, token, "100");
      const instance = await rentHourlyByApi(request, token, `layout-${user.phone}`);
      const workOrder = await fileWorkOrderAbout(request, token, instance.uuid);

      await expectFitsTheScreen(page, "/console/finance/expenseDetail");
      await expectOnFirstScreen(page, page.locator("main h1"), "收支明细's heading");
      await expectOnFirstScreen(page, page.locator("figcaption", { hasText: "合计" }), "the chart's total");
      await expectNewestDayInView(page);

      await page.goto("/console/createWorkOrder/selectQuestion");
      await page.getByRole("link", { name: "充值未到账" }).click();
      await page.getByTestId("documents").getByRole("link", { name: "提交工单（账户问题）" }).click();
      await expect(page.getByRole("heading", { name: "填写工单" })).toBeVisible();
      await expectFitsTheScreen(page, page.url().replace(/^https?:\/\/[^/]+/, ""));
      await expectOnFirstScreen(page, page.getByRole("textbox", { name: "标题" }), "the title field");
      await expectOnFirstScreen(page, page.getByText("问题描述", { exact: true }), "the description's label");
      // Fields as wide as what they take: a title line, a phone number.
      const width = async (name: string) => (await page.getByRole("textbox", { name }).boundingBox())!.width;
      expect(await width("标题"), "the title field").toBeLessThanOrEqual(600);
      expect(await width("联系电话"), "the phone field").toBeLessThanOrEqual(260);

      await expectFitsTheScreen(page, "/console/createWorkOrder/myWorkOrder");
      await expectOnFirstScreen(page, page.locator("main h1"), "我的工单's heading");
      await expectOnFirstScreen(page, page.getByRole("main").getByRole("link", { name: "提交工单" }), "提交工单");
      const tabs = page.getByRole("navigation", { name: "工单状态" });
      await expectOnFirstScreen(page, tabs, "the status tabs");
      await expect(tabs.getByRole("link", { name: "全部 1" })).toHaveAttribute("aria-current", "page");
      await expect(tabs.getByRole("link", { name: "待处理 1" })).toBeVisible();
      await expect(tabs.getByRole("link", { name: "已解决 0" })).toBeVisible();
      await expect(page.getByTestId("work-order-row").locator("[data-status=new]")).toHaveText("待处理");

      await expectFitsTheScreen(page, `/console/createWorkOrder/myWorkOrderDetail/${workOrder}`);
      await expectOnFirstScreen(page, page.locator("main h1"), "the order's heading");
      await expectOnFirstScreen(page, page.getByTestId("work-order-status"), "the order's state");
    });

    test("the desk's queue and an order: no overflow, the tabs and the state on the first screen", async ({
      page,
      baseURL,
    }) => {
      const staff = uniqueStaffLogin();
      await addStaffByCli(baseURL!, staff, "版面巡检");
      await staffLogsIn(page, staff);
      await expectFitsTheScreen(page, "/desk");
      await expectOnFirstScreen(page, page.locator("main h1"), "工单队列's heading");
      const tabs = page.getByRole("navigation", { name: "工单状态" });
      await expectOnFirstScreen(page, tabs, "the status tabs");
      await expect(tabs.getByRole("link", { name: /^未结束 \d+$/ })).toHaveAttribute("aria-current", "page");
      await expectOnFirstScreen(page, page.getByRole("button", { name: "筛选" }), "筛选");
      const firstOrder = await page.locator("main a[href^='/desk/orders/']").first().getAttribute("href");
      await expectFitsTheScreen(page, firstOrder!);
      await expectOnFirstScreen(page, page.locator("main h1"), "the order's heading");
      await expectOnFirstScreen(page, page.getByTestId("order-status"), "the order's state");
    });

    test("the login page: no overflow, the phone field and 登录 on the first screen", async ({ page }) => {
      await expectFitsTheScreen(page, "/login");
      await expectOnFirstScreen(page, page.getByRole("textbox", { name: "手机号" }).first(), "the phone field");
      await expectOnFirstScreen(page, page.getByRole("button", { name: "登录", exact: true }), "登录");
    });
  });
}
