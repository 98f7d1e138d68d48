import { expect, test } from "@playwright/test";
import { masked, registerViaUi, uniquePhone } from "./support";

test("registering with the SMS code lands on the dashboard with a zero balance", async ({ page }) => {
  const phone = uniquePhone();
  await registerViaUi(page, phone);

  await expect(page).toHaveURL(/\/console\/dashboard$/);
  await expect(page.getByRole("heading", { name: "控制台总览" })).toBeVisible();
  await expect(page.getByTestId("bar-balance")).toContainText("余额 ¥0.00");

  await page.goto("/console/accountInfo");
  await expect(page.getByTestId("account-phone")).toHaveText(masked(phone));
  await expect(page.getByTestId("account-kind")).toHaveText("主账号");
});
