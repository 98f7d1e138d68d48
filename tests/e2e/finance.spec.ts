/**
 * Finance records (issue 10 §5), JavaScript on and off: the expense detail
 * lists every entry of an account with a history, filters by kind and exports
 * CSV with a BOM; a withdrawal request shows as pending with its amount held;
 * an invalid amount shows 输入金额不合法; the order list and /console/orders.
 * Accounts and their histories are seeded through the ledger before the server
 * starts (fixtures/finance-history.ts), one per project and journey.
 */
import { readFile } from "node:fs/promises";
import type { Page, TestInfo } from "@playwright/test";
import { seriousViolationsOfDocument } from "./axe";
import { FINANCE_ACCOUNTS, FINANCE_FIGURES, FINANCE_PASSWORD } from "./fixtures/finance-history";
import { expect, test } from "./fixtures/session";

const accountOf = (journey: keyof typeof FINANCE_ACCOUNTS, info: TestInfo) =>
  FINANCE_ACCOUNTS[journey][info.project.name as "js-on" | "js-off"];

async function expectAccessible(page: Page, javaScriptEnabled: boolean) {
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);
}

test("the expense detail lists every entry, filters by kind, draws the chart and exports CSV with a BOM", async ({
  page,
  login,
  javaScriptEnabled,
}, info) => {
  await login({ phone: accountOf("history", info), password: FINANCE_PASSWORD });
  await page.goto("/console/finance/expenseDetail");
  await expect(page.getByRole("heading", { name: "收支明细", level: 1 })).toBeVisible();
  const rows = page.getByTestId("balance-change-list").locator("tbody tr");
  await expect(rows).toHaveCount(FINANCE_FIGURES.entries);
  await expect(rows.first()).toContainText("算力券");
  await expect(rows.filter({ hasText: "+¥200.00" })).toContainText("充值");
  await expect(rows.filter({ hasText: "-¥35.50" })).toContainText("消费");
  // 关联 in words, linking the caller's own order; 计费说明 filled; the cash and voucher balances in their own columns.
  const tag = `e2e${accountOf("history", info)}`;
  const topUp = rows.filter({ hasText: "+¥200.00" });
  await expect(topUp).toContainText("微信支付充值 ¥200.00");
  const order = topUp.getByRole("link", { name: `充值订单 ${tag}wx` });
  await expect(order).toHaveAttribute(
    "href",
    /^\/console\/finance\/orders\?kind=recharge&start_date=\d{4}-\d{2}-\d{2}&end_date=/,
  );
  const purchase = rows.filter({ hasText: "-¥35.50" });
  await expect(purchase.getByRole("link", { name: `算力券订单 ${tag}pm` })).toBeVisible();
  await expect(purchase).toContainText("购买算力券，订单金额 ¥35.50；算力券 ¥0.00，余额 ¥35.50");
  await expect(page.getByTestId("balance-change-list")).not.toContainText(/recharge:|purchase:|coupon:|instance:/);
  const cells = async (row: typeof topUp) => (await row.locator("td").allTextContents()).map((c) => c.trim());
  // Newest first: the rental paid ¥6.00 from vouchers; after it, cash ¥174.50 and vouchers ¥30.00.
  expect((await cells(rows.first())).slice(3, 6)).toEqual(["-¥6.00", "¥174.50", "¥30.00"]);
  expect((await cells(topUp)).slice(3, 6)).toEqual(["+¥200.00", "¥200.00", "¥0.00"]);
  await order.click();
  await expect(page).toHaveURL(/\/console\/finance\/orders\?kind=recharge/);
  await expect(page.getByTestId("order-list")).toContainText(`${tag}wx`);
  await page.goto("/console/finance/expenseDetail");
  const chart = page.getByRole("img", { name: /每日消费柱状图，合计消费 ¥41\.50/ });
  await expect(chart).toBeVisible();
  // The drawing is an SVG of the page (not an image), scaling by its viewBox, in the page's font, one bar group a day.
  const drawing = await chart.evaluate((svg) => ({
    tag: svg.tagName.toLowerCase(),
    viewBox: svg.getAttribute("viewBox"),
    days: svg.querySelectorAll("g[data-date]").length,
    font: getComputedStyle(svg.querySelector("text")!).fontFamily,
    pageFont: getComputedStyle(document.body).fontFamily,
  }));
  expect(drawing).toMatchObject({ tag: "svg", viewBox: expect.stringMatching(/^0 0 \d+ \d+$/) });
  expect(drawing.days).toBeGreaterThanOrEqual(28);
  expect(drawing.font).toBe(drawing.pageFont);
  await expectAccessible(page, javaScriptEnabled);

  await page.getByLabel("变动类型").selectOption({ label: "充值" });
  await page.getByRole("button", { name: "查询" }).click();
  await expect(page).toHaveURL(/kind=top_up/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("+¥200.00");

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "导出 CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^收支明细-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").trim().split("\r\n");
  expect(lines[0]).toBe("时间,类型,账户,金额（元）,变动后余额（元）,变动后算力券（元）,关联,备注,计费说明");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(
    new RegExp(
      `^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2},充值,余额,200\\.00,200\\.00,0\\.00,充值订单 ${tag}wx,,微信支付充值 ¥200\\.00$`,
    ),
  );
});

