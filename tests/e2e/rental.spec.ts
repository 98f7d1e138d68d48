/**
 * Renting and managing instances (issue 12 §3, §4, §6), JavaScript on and
 * off: a user with money filters the store to RTX 4090 and rents an RTX 4090 × 1 for one day with a coupon; the
 * price shown is what is charged (the expense detail and the balance); the
 * instance comes up as 创建中 then 运行中 (the page refreshes itself with
 * JavaScript; without, the user clicks 刷新); stop, start and release work.
 * Renting with too little money opens the fast-pay dialog (JavaScript) or
 * shows the top-up link (no JavaScript). Another user's instance is a 404.
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { instancePath, releaseInstancePath } from "../../app/utils/console-paths";
import { createInstancePath } from "../../app/utils/paths";
import { seriousViolationsOfDocument } from "./axe";
import { expect, test } from "./fixtures/session";
import { RENTAL_MAIN_ACCOUNTS, RENTAL_PASSWORD, RENTAL_SUB_NAME } from "./fixtures/rental-accounts";
import { cashOf, mainApi, rentHourlyByApi, RTX4090_OFFER, tokenOf, topUp } from "./platform-calls";
import { TEST_PASSWORD, uniquePhone } from "./support";

/** Claims the seeded 全场九折券 (a 10% off order coupon). */
async function claimDiscountCoupon(request: APIRequestContext, token: string) {
  const groups = await mainApi<{ GroupId: number; Name: string }[]>(request, "/get_all_user_visible_coupon_group", {
    session: token,
  });
  const group = groups.data.find((g) => g.Name === "全场九折券")!;
  const claimed = await mainApi(request, "/assign_to_user", { session: token, group_id: group.GroupId });
  expect(claimed.status, claimed.reason).toBe(0);
}

/** The account's cash balance (yuan) as the platform reports it. */
/** Waits for the row's state: with JavaScript the dashboard polls by itself; without, the user clicks 刷新. */
async function expectState(page: Page, row: Locator, state: string, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) {
    await expect(row.getByTestId("instance-state")).toContainText(state, { timeout: 45_000 });
    return;
  }
  await expect
    .poll(
      async () => {
        if ((await row.getByTestId("instance-state").textContent())?.includes(state)) return true;
        await page.getByRole("link", { name: "刷新" }).click();
        await page.waitForLoadState();
        return (await row.getByTestId("instance-state").textContent())?.includes(state) ?? false;
      },
      { timeout: 45_000, intervals: [1000] },
    )
    .toBe(true);
}

/** Picks 包日 × `days` and, without JavaScript, asks for the price of it (计算价格). */
async function chooseDays(page: Page, days: number, javaScriptEnabled: boolean) {
  await page.getByRole("radio", { name: "包日" }).check();
  await page.getByRole("combobox", { name: "包日天数" }).selectOption(String(days));
  if (!javaScriptEnabled) await page.getByRole("button", { name: "计算价格" }).click();
  await expect(page.getByTestId("rental-price")).toContainText("× 24 小时");
}

