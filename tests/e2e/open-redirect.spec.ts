import { expect, test } from "@playwright/test";
import { DEMO } from "./support";

// Issue 9, section 3: /login?redirectTo=%2Fx%2F..%2F%5Cevil.example sent the user to
// evil.example after login (the check ran before the path was normalised), and at once
// when already logged in. Now every target passes safeRedirect (docs/decisions/027).
test("a crafted redirectTo keeps the user on our site, at login and when already logged in", async ({
  page,
  baseURL,
}) => {
  const offSite: string[] = [];
  await page.route(
    (url) => url.hostname.endsWith("evil.example"),
    (route) => {
      offSite.push(route.request().url());
      return route.abort();
    },
  );

  await page.goto("/login?tab=password&redirectTo=%2Fx%2F..%2F%5Cevil.example");
  await page.getByLabel("手机号", { exact: true }).fill(DEMO.phone);
  await page.getByLabel("密码", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await page.waitForURL(`${baseURL}/console/dashboard`);
  await expect(page.getByTestId("bar-balance")).toBeVisible();

  // Already logged in: the login page sends us on at once, to our own dashboard.
  for (const target of ["%2Fx%2F..%2F%5Cevil.example", "%2F%09%2Fevil.example", "%2F%2Fevil.example"]) {
    await page.goto(`/login?redirectTo=${target}`);
    await expect(page).toHaveURL(`${baseURL}/console/dashboard`);
  }
  expect(offSite).toEqual([]);

  // A line break in the target is a malformed request: 400, not 500.
  const broken = await page.request.get("/login?redirectTo=%2Fconsole%0D%0ASet-Cookie%3A%20a%3Db", {
    maxRedirects: 0,
  });
  expect(broken.status()).toBe(400);
});
