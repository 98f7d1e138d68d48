/** Issue 37 §1: the account menu's verification tag shows the label and goes to /console/verification (main accounts). */
import { expect, test } from "./fixtures/session";

test("the menu's tag of a new account says 未认证 and leads to the verification pages", async ({ page, login }) => {
  await login();
  await page.goto("/store");
  await page.getByRole("button", { name: "账户菜单" }).click();
  const tag = page.getByRole("menu").getByTestId("verification-tag");
  await expect(tag).toHaveText("未认证");
  await tag.click();
  await expect(page).toHaveURL(/\/console\/verification\/selectVerification$/);
  await expect(page.getByTestId("verification-label")).toHaveText("未认证");
});
