/**
 * The two public instance pages of issue 36 §2, JavaScript on and off.
 * /restartInstance: a visitor following a restart link goes to /login and
 * back; the page shows the instance and asks, GET changes nothing, 确认重启
 * restarts it (the instance page and its log say so); a stopped instance's
 * link says why it cannot and links to it; another user's instance is a 404,
 * by GET and by POST. /instanceAvailableKvmStore: the stock by model and
 * region, filtered by a plain GET form, a bad GPU count refused beside its field.
 * /console/subAccountInstance: a main account sees its sub-accounts' instances
 * grouped, with this month's cost, stops one there and releases it (back on
 * that page after); the sub-account, its sibling and another account get 404
 * for the page and for the stop.
 */
import type { APIRequestContext } from "@playwright/test";
import { instancePath } from "../../app/utils/console-paths";
import { restartInstancePath } from "../../app/utils/restart-instance";
import { seriousViolationsOfDocument } from "./axe";
import { expect, test } from "./fixtures/session";
import { SUB_PAGE_MAIN_ACCOUNTS, SUB_PAGE_PASSWORD } from "./fixtures/sub-account-instances";
import { mainApi, rentalKey, rentByApi, rentHourlyByApi, tokenOf, topUp, waitForInstanceState } from "./platform-calls";

/** A cloud host offer off the shared RTX 4090 containers (nm-b: two L40S hosts). */
const L40S_KVM = { type: "kvm", region: "nm-b", gpu: "l40s" } as const;

async function stateOf(request: APIRequestContext, token: string, uuid: string): Promise<string> {
  const detail = await mainApi<{ State: string }>(request, "/instance/get_instance_detail", {
    session: token,
    instance_uuid: uuid,
  });
  return detail.data.State;
}

