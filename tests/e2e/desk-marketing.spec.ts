/**
 * The desk's marketing pages (issue 39, decision 125), with JavaScript on and off: a 运营 staff member (made with
 * `staff add --role marketing`) adds a goods item in 积分商城 and changes its stock (a bad figure refused beside its
 * field), and a user sees the new stock; the user exchanges it with an address, 运营 ships it with a carrier and
 * tracking number (a bad number refused beside its field) and the user sees them in their orders; 运营 changes a
 * raffle prize's stock and weight (a total over 10,000 refused) and visitors see the new stock; finance has no
 * 积分商城 or 周年抽奖 (403) and marketing no 销售合伙人 (403).
 */
import { randomInt } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { seriousViolationsOfDocument } from "./axe";
import { expect, test } from "./fixtures/session";
import { withRaffleOddsLock } from "./raffle-odds";
import { ops } from "./ops";
import { addStaffByCli, STAFF_PASSWORD, staffLogsIn, uniqueStaffLogin } from "./staff";

/** A fresh staff member of `role`, signed in at the desk in a context of its own. */
async function deskAs(browser: Browser, baseURL: string, javaScriptEnabled: boolean, role: string, name: string) {
  const login = uniqueStaffLogin();
  await addStaffByCli(baseURL, login, name, role);
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  const desk = await context.newPage();
  await staffLogsIn(desk, login, STAFF_PASSWORD);
  return { desk, close: () => context.close() };
}

async function openPointsStore(desk: Page) {
  await desk.getByRole("navigation", { name: "工作台导航" }).getByRole("link", { name: "积分商城" }).click();
  await expect(desk.getByRole("heading", { name: "积分商城", level: 1 })).toBeVisible();
}

test("运营 changes a goods item's stock and ships its order; the user sees the stock and the tracking number", async ({
  page,
  browser,
  baseURL,
  login,
  javaScriptEnabled,
}) => {
  const name = `收纳盒${randomInt(100000, 999999)}`;
  const { desk, close } = await deskAs(browser, baseURL!, javaScriptEnabled, "marketing", "运营小陈");
  await expect(desk.getByText("运营小陈（运营）")).toBeVisible();
  await openPointsStore(desk);
  expect(await seriousViolationsOfDocument(desk, javaScriptEnabled)).toEqual([]);

  const add = desk.getByRole("form", { name: "添加商品" });
  await add.getByLabel("商品类型").selectOption("goods");
  await add.getByLabel("商品名称").fill(name);
  await add.getByLabel("积分价格").fill("0");
  await add.getByLabel("库存", { exact: true }).fill("5");
  await add.getByLabel("每人限兑").fill("1");
  await add.getByRole("button", { name: "添加商品" }).click();
  await expect(desk.getByRole("form", { name: "添加商品" }).getByText("积分价格必须在1到10000000之间")).toBeVisible();
  await expect(desk.getByRole("form", { name: "添加商品" }).getByLabel("商品名称")).toHaveValue(name);
  await desk.getByRole("form", { name: "添加商品" }).getByLabel("积分价格").fill("200");
  await desk.getByRole("form", { name: "添加商品" }).getByRole("button", { name: "添加商品" }).click();
  await expect(desk.getByText(`已添加商品「${name}」`)).toBeVisible();

  await desk.getByRole("link", { name: `编辑「${name}」` }).click();
  await expect(desk.getByRole("heading", { name: /编辑商品/ })).toBeVisible();
  expect(await seriousViolationsOfDocument(desk, javaScriptEnabled)).toEqual([]);
  await desk.getByLabel("库存", { exact: true }).fill("-1");
  await desk.getByRole("button", { name: "保存" }).click();
  await expect(desk.getByText("库存必须在0到10000000之间")).toBeVisible();
  await desk.getByLabel("库存", { exact: true }).fill("7");
  await desk.getByRole("button", { name: "保存" }).click();
  await expect(desk.getByText(`已保存「${name}」：库存 7，上架中`)).toBeVisible();

  const user = await login();
  await ops(page.request, "points grant", { user: user.phone, points: "500" });
  await page.goto("/scoreStore");
  const card = page.getByRole("article", { name: new RegExp(name) });
  await expect(card).toContainText("库存 7");
  await card.getByLabel("收货人").fill("李四");
  await card.getByLabel("联系电话").fill("13800138000");
  await card.getByLabel("收货地址").fill("上海市浦东新区世纪大道100号");
  await card.getByRole("button", { name: "立即兑换" }).click();
  await expect(page.getByText(`兑换成功：${name}，我们将尽快发货`)).toBeVisible();
  const order = page.getByTestId("store-order").first();
  await expect(order).toContainText("待发货");
  const orderId = (await order.locator("td").first().textContent())!.trim();
  await expect(page.getByRole("article", { name: new RegExp(name) })).toContainText("库存 6");

  await openPointsStore(desk);
  await desk.getByRole("link", { name: "实物发货" }).click();
  const parcel = desk.getByRole("article", { name: `订单 ${orderId}` });
  await expect(parcel).toContainText("李四");
  expect(await seriousViolationsOfDocument(desk, javaScriptEnabled)).toEqual([]);
  await expect(parcel).toContainText("138****8000");
  await expect(parcel).not.toContainText("13800138000");
  // The courier needs the whole number: read for this order only, and recorded.
  await parcel.getByRole("button", { name: "查看完整电话" }).click();
  await expect(parcel.getByTestId("desk-store-label")).toContainText("李四 · 13800138000");
  await expect(parcel.getByTestId("desk-store-label")).toContainText("本次查看已记录");
  await parcel.getByLabel("快递公司").fill("顺丰速运");
  await parcel.getByLabel("运单号").fill("SF 12");
  await parcel.getByRole("button", { name: "确认发货" }).click();
  await expect(
    desk.getByRole("article", { name: `订单 ${orderId}` }).getByText("运单号需为4-40位字母、数字或-"),
  ).toBeVisible();
  const again = desk.getByRole("article", { name: `订单 ${orderId}` });
  await expect(again.getByLabel("快递公司")).toHaveValue("顺丰速运");
  const tracking = `SF${randomInt(1e9, 9e9)}`;
  await again.getByLabel("运单号").fill(tracking);
  await again.getByRole("button", { name: "确认发货" }).click();
  await expect(desk.getByText(`订单 ${orderId} 已发货：顺丰速运 ${tracking}`)).toBeVisible();
  await expect(desk.getByRole("article", { name: `订单 ${orderId}` })).toHaveCount(0);
  await close();

  await page.goto("/scoreStore");
  const shipped = page.getByTestId("store-order").first();
  await expect(shipped).toContainText("已发货");
  await expect(shipped).toContainText(`顺丰速运 ${tracking}`);
});