test("rent an RTX 4090 × 1 for a day with a coupon; the price shown is charged; stop, start, release", async ({
  page,
  login,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const user = await login();
  const token = await tokenOf(page.request, user.phone, user.password);
  await topUp(page.request, token, "500");
  await claimDiscountCoupon(page.request, token);

  // The store filtered to RTX 4090; its 租用 link opens the rental form preset to the offer.
  await page.goto("/store");
  const filters = page.getByRole("form", { name: "筛选条件" });
  await filters.getByLabel("GPU型号").selectOption("rtx4090");
  if (!javaScriptEnabled) await filters.getByRole("button", { name: "筛选" }).click();
  await expect(page).toHaveURL(/gpu=rtx4090/);
  // With JavaScript the list changes in place, after the address: wait for it to hold RTX 4090 alone.
  await expect(page.getByTestId("offer").filter({ hasText: "RTX 3090" })).toHaveCount(0);
  await page.getByTestId("offer").filter({ hasText: "北京A区" }).getByRole("link", { name: "租用" }).click();
  await expect(page).toHaveURL(createInstancePath(RTX4090_OFFER));
  await expect(page.getByRole("heading", { name: "RTX 4090 · 北京A区 · 容器实例" })).toBeVisible();
  // Hourly first: the rate per hour, charged on the hour by the second.
  await expect(page.getByTestId("rental-total")).toHaveText(/^¥\d+\.\d\d\/时$/);
  await expect(page.getByTestId("rental-price")).toContainText("整点扣费");
  await chooseDays(page, 1, javaScriptEnabled);
  // With JavaScript the price came through a fetcher: the page did not navigate.
  if (javaScriptEnabled) await expect(page).toHaveURL(createInstancePath(RTX4090_OFFER));
  // The best coupon is preselected: 9折 of the day's price after the duration and membership discounts.
  await expect(page.getByRole("combobox", { name: "优惠券" }).locator("option:checked")).toContainText("9折券");
  await expect(page.getByRole("combobox", { name: "优惠券" }).locator("option:checked")).toContainText("最优");
  await expect(page.getByTestId("rental-coupon-saving")).toHaveText(/^-¥\d+\.\d\d$/);
  const total = (await page.getByTestId("rental-total").textContent())!.replace("¥", "");
  expect(Number(total)).toBeGreaterThan(0);
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);

  await page.getByRole("button", { name: "立即租用" }).click();
  await expect(page).toHaveURL(/\/console\/dashboard$/);
  await expect(page.getByRole("status")).toContainText(`租用成功`);
  await expect(page.getByRole("status")).toContainText(`已扣费 ¥${total}`);
  expect(await cashOf(page.request, token)).toBeCloseTo(500 - Number(total), 2);

  const row = page.getByTestId("instance-row").filter({ hasText: "RTX 4090 × 1" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("包日");
  await expect(row.getByTestId("instance-state")).toContainText(/创建中|运行中/);
  await expect(row.getByTestId("instance-host-free")).toContainText(/空闲 \d\/8/);
  await expectState(page, row, "运行中", javaScriptEnabled);
  await expect(row.getByTestId("instance-cost")).toHaveText(`¥${total}`);
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);

  // The instance page: SSH access, the password on request, and the package's charge explained.
  const uuid = (await row.getAttribute("data-uuid"))!;
  await page.goto(instancePath(uuid));
  await expect(page.getByTestId("ssh-command")).toContainText("ssh -p ");
  await expect(page.getByTestId("ssh-password")).toHaveCount(0);
  await page.getByRole("link", { name: "显示密码" }).click();
  await expect(page.getByTestId("ssh-password")).not.toBeEmpty();
  await expect(page.getByRole("link", { name: "打开 JupyterLab" })).toHaveAttribute("href", /^https?:\/\//);
  await expect(page.getByTestId("instance-charges")).toContainText(`¥${total}`);
  // What survives each action: the whole table, folded, opens without JavaScript too.
  const survival = page.getByTestId("survival-table");
  await survival.getByText("各项操作后").click();
  await expect(survival.getByRole("row", { name: /^释放/ })).toContainText("系统盘立即删除，无法恢复");
  await expect(survival.getByRole("row", { name: /^关机/ })).toContainText("关机后保留 15 天");
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);

  // Every charge appears in the expense detail: the package's, with the price shown.
  await page.goto("/console/finance/expenseDetail");
  const charge = page
    .getByTestId("balance-change-list")
    .locator("tbody tr")
    .filter({ hasText: `-¥${total}` });
  // …explained (计费说明) and linked to its order, in words.
  await expect(charge).toContainText(
    new RegExp(
      `1 天（24 小时）× 1 卡 × ¥1\\.98/卡·时 × 时长 0\\.98 .*= .* − 优惠券 .* = ¥${total.replace(".", "\\.")}；`,
    ),
  );
  await expect(charge.getByRole("link", { name: /^实例租用订单 / })).toBeVisible();
  await page.goto("/console/dashboard");

  await row.getByRole("button", { name: "关机" }).click();
  await expect(page.getByRole("status")).toContainText("关机中");
  await expectState(page, row, "已关机", javaScriptEnabled);

  await row.getByRole("button", { name: "开机" }).click();
  await expect(page.getByRole("status")).toContainText("开机中");
  await expectState(page, row, "运行中", javaScriptEnabled);

  const name = (await row.getByRole("link").first().textContent())!;
  if (javaScriptEnabled) {
    await row.getByRole("button", { name: "释放" }).click();
    const dialog = page.getByRole("dialog", { name: "释放实例" });
    await expect(dialog).toBeVisible();
    // The release's row of the survival table, and a package's early release refunds nothing.
    await expect(dialog.getByTestId("survival-release")).toContainText("数据盘 删除 数据盘立即删除，无法恢复");
    await expect(dialog.getByTestId("release-no-refund")).toContainText("不退还");
    expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);
    await dialog.getByLabel("实例名称").fill("不是这个名字");
    await dialog.getByRole("button", { name: "确认释放" }).click();
    // The dialog shows the refusal itself and stays open.
    await expect(dialog.getByRole("alert").filter({ hasText: "请输入实例名称以确认释放" })).toBeVisible();
    await dialog.getByLabel("实例名称").fill(name);
    await dialog.getByRole("button", { name: "确认释放" }).click();
  } else {
    await row.getByRole("link", { name: "释放" }).click();
    await expect(page.getByRole("heading", { name: "释放实例" })).toBeVisible();
    await expect(page.getByTestId("survival-release")).toContainText("数据盘 删除 数据盘立即删除，无法恢复");
    await expect(page.getByTestId("release-no-refund")).toContainText("不退还");
    expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);
    await page.getByLabel("实例名称").fill("不是这个名字");
    await page.getByRole("button", { name: "确认释放" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "请输入实例名称以确认释放" })).toBeVisible();
    await page.getByLabel("实例名称").fill(name);
    await page.getByRole("button", { name: "确认释放" }).click();
  }
  await expect(page).toHaveURL(/\/console\/dashboard$/);
  await expect(page.getByRole("status")).toContainText("释放中");
  // Released instances leave the list.
  await expect
    .poll(
      async () => {
        await page.goto("/console/dashboard");
        return page.getByTestId("instance-row").count();
      },
      { timeout: 20_000, intervals: [1000] },
    )
    .toBe(0);
  // Nothing more was charged for the package than its price.
  expect(await cashOf(page.request, token)).toBeCloseTo(500 - Number(total), 2);
});