test("restart from a link: login and back, asks first, restarts on POST only; another user's link is a 404", async ({
  page,
  login,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const user = await login();
  const token = await tokenOf(page.request, user.phone, user.password);
  await topUp(page.request, token, "100");
  const { uuid, name } = await rentHourlyByApi(
    page.request,
    token,
    `restart-e2e-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`,
    L40S_KVM,
  );
  await waitForInstanceState(page.request, token, uuid, "running");

  // A visitor (the link opened in a browser signed out) signs in and comes back to the same link.
  await page.context().clearCookies();
  await page.goto(restartInstancePath(uuid));
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(restartInstancePath(uuid))}`);
  await page.getByLabel("手机号", { exact: true }).fill(user.phone);
  await page.getByLabel("密码", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await expect(page).toHaveURL(restartInstancePath(uuid));

  // The page shows the instance and asks; the GET restarted nothing.
  await expect(page.getByRole("heading", { name: "重启实例" })).toBeVisible();
  const facts = page.getByRole("definition");
  await expect(facts.filter({ hasText: name })).toHaveCount(1);
  await expect(page.getByTestId("restart-state")).toHaveText("运行中");
  await expect(page.getByText(`确定重启实例「${name}」吗？`)).toBeVisible();
  expect(await stateOf(page.request, token, uuid)).toBe("running");
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);

  await page.getByRole("button", { name: "确认重启" }).click();
  await expect(page).toHaveURL(instancePath(uuid));
  await expect(page.getByText(`实例「${name}」重启中`)).toBeVisible();
  await expect(page.getByTestId("instance-log")).toContainText("用户申请重启");
  await waitForInstanceState(page.request, token, uuid, "running");

  // Stopping, the link says why it cannot restart and links to the instance; no button.
  const stopped = await mainApi(page.request, "/instance/stop_instance", { session: token, instance_uuid: uuid });
  expect(stopped.status, stopped.reason).toBe(0);
  await page.goto(restartInstancePath(uuid));
  if ((await page.getByTestId("restart-state").textContent()) === "关机中")
    await expect(page.getByTestId("restart-refusal")).toContainText("只有运行中的按量计费实例可以重启");
  await expect(page.getByRole("button", { name: "确认重启" })).toHaveCount(0);
  await page.getByRole("link", { name: "查看实例" }).click();
  await expect(page).toHaveURL(instancePath(uuid));

  // Stopped, the link starts it (the GPU free notice's link, decision 092): it asks, the GET started nothing.
  await waitForInstanceState(page.request, token, uuid, "stopped");
  await page.goto(restartInstancePath(uuid));
  await expect(page.getByRole("heading", { name: "开机", exact: true })).toBeVisible();
  await expect(page.getByText(`确定开机实例「${name}」吗？`)).toBeVisible();
  await expect(page.getByRole("button", { name: "确认重启" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "确认开机" })).toBeVisible();
  expect(await stateOf(page.request, token, uuid)).toBe("stopped");

  // Another user: the link and a forged POST are both 404, and nothing changes.
  await login();
  const foreign = await page.goto(restartInstancePath(uuid));
  expect(foreign?.status()).toBe(404);
  const origin = new URL(page.url()).origin;
  const forged = await page.request.post(restartInstancePath(uuid), {
    form: { intent: "restart", instance_uuid: uuid },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(404);
  expect(await stateOf(page.request, token, uuid)).toBe("stopped");
  const missing = await page.goto("/restartInstance");
  expect(missing?.status()).toBe(404);
});

test("kvm stock: by model and region, filtered by a GET form; a bad GPU count is refused beside its field", async ({
  page,
  javaScriptEnabled,
}) => {
  const response = await page.goto("/instanceAvailableKvmStore");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "云主机库存" })).toBeVisible();
  // The seeded cloud hosts: RTX 4090, A100, L40S, RTX 3090, H100; L40S only in 内蒙B区 (two hosts of 8).
  await expect(page.getByTestId("kvm-stock-group")).toHaveCount(5);
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);

  const filters = page.getByRole("form", { name: "库存筛选" });
  await filters.getByLabel("GPU型号").selectOption("l40s");
  await filters.getByRole("button", { name: "查询" }).click();
  await expect(page).toHaveURL(/gpu=l40s/);
  await expect(page.getByTestId("kvm-stock-group")).toHaveCount(1);
  const row = page.getByTestId("kvm-stock-row");
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("rowheader")).toHaveText("内蒙B区");
  await expect(row).toContainText("/ 16");
  await expect(row).toContainText("/ 2 台");
  await expect(row.getByRole("link", { name: "租用" })).toHaveAttribute("href", /type=kvm&region=nm-b&gpu=l40s/);

  await filters.getByLabel("需要的GPU数").fill("abc");
  await filters.getByRole("button", { name: "查询" }).click();
  await expect(page).toHaveURL(/gpu_count=abc/);
  await expect(filters.getByText("GPU数量必须是1到64之间的整数")).toBeVisible();
  await expect(filters.getByLabel("需要的GPU数")).toHaveValue("abc");
  // The bad field is left out: the list is the one filtered by the model alone.
  await expect(page.getByTestId("kvm-stock-row")).toHaveCount(1);

  // More GPUs than any host has: nothing fits, said in words.
  await filters.getByLabel("需要的GPU数").fill("9");
  await filters.getByRole("button", { name: "查询" }).click();
  await expect(page.getByTestId("kvm-stock-empty")).toContainText("需要单台主机空闲 9 张卡");
});

/** A sub-account's session token, as its sign-in would give it (the sandbox session). */
async function subToken(request: APIRequestContext, phone: string, name: string): Promise<string> {
  const res = await request.post("/sandbox/session", {
    data: { phone, password: SUB_PAGE_PASSWORD, subAccountName: name },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

test("sub-accounts' instances: grouped with this month's cost, stopped and released by the main account (back on the page); 404 for anyone else", async ({
  page,
  login,
  javaScriptEnabled,
}, info) => {
  test.setTimeout(120_000);
  const mainPhone = SUB_PAGE_MAIN_ACCOUNTS[info.project.name as keyof typeof SUB_PAGE_MAIN_ACCOUNTS];
  // lab-a rents L40S × 1 for a day (its first charge this month) and signs in: the page is not its own.
  await login({ phone: mainPhone, password: SUB_PAGE_PASSWORD, subAccountName: "lab-a" });
  const labA = await subToken(page.request, mainPhone, "lab-a");
  const rented = await rentByApi(page.request, labA, { operationKey: rentalKey("sub-page"), offer: L40S_KVM, days: 1 });
  const { uuid, name } = rented;
  await waitForInstanceState(page.request, labA, uuid, "running");
  expect((await page.goto("/console/subAccountInstance"))?.status()).toBe(404);

  // The main account: lab-a's group holds the instance and the day's price; lab-b has none.
  await login({ phone: mainPhone, password: SUB_PAGE_PASSWORD });
  await page.goto("/console/dashboard");
  await page.getByRole("link", { name: "子账号实例" }).click();
  await expect(page).toHaveURL("/console/subAccountInstance");
  const groupA = page.getByRole("region", { name: "子账号 lab-a" });
  const groupB = page.getByRole("region", { name: "子账号 lab-b" });
  await expect(groupB).toContainText("暂无实例");
  await expect(groupB.getByTestId("sub-account-month-cost")).toHaveText("¥0.00");
  await expect(groupA.getByTestId("sub-account-month-cost")).toHaveText(`¥${rented.paid.toFixed(2)}`);
  const row = groupA.locator(`[data-testid="instance-row"][data-uuid="${uuid}"]`);
  await expect(row.getByRole("link", { name })).toHaveAttribute("href", instancePath(uuid));
  await expect(row.getByTestId("instance-state")).toContainText("运行中");
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);

  // lab-b (a sibling) and another main account: a stop posted to the page is a 404 and changes nothing.
  const origin = new URL(page.url()).origin;
  const stopBy = () =>
    page.request.post("/console/subAccountInstance", {
      form: { intent: "stop", instance_uuid: uuid },
      headers: { origin },
      maxRedirects: 0,
    });
  await login({ phone: mainPhone, password: SUB_PAGE_PASSWORD, subAccountName: "lab-b" });
  expect((await stopBy()).status()).toBe(404);
  await login();
  expect((await stopBy()).status()).toBe(404);
  await page.goto("/console/subAccountInstance");
  await expect(page.getByTestId("sub-accounts-empty")).toHaveText("还没有子账号。");
  expect(await stateOf(page.request, labA, uuid)).toBe("running");

  // The main account stops it from the page.
  await login({ phone: mainPhone, password: SUB_PAGE_PASSWORD });
  await page.goto("/console/subAccountInstance");
  await row.getByRole("button", { name: "关机" }).click();
  await expect(row.getByTestId("instance-state")).toContainText(/关机中|已关机/);
  await waitForInstanceState(page.request, labA, uuid, "stopped");

  // And releases it there: the name typed (a dialog, or the confirm page without JavaScript), then back on this page.
  await page.reload();
  await row.getByRole(javaScriptEnabled ? "button" : "link", { name: "释放" }).click();
  await page.getByLabel("实例名称").fill(name);
  await page.getByRole("button", { name: "确认释放" }).click();
  await expect(page).toHaveURL("/console/subAccountInstance");
  await expect(page.getByRole("status").filter({ hasText: `实例「${name}」` })).toBeVisible();
  expect(await stateOf(page.request, labA, uuid)).toMatch(/^releas/);
});