test("运营 changes a raffle prize's stock and weight; visitors see the stock; over 10,000 is refused", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  // Each project its own prize, so the two runs never read each other's figures.
  const prize = javaScriptEnabled ? "100 元算力券" : "500 积分";
  const stock = String(randomInt(10, 99));
  const { desk, close } = await deskAs(browser, baseURL!, javaScriptEnabled, "marketing", "运营小陈");
  await desk.getByRole("navigation", { name: "工作台导航" }).getByRole("link", { name: "周年抽奖" }).click();
  await expect(desk.getByRole("heading", { name: /周年抽奖/, level: 1 })).toBeVisible();
  expect(await seriousViolationsOfDocument(desk, javaScriptEnabled)).toEqual([]);
  await expect(desk.getByTestId("desk-raffle-no-prize")).toContainText("谢谢参与");

  const card = () => desk.getByRole("article", { name: `奖品 ${prize}` });
  // The raffle journeys make one prize certain and draw: the odds change only under their lock.
  await withRaffleOddsLock(async () => {
    await card()
      .getByLabel(/中奖权重/)
      .fill("10000");
    await card().getByRole("button", { name: "保存奖品" }).click();
    await expect(card().getByText("奖品中奖权重合计不能超过 10000")).toBeVisible();
    await card().getByLabel("库存").fill("很多");
    await card()
      .getByLabel(/中奖权重/)
      .fill("0");
    await card().getByRole("button", { name: "保存奖品" }).click();
    await expect(card().getByText("库存必须是整数")).toBeVisible();

    await card().getByLabel("库存").fill(stock);
    await card()
      .getByLabel(/中奖权重/)
      .fill("0");
    await card().getByRole("button", { name: "保存奖品" }).click();
    await expect(desk.getByText(`奖品「${prize}」已保存：库存 ${stock}，权重 0/10000`)).toBeVisible();
    await expect(card().getByTestId("desk-raffle-prize-odds")).toHaveText("中奖率 0%");
  });
  await close();

  await page.goto("/activity_202510");
  await expect(page.getByTestId("raffle-prizes").getByRole("row", { name: new RegExp(prize) })).toContainText(stock);
});

test("finance has no 积分商城 or 周年抽奖 and marketing no 销售合伙人: 403, and a forged post changes nothing", async ({
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const finance = await deskAs(browser, baseURL!, javaScriptEnabled, "finance", "财务小张");
  const nav = finance.desk.getByRole("navigation", { name: "工作台导航" });
  await expect(nav.getByRole("link", { name: "销售合伙人" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "积分商城" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "周年抽奖" })).toHaveCount(0);
  for (const path of ["/desk/points", "/desk/points/orders", "/desk/raffle"]) {
    expect((await finance.desk.goto(path))?.status()).toBe(403);
    await expect(finance.desk.getByText("只有运营或管理员可以管理积分商城和抽奖活动")).toBeVisible();
  }
  const forged = await finance.desk.request.post("/desk/raffle", {
    headers: { origin: baseURL! },
    form: { intent: "prize", id: "1", stock: "0", weight: "0", active: "0" },
  });
  expect(forged.status()).toBe(403);
  await finance.desk.goto("/desk/partners");
  await expect(finance.desk.getByRole("heading", { name: "销售合伙人", level: 1 })).toBeVisible();
  expect(await seriousViolationsOfDocument(finance.desk, javaScriptEnabled)).toEqual([]);
  await finance.close();

  const marketing = await deskAs(browser, baseURL!, javaScriptEnabled, "marketing", "运营小周");
  await expect(
    marketing.desk.getByRole("navigation", { name: "工作台导航" }).getByRole("link", { name: "销售合伙人" }),
  ).toHaveCount(0);
  expect((await marketing.desk.goto("/desk/partners"))?.status()).toBe(403);
  await expect(marketing.desk.getByText("只有财务或管理员可以查看销售合伙人")).toBeVisible();
  await marketing.close();
});
