/**
 * Open API keys (issue 38 §4), with and without JavaScript: /console/openapi leads to the access keys; a key is made
 * with a name and a scope, its secret read once from the page; a request signed as the docs say (the shared signing
 * helper) lists the account's instances; the list shows the key's last use; revoking it makes the next call refused.
 */
import { expect, test } from "./fixtures/session";
import { DEMO, DEMO_SUB, ownClientAddress } from "./support";
import { signedRequest } from "../support/open-api-signing";

test("create a key, call the open API with it, revoke it, and see the call refused", async ({
  page,
  login,
  request,
}) => {
  await login();
  await page.goto("/console/openapi");
  await expect(page).toHaveURL(/\/console\/openapi\/accessKey$/);
  await expect(page.getByRole("heading", { name: "开放API · 访问密钥" })).toBeVisible();
  await expect(page.getByText("还没有访问密钥。")).toBeVisible();

  // Bad input first: no scope ticked, an address that is not one. Errors beside their fields, nothing made.
  await page.getByLabel("密钥名称").fill("部署脚本");
  await page.getByLabel(/IP白名单/).fill("10.0.0.0/33");
  await page.getByRole("button", { name: "创建密钥" }).click();
  await expect(page.getByText("请至少选择一项权限")).toBeVisible();
  await expect(page.getByText("“10.0.0.0/33”不是正确的IP地址或网段")).toBeVisible();
  await expect(page.getByText("还没有访问密钥。")).toBeVisible();

  await page.getByLabel(/IP白名单/).fill("");
  await page.getByLabel(/读取实例/).check();
  await page.getByRole("button", { name: "创建密钥" }).click();
  const shown = page.getByTestId("new-key-secret");
  await expect(shown).toContainText("访问密钥“部署脚本”已创建");
  const keyId = (await page.getByTestId("new-key-id").textContent())!;
  const secret = (await page.getByTestId("new-key-secret-value").textContent())!;
  expect(keyId).toMatch(/^ak[0-9a-f]{24}$/);
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(page.url()).not.toContain(secret);
  await expect(page.getByTestId("open-api-key")).toHaveCount(1);

  const call = async () => {
    const signed = signedRequest({ keyId, secret }, { call: "/instance/get_instance_list", body: { page: "1" } });
    const response = await request.post(signed.url, {
      headers: { ...signed.headers, ...ownClientAddress() },
      data: signed.body,
    });
    return { http: response.status(), body: await response.json() };
  };
  const ok = await call();
  expect(ok).toMatchObject({ http: 200, body: { status: 0, data: { total: 0, list: [] } } });

  // Shown once: a fresh load of the page has the key in the list, never its secret; the list shows its last use.
  await page.goto("/console/openapi/accessKey");
  await expect(page.getByTestId("new-key-secret")).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  await expect(page.getByTestId("open-api-key-last-use")).toContainText(/（10\.\d+\.\d+\.\d+）/);

  const row = page.getByTestId("open-api-key").filter({ hasText: keyId });
  await row.getByText("删除", { exact: true }).click();
  await row.getByRole("button", { name: "确认删除“部署脚本”" }).click();
  await expect(page.getByRole("status").filter({ hasText: "访问密钥已删除" })).toBeVisible();
  await expect(page.getByText("还没有访问密钥。")).toBeVisible();

  const refused = await call();
  expect(refused).toMatchObject({ http: 401, body: { status: 1, key: "OPEN_API_KEY_REVOKED" } });
});

test("a sub-account has no access keys page: not found", async ({ page, login }) => {
  await login({ phone: DEMO.phone, subAccountName: DEMO_SUB.name });
  const response = await page.goto("/console/openapi/accessKey");
  expect(response?.status()).toBe(404);
  await expect(page.getByLabel("密钥名称")).toHaveCount(0);
});
