import { expect, test } from "./fixtures/session";
import { logout } from "./support";

test("a forged session cookie is no session", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "gc_session", value: "forged", url: baseURL! }]);

  await page.goto("/console/dashboard");
  await expect(page).toHaveURL("/login?redirectTo=%2Fconsole%2Fdashboard");

  await context.addCookies([{ name: "gc_session", value: "forged", url: baseURL! }]);
  await page.goto("/store");
  await expect(page.getByTestId("bar-login")).toHaveText("注册/登录");
  await expect(page.getByTestId("bar-balance")).toHaveCount(0);
});

test("a session cookie replayed after logout is dead", async ({ page, context, login }) => {
  await login();
  await page.goto("/console/dashboard");
  await expect(page).toHaveURL("/console/dashboard");
  const saved = await context.cookies();
  expect(saved.map((c) => c.name)).toContain("gc_session");

  await logout(page);
  await context.addCookies(saved);
  await page.goto("/console/dashboard");
  await expect(page).toHaveURL("/login?redirectTo=%2Fconsole%2Fdashboard");
});
