/**
 * Open API keys (issue 38 §4), with and without JavaScript: /console/openapi leads to the access keys; a key is made
 * with a name and a scope, its secret read once from the page; the docs' own Node example (taken from the doc as the
 * site serves it, run with node) lists the account's instances; the list shows the key's last use; revoking it makes
 * the next call refused.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures/session";
import { DEMO, DEMO_SUB } from "./support";

/** Runs the Node example of the docs page 访问密钥与签名请求 with the key, as a reader would; answers what it printed. */
async function runDocumentedNodeExample(
  request: APIRequestContext,
  baseURL: string,
  key: { keyId: string; secret: string },
): Promise<unknown> {
  const doc = (await (await request.get("/api/docs/page?slug=open-api-signing")).json()) as { data: { body: string } };
  const example = /^```js\n([\s\S]*?)^```$/m.exec(doc.data.body)?.[1];
  expect(example, "the doc has a Node example").toBeTruthy();
  const dir = await mkdtemp(path.join(tmpdir(), "open-api-e2e-"));
  try {
    const file = path.join(dir, "example.mjs");
    await writeFile(file, example!);
    const env = { ...process.env, OPENAPI_BASE: baseURL, ACCESS_KEY_ID: key.keyId, ACCESS_KEY_SECRET: key.secret };
    const { stdout } = await promisify(execFile)("node", [file], { env, timeout: 20_000 });
    return JSON.parse(stdout.trim());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test("create a key, call the open API with it, revoke it, and see the call refused", async ({
  page,
  login,
  request,
  baseURL,
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

  const call = () => runDocumentedNodeExample(request, baseURL!, { keyId, secret });
  expect(await call()).toMatchObject({ status: 0, data: { total: 0, list: [] } });

  // Shown once: a fresh load of the page has the key in the list, never its secret; the list shows its last use.
  await page.goto("/console/openapi/accessKey");
  await expect(page.getByTestId("new-key-secret")).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  // Its time; the address is unknown here (the test server trusts a proxy, and the example came straight).
  await expect(page.getByTestId("open-api-key-last-use")).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}（/);

  const row = page.getByTestId("open-api-key").filter({ hasText: keyId });
  await row.getByText("删除", { exact: true }).click();
  await row.getByRole("button", { name: "确认删除“部署脚本”" }).click();
  await expect(page.getByRole("status").filter({ hasText: "访问密钥已删除" })).toBeVisible();
  await expect(page.getByText("还没有访问密钥。")).toBeVisible();

  const refused = await call();
  expect(refused).toMatchObject({ status: 1, key: "OPEN_API_KEY_REVOKED" });
});

test("a sub-account has no access keys page: not found", async ({ page, login }) => {
  await login({ phone: DEMO.phone, subAccountName: DEMO_SUB.name });
  const response = await page.goto("/console/openapi/accessKey");
  expect(response?.status()).toBe(404);
  await expect(page.getByLabel("密钥名称")).toHaveCount(0);
});