test("renting with too little money: the fast-pay dialog (JS) or the top-up link (no JS)", async ({
  page,
  login,
  javaScriptEnabled,
}) => {
  const user = await login();
  const token = await tokenOf(page.request, user.phone, user.password);
  const form = await page.goto(createInstancePath(RTX4090_OFFER));
  // The form shows the caller's balance and coupons: never cached.
  expect(form?.headers()["cache-control"]).toBe("private, no-store");
  await chooseDays(page, 1, javaScriptEnabled);
  const total = (await page.getByTestId("rental-total").textContent())!.replace("¥", "");
  await expect(page.getByTestId("rental-shortfall")).toContainText(`还差 ¥${total}`);
  await page.getByRole("button", { name: "立即租用" }).click();
  await expect(page.getByTestId("rental-error")).toHaveText("可用余额少于套餐价格!");
  await expect(page.getByTestId("fast-pay")).toContainText(`可用余额少于套餐价格! 还差 ¥${total}`);
  if (javaScriptEnabled) {
    const fastPay = page.getByRole("dialog", { name: "余额不足，快速充值" });
    await expect(fastPay.getByLabel("充值金额（元）")).toHaveValue(total);
  } else {
    await expect(page.getByRole("link", { name: `立即充值 ¥${total}` })).toHaveAttribute(
      "href",
      `/console/recharge?amount=${total}`,
    );
  }
  expect(await cashOf(page.request, token)).toBe(0);
  await page.goto("/console/dashboard");
  await expect(page.getByTestId("instance-empty")).toBeVisible();
});

