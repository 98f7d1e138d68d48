/**
 * The finance pages under the CSP with JavaScript on (decision 027): no
 * violation, so the server-drawn chart's SVG (no <style>, no script) passes.
 */
import { FINANCE_ACCOUNTS, FINANCE_PASSWORD } from "./fixtures/finance-history";
import { expect, test } from "./fixtures/session";

test("the finance pages run with no CSP violation", async ({ page, login }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Content-Security-Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await login({ phone: FINANCE_ACCOUNTS.history["js-on"], password: FINANCE_PASSWORD });
  for (const path of [
    "/console/finance/expenseDetail",
    "/console/finance/orders",
    "/console/finance/withdrawRecords",
  ]) {
    await page.goto(path);
    await expect(page.locator("h1")).toBeVisible();
    // Hydrated: the page's scripts ran under the policy.
    await page.waitForFunction(() => Boolean((window as unknown as { __remixContext?: unknown }).__remixContext));
    expect(violations, path).toEqual([]);
  }
  await expect(page.getByRole("img", { name: /每日消费柱状图/ })).toHaveCount(0);
  await page.goto("/console/finance/expenseDetail");
  await expect(page.getByRole("img", { name: /每日消费柱状图/ })).toBeVisible();
  expect(violations).toEqual([]);
});