test("a withdrawal request shows as pending with its amount held; an invalid amount shows 输入金额不合法", async ({
  page,
  login,
  javaScriptEnabled,
}, info) => {
  await login({ phone: accountOf("withdraw", info), password: FINANCE_PASSWORD });
  await page.goto("/console/finance/withdrawRecords");
  await expect(page.getByTestId("refundable")).toHaveText(`¥${FINANCE_FIGURES.refundable}`);
  await expectAccessible(page, javaScriptEnabled);

  await page.getByLabel("提现金额（元）").fill("12.345");
  await page.getByLabel("收款账户（开户行、账号、户名）").fill("招商银行 6225 8888 0000 1234 张三");
  await page.getByRole("button", { name: "申请提现" }).click();
  await expect(page.getByText("输入金额不合法")).toBeVisible();
  await expect(page.getByLabel("提现金额（元）")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page, javaScriptEnabled);

  await page.getByLabel("提现金额（元）").fill("1,000");
  await page.getByRole("button", { name: "申请提现" }).click();
  await expect(page.getByText("提现金额超过可提现余额")).toBeVisible();

  await page.getByLabel("提现金额（元）").fill("50");
  await page.getByRole("button", { name: "申请提现" }).click();
  await expect(page.getByText("提现申请已提交，¥50.00 已冻结")).toBeVisible();
  const row = page.getByTestId("withdrawal-list").locator("tbody tr");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("50.00");
  await expect(row).toContainText("审核中");
  await expect(page.getByTestId("refundable")).toHaveText("¥114.50");
  await expect(page.getByText("账户余额 ¥124.50，审核中冻结 ¥50.00")).toBeVisible();

  // The hold is in the ledger, so in the expense detail.
  await page.goto("/console/finance/expenseDetail?kind=withdrawal");
  await expect(page.getByTestId("balance-change-list").locator("tbody tr")).toContainText("-¥50.00");
});

test("the order list shows recharge and purchase orders with filters; /console/orders leads to it", async ({
  page,
  login,
  javaScriptEnabled,
}, info) => {
  await login({ phone: accountOf("history", info), password: FINANCE_PASSWORD });
  await page.goto("/console/orders?status=pending");
  await expect(page).toHaveURL(/\/console\/finance\/orders\?status=pending$/);
  const rows = page.getByTestId("order-list").locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("对公转账");
  await expect(rows.first()).toContainText("500.00");
  await expect(rows.first()).toContainText("待支付");

  await page.getByLabel("订单状态").selectOption({ label: "全部" });
  await page.getByRole("button", { name: "查询" }).click();
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: "算力券" })).toContainText("余额 ¥35.50");
  await expect(rows.filter({ hasText: "微信支付" })).toContainText("200.00");
  await expectAccessible(page, javaScriptEnabled);
});

test("a sub-account cannot open the finance pages", async ({ page, login }) => {
  await login({ phone: "13800000000", subAccountName: "lab-student" });
  for (const path of [
    "/console/finance/orders",
    "/console/finance/expenseDetail",
    "/console/finance/withdrawRecords",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
  }
  const exported = await page.request.get("/console/finance/expenseDetail/export");
  expect(exported.status()).toBe(403);
});