test("a visitor sees the offer's form and is sent to log in at 立即租用, to come back to the offer", async ({
  page,
}) => {
  await page.goto(createInstancePath(RTX4090_OFFER));
  await page.getByRole("button", { name: "立即租用" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  // The same offer, with the choice the form priced (GPUs, mode, image).
  expect(new URL(page.url()).searchParams.get("redirectTo")!.startsWith(`${createInstancePath(RTX4090_OFFER)}&`)).toBe(
    true,
  );
});

test("another user's instance is not found, and its actions change nothing", async ({ page, login }) => {
  // The owner rents an hourly instance through the API.
  const ownerPhone = uniquePhone();
  const session = await page.request.post("/sandbox/session", { data: { phone: ownerPhone, password: TEST_PASSWORD } });
  const ownerToken = ((await session.json()) as { token: string }).token;
  await topUp(page.request, ownerToken, "100");
  const { uuid } = await rentHourlyByApi(page.request, ownerToken, `e2e-idor-${ownerPhone}`);

  await login();
  const detail = await page.goto(instancePath(uuid));
  expect(detail?.status()).toBe(404);
  const release = await page.goto(releaseInstancePath(uuid));
  expect(release?.status()).toBe(404);
  const stop = await page.request.post("/console/dashboard", {
    form: { intent: "stop", instance_uuid: uuid },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(stop.status()).toBe(404);
  const origin = new URL(page.url()).origin;
  for (const [path, form] of [
    [instancePath(uuid), { intent: "restart", instance_uuid: uuid }],
    [releaseInstancePath(uuid), { intent: "release", instance_uuid: uuid, confirm_name: "RTX 4090 实例" }],
  ] as const) {
    const posted = await page.request.post(path, { form, headers: { origin } });
    expect(posted.status(), path).toBe(404);
  }
  await page.goto("/console/dashboard");
  await expect(page.getByTestId("instance-empty")).toBeVisible();

  const owner = await mainApi<{ State: string }>(page.request, "/instance/get_instance_detail", {
    session: ownerToken,
    instance_uuid: uuid,
  });
  expect(owner.data.State).toMatch(/^(creating|running)$/);
});

test("a main account sees its sub-account's instance marked with its name; the sub-account sees its own", async ({
  page,
  login,
}, info) => {
  const mainPhone = RENTAL_MAIN_ACCOUNTS[info.project.name as keyof typeof RENTAL_MAIN_ACCOUNTS];
  const session = await page.request.post("/sandbox/session", {
    data: { phone: mainPhone, password: RENTAL_PASSWORD, subAccountName: RENTAL_SUB_NAME },
  });
  const subToken = ((await session.json()) as { token: string }).token;
  const { uuid } = await rentHourlyByApi(page.request, subToken, `e2e-sub-${mainPhone}-${Date.now()}`);

  await login({ phone: mainPhone, password: RENTAL_PASSWORD });
  await page.goto("/console/dashboard");
  const row = page.locator(`[data-testid="instance-row"][data-uuid="${uuid}"]`);
  await expect(row).toContainText(`子账号 ${RENTAL_SUB_NAME}`);
  await expect(row).toContainText("RTX 4090 × 1");
  await expect(row).toContainText("按量计费");
  await page.goto(instancePath(uuid));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(RENTAL_SUB_NAME)).toBeVisible();

  await page.context().clearCookies();
  await login({ phone: mainPhone, password: RENTAL_PASSWORD, subAccountName: RENTAL_SUB_NAME });
  await page.goto("/console/dashboard");
  await expect(row).toContainText("RTX 4090 × 1");
  await expect(row).not.toContainText(`子账号 ${RENTAL_SUB_NAME}`);
});

test("an hourly instance restarts; an action from a stale page shows its refusal beside the row", async ({
  page,
  login,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const user = await login();
  const token = await tokenOf(page.request, user.phone, user.password);
  await topUp(page.request, token, "50");
  const { uuid } = await rentHourlyByApi(page.request, token, `e2e-hourly-${user.phone}`);
  await page.goto("/console/dashboard");
  const row = page.locator(`[data-testid="instance-row"][data-uuid="${uuid}"]`);
  await expect(row).toContainText("¥1.98/时"); // a new account: no membership discount yet
  await expectState(page, row, "运行中", javaScriptEnabled);

  await row.getByRole("button", { name: "重启" }).click();
  await expect(page.getByRole("status")).toContainText("重启中");
  await expectState(page, row, "运行中", javaScriptEnabled);

  // Stopped meanwhile elsewhere (the API): this page still offers 关机, and the platform refuses it.
  const stopped = await mainApi(page.request, "/instance/stop_instance", { session: token, instance_uuid: uuid });
  expect(stopped.status, stopped.reason).toBe(0);
  await row.getByRole("button", { name: "关机" }).click();
  await expect(row.getByTestId("instance-action-error")).toHaveText("实例当前状态不允许该操作");
  await expectState(page, row, "已关机", javaScriptEnabled);
  await expect(row.getByTestId("release-countdown")).toContainText(/天\d+小时后释放/);
});

/** Offers of one host each, one per project, so the two projects never take each other's last GPUs. */
const SINGLE_HOST_OFFERS = {
  "js-on": { type: "docker", region: "nm-b", gpu: "h100-80g" },
  "js-off": { type: "docker", region: "bj-a", gpu: "a100-80g" },
} as const;

test("the last GPUs go to someone else while the form is open: sold out, and nothing is charged", async ({
  page,
  login,
}, info) => {
  const offer = SINGLE_HOST_OFFERS[info.project.name as keyof typeof SINGLE_HOST_OFFERS];
  const user = await login();
  const token = await tokenOf(page.request, user.phone, user.password);
  await topUp(page.request, token, "200");
  await page.goto(createInstancePath({ ...offer, gpus: 8 }));
  await expect(page.getByTestId("rental-free")).toHaveText("当前空闲 8 卡（单台主机）");
  await expect(page.getByRole("combobox", { name: "GPU 数量" })).toHaveValue("8");

  const otherPhone = uniquePhone();
  const other = await page.request.post("/sandbox/session", { data: { phone: otherPhone, password: TEST_PASSWORD } });
  const otherToken = ((await other.json()) as { token: string }).token;
  await topUp(page.request, otherToken, "100");
  await rentHourlyByApi(page.request, otherToken, `e2e-last-${otherPhone}`, offer);

  await page.getByRole("button", { name: "立即租用" }).click();
  await expect(page.getByTestId("rental-error")).toHaveText("该配置已售罄，请选择其他配置或稍后再试");
  expect(await cashOf(page.request, token)).toBe(200);
  await page.goto("/console/dashboard");
  await expect(page.getByTestId("instance-empty")).toBeVisible();
});

test("a rent posted for another choice than the one priced is priced first; a double submit rents once", async ({
  page,
  login,
}) => {
  const user = await login();
  const token = await tokenOf(page.request, user.phone, user.password);
  await topUp(page.request, token, "200");
  // The form as the page renders it for a 1-day package: the action URL is the priced choice.
  await page.goto(`${createInstancePath(RTX4090_OFFER)}&mode=day&days=1`);
  const form = page.getByTestId("rental-form");
  const action = (await form.getAttribute("action"))!;
  expect(action).toContain("days=1");
  const operationKey = await form.locator('input[name="operation_key"]').inputValue();
  const image = await page.getByRole("combobox", { name: "镜像" }).inputValue();
  // The same form posted with 2 days (a select changed, 计算价格 not pressed).
  const posted = await page.request.post(action, {
    form: {
      ...RTX4090_OFFER,
      gpus: "1",
      image,
      mode: "day",
      days: "2",
      months: "1",
      coupon: "",
      operation_key: operationKey,
      intent: "rent",
    },
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(302);
  expect(posted.headers().location).toContain("days=2");
  expect(await cashOf(page.request, token)).toBe(200);

  // The priced choice, submitted twice with the form's key (a double click): one instance, one charge.
  const confirmed = {
    ...RTX4090_OFFER,
    gpus: "1",
    image,
    mode: "day",
    days: "1",
    months: "1",
    coupon: "",
    operation_key: operationKey,
    intent: "rent",
  };
  for (let i = 0; i < 2; i++) {
    const rented = await page.request.post(action, {
      form: confirmed,
      headers: { origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(rented.status()).toBe(302);
    expect(rented.headers().location).toBe("/console/dashboard");
  }
  const list = await mainApi<{ total: number }>(page.request, "/instance/get_instance_list", { session: token });
  expect(list.data.total).toBe(1);
  const cash = await cashOf(page.request, token);
  expect(cash).toBeLessThan(200);
  expect(cash).toBeGreaterThan(150);
});
