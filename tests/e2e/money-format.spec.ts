/**
 * Issue 33 §3: money was written five ways (¥3,610.00, ¥3610.00, ¥1030.00,
 * ¥6300, ¥10000) and every balance showed in the price red. This walks the
 * money pages of the demo account (wallets, credit, coupons, vouchers,
 * finance, store, the rental form, an instance) and checks every ¥ amount on
 * screen has the one format (platform/rules/money.ts formatMoney: ¥, thousands
 * groups, exactly two decimals; an hourly price is ¥1.98/时), and that a
 * balance reads in the text colour unless it is a debt.
 */
import type { Page } from "@playwright/test";
import { createInstancePath } from "../../app/utils/paths";
import { expect, test } from "./fixtures/session";
import { RTX4090_OFFER } from "./platform-calls";
import { DEMO } from "./support";

const MONEY = /^[-+]?¥(?:0|[1-9]\d{0,2}(?:,\d{3})*)\.\d{2}$/;

const PAGES = [
  "/console/dashboard",
  "/console/accountInfo",
  "/console/recharge",
  "/console/coupon",
  "/console/coupon?tab=used",
  "/console/coupon/center",
  "/console/powerMoney",
  "/console/credit",
  "/console/finance/expenseDetail",
  "/console/finance/orders",
  "/console/finance/withdrawRecords",
  "/store",
  "/store?type=bare_metal",
  `${createInstancePath(RTX4090_OFFER)}&mode=day&days=1`,
  `${createInstancePath(RTX4090_OFFER)}&mode=hour`,
];

/** Every ¥ amount in the page's visible text and in its images' and buttons' accessible names. */
async function moneyOn(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => [
    document.body.innerText,
    ...[...document.querySelectorAll("[aria-label], img[alt]")].map(
      (e) => e.getAttribute("aria-label") ?? e.getAttribute("alt") ?? "",
    ),
  ]);
  return texts.flatMap((text) => text.match(/[-+]?¥[\d,.]*/g) ?? []);
}

test("every amount of money on the money pages has the one format", async ({ page, login }) => {
  test.setTimeout(PAGES.length * 8_000);
  await login({ phone: DEMO.phone });
  const seen: string[] = [];
  const check = async (path: string) => {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const amounts = await moneyOn(page);
    for (const amount of amounts) expect(amount, `${amount} on ${path}`).toMatch(MONEY);
    seen.push(...amounts);
  };
  for (const path of PAGES) await check(path);
  // An instance's charges, when the demo account has one.
  await page.goto("/console/dashboard");
  const instance = page.locator('a[href^="/console/instance/"]').first();
  if ((await instance.count()) > 0) await check((await instance.getAttribute("href"))!);
  // The walk saw amounts large enough to be grouped (the demo's top-ups, the bare-metal monthly prices).
  expect(seen.some((amount) => amount.includes(","))).toBe(true);
  expect(seen.length).toBeGreaterThan(50);
});

test("balances read in the text colour; only a debt takes the price red", async ({ page, login }) => {
  await login({ phone: DEMO.phone });
  await page.goto("/console/dashboard");
  const figures = page.getByTestId("dashboard-figures").locator("strong");
  await expect(figures).toHaveCount(4);
  for (const figure of await figures.all()) {
    const debt = (await figure.getAttribute("data-debt")) !== null;
    await expect(figure).toHaveCSS("color", debt ? "rgb(201, 42, 42)" : "rgb(51, 51, 51)");
  }
  // The demo account's credit line is unused: no figure is a debt, none is red.
  await expect(page.getByTestId("dashboard-figures").locator("[data-debt]")).toHaveCount(0);
  await expect(page.getByTestId("bar-balance").locator("b").first()).not.toHaveCSS("color", "rgb(201, 42, 42)");
});
