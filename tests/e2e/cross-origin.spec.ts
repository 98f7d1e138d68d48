import { expect, test } from "@playwright/test";
import { DEMO } from "./support";

// A page on another site (about:blank here, so its Origin is "null") posts a
// login form to ours: the platform refuses it with its 403 page and no session
// is made (Remix's CSRF check, patched from an empty 500; decision 015).
test("a form on another site that posts to ours gets the 403 page and changes nothing", async ({ page, baseURL }) => {
  await page.setContent(`
    <form method="post" action="${baseURL}/login?tab=password">
      <input name="intent" value="password">
      <input name="phone" value="${DEMO.phone}">
      <input name="password" value="${DEMO.password}">
      <input name="agree" value="on">
      <button type="submit">提交</button>
    </form>`);
  await page.getByRole("button", { name: "提交" }).click();
  await expect(page.getByRole("heading", { name: "403 · 请求已拒绝" })).toBeVisible();
  await expect(page.getByText("没有做任何更改")).toBeVisible();

  await page.getByRole("link", { name: "返回原页面" }).click();
  await expect(page).toHaveURL("/login?tab=password");
  await page.goto("/console/dashboard");
  await expect(page).toHaveURL("/login?redirectTo=%2Fconsole%2Fdashboard");
});
