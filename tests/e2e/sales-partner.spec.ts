/**
 * Issue 39 §2, the sales-partner journey with JavaScript on and off: a verified account becomes a partner through
 * the become-partner dialog (the page without JavaScript); a visitor follows the referral link, registers and spends
 * cash; the commission shows pending; the settlement (as of a time past the holding period, through the operator
 * command) settles it; the partner asks to have it paid to a bank account (finance rejects: it comes back), then
 * moves it into the balance, which rises by exactly that.
 */
import { expect, test } from "./fixtures/session";
import { ops } from "./ops";
import { cashOf, mainApi, tokenOf, topUp } from "./platform-calls";
import { DEMO_SUB, masked, registerViaUi, TEST_PASSWORD, uniquePhone } from "./support";
import { verifyByBankCardViaUi } from "./verification-support";

const DAY_MS = 24 * 60 * 60 * 1000;

test("become a partner, a referred user registers and spends, commission settles, goes to a bank and to the balance", async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  const partner = await login();
  await verifyByBankCardViaUi(page, "张三");
  await page.goto("/console/salesPartner");
  await expect(page).toHaveURL(/\/console\/salesDashboard$/);
  await page.getByRole("link", { name: "成为销售合伙人" }).click();
  await expect(page.getByText("销售合伙人协议").first()).toBeVisible();
  await page.getByLabel(/我已阅读并同意《销售合伙人协议》/).check();
  await page.getByRole("button", { name: "成为销售合伙人" }).click();
  const link = page.getByTestId("referral-link");
  await expect(link).toContainText("/invite/");
  await expect(page.getByRole("img", { name: "推广二维码" }).locator("svg")).toBeVisible();
  const referralLink = (await link.textContent())!;

  // The visitor, in a browser of its own, follows the link and registers.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  const visitorPhone = uniquePhone();
  await visitor.goto(new URL(referralLink).pathname);
  await expect(visitor).toHaveURL(/\/login\?tab=register/);
  await registerViaUi(visitor, visitorPhone);
  await visitorContext.close();

  await page.reload();
  await expect(page.getByTestId("referred-users")).toContainText(masked(visitorPhone));

  // The visitor spends ¥100 of cash on a compute-voucher offer: 5% commission at the first tier.
  const token = await tokenOf(page.request, visitorPhone, TEST_PASSWORD);
  await topUp(page.request, token, "500");
  const offers = await mainApi<{ offers: { OfferId: number; Price: string }[] }>(
    page.request,
    "/get_power_money_offers",
    {
      session: token,
    },
  );
  const offer = offers.data.offers[0]!;
  const bought = await mainApi(page.request, "/buy_power_money", {
    session: token,
    offer_id: offer.OfferId,
    operation_key: `partner-e2e-${Date.now()}`,
  });
  expect(bought.status, bought.reason).toBe(0);
  const commissionFen = Math.floor(Math.round(Number(offer.Price) * 100) * 0.05);
  const commission = `¥${(commissionFen / 100).toFixed(2)}`;

  // Accrual runs with the settlement job; as of now nothing is due yet, so the entry stays pending.
  await ops(page.request, "partner settle", { at: new Date().toISOString() });
  await page.goto("/console/income");
  await expect(page.getByTestId("income-pending")).toHaveText(commission);
  await expect(page.getByTestId("commission-entries")).toContainText("待结算");
  await expect(page.getByTestId("commission-entries")).toContainText(masked(visitorPhone));

  // Past the month's end and its holding period, the month settles.
  await ops(page.request, "partner settle", { at: new Date(Date.now() + 50 * DAY_MS).toISOString() });
  await page.reload();
  await expect(page.getByTestId("income-settled")).toHaveText(commission);
  await expect(page.getByTestId("income-available")).toHaveText(commission);
  await expect(page.getByTestId("commission-entries")).toContainText("已结算");

  const partnerToken = await tokenOf(page.request, partner.phone, partner.password);
  const before = await cashOf(page.request, partnerToken);
  const yuan = (commissionFen / 100).toFixed(2);

  // To a bank account: an empty account is refused beside its field; then the request holds the commission until
  // finance decides. Rejected, the commission is available again and the wallet never moved.
  await page.getByLabel("提现金额（元）").fill(yuan);
  await page.getByRole("button", { name: "申请提现" }).click();
  await expect(page.getByText("请填写收款账户")).toBeVisible();
  await expect(page.getByTestId("income-available")).toHaveText(commission);
  await page.getByLabel("提现金额（元）").fill(yuan);
  await page.getByLabel("收款账户（开户行、卡号、户名）").fill("招商银行 6225 8812 3456 7890 张三");
  await page.getByRole("button", { name: "申请提现" }).click();
  await expect(page.getByText(`提现申请已提交，${commission} 佣金已冻结，审核通过后打款`)).toBeVisible();
  await expect(page.getByTestId("income-available")).toHaveText("¥0.00");
  await expect(page.getByTestId("commission-withdrawals")).toContainText("审核中，通过后打款");
  await page.goto("/console/finance/withdrawRecords");
  await expect(page.getByTestId("withdrawal-list")).toContainText("推广佣金");
  const requests = await mainApi<{ list: { Id: number; Source: string }[] }>(page.request, "/withdraw/get_list", {
    session: partnerToken,
    page: 1,
    page_size: 10,
  });
  const request = requests.data.list.find((w) => w.Source === "commission")!;
  await ops(page.request, "withdrawal reject", { id: String(request.Id), reason: "户名与实名不符" });
  await page.goto("/console/income");
  await expect(page.getByTestId("income-available")).toHaveText(commission);
  await expect(page.getByTestId("commission-withdrawals")).toContainText(
    "已驳回，金额已退回可提现佣金：户名与实名不符",
  );
  expect(await cashOf(page.request, partnerToken)).toBe(before);

  // To the wallet, at once.
  // More than is available is refused beside the field, nothing moves.
  await page.getByLabel("转入金额（元）").fill("100000");
  await page.getByRole("button", { name: "转入余额" }).click();
  await expect(page.getByText("可提现佣金不足")).toBeVisible();
  await page.getByLabel("转入金额（元）").fill(yuan);
  await page.getByRole("button", { name: "转入余额" }).click();
  await expect(page.getByText(`已将 ${commission} 佣金转入账户余额`)).toBeVisible();
  await expect(page.getByTestId("income-available")).toHaveText("¥0.00");
  await expect(page.getByTestId("commission-withdrawals")).toContainText("转入余额");
  expect(Math.round((await cashOf(page.request, partnerToken)) * 100) - Math.round(before * 100)).toBe(commissionFen);
});

test("an unverified account is told to verify first", async ({ page, login }) => {
  await login();
  await page.goto("/console/salesDashboard");
  await expect(page.getByTestId("partner-needs-verification")).toContainText("完成实名认证后才能成为销售合伙人");
  await expect(page.getByRole("link", { name: "去实名认证" })).toBeVisible();
});

test("a sub-account gets not found on the partner pages", async ({ page, login }) => {
  await login({ phone: DEMO_SUB.mainPhone, password: DEMO_SUB.password, subAccountName: DEMO_SUB.name });
  for (const path of ["/console/salesDashboard", "/console/income"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
});
