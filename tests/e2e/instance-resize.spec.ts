/**
 * Resizing a stopped instance (issue 36 §1, decision 081), JavaScript on and
 * off: an hourly RTX 4090 × 1 goes to 2 GPUs for nothing and then runs at the
 * new rate; a day package grows to 2 GPUs and the prorated charge the page
 * asked for is what the expense detail shows, explained. A running instance
 * offers no resize.
 */
import type { APIRequestContext } from "@playwright/test";
import { instancePath, resizeInstancePath } from "../../app/utils/console-paths";
import { expect, test } from "./fixtures/session";
import {
  instanceDetailByApi,
  rentByApi,
  rentHourlyByApi,
  stopByApi,
  tokenOf,
  topUp,
  waitForInstanceState,
} from "./platform-calls";
import { TEST_PASSWORD, uniquePhone } from "./support";

/**
 * Offers of the seeded fleet no other journey rents, one per journey: a resize needs its host's free GPUs
 * to stay free between the options and the confirmation, which other journeys' rentals would take.
 */
const HOURLY_OFFER = { type: "docker", region: "cq-a", gpu: "rtx4090" } as const;
const PACKAGE_OFFER = { type: "kvm", region: "bj-a", gpu: "rtx4090" } as const;

type Detail = { State: string; GpuCount: number; HourlyPrice: string };

const detailOf = (request: APIRequestContext, token: string, uuid: string) =>
  instanceDetailByApi<Detail>(request, token, uuid);

test("resize an hourly instance of 1 GPU to 2 GPUs: nothing charged, then it runs at the new rate", async ({
  page,
  login,
}) => {
  test.setTimeout(90_000);
  const user = await login();
  const token = await tokenOf(page.request, user.phone, user.password);
  await topUp(page.request, token, "100");
  const { uuid } = await rentHourlyByApi(page.request, token, `e2e-resize-h-${user.phone}`, HOURLY_OFFER);

  // Running: the instance page offers no resize, and the resize page says why.
  await waitForInstanceState(page.request, token, uuid, "running");
  await page.goto(instancePath(uuid));
  await expect(page.getByTestId("resize-link")).toHaveCount(0);
  await page.goto(resizeInstancePath(uuid));
  await expect(page.getByTestId("resize-blocked")).toContainText("请先关机再调整配置");

  await stopByApi(page.request, token, uuid);
  const before = await detailOf(page.request, token, uuid);
  await page.goto(instancePath(uuid));
  await page.getByTestId("resize-link").click();
  await expect(page.getByRole("heading", { name: "调整配置" })).toBeVisible();
  const two = page.getByTestId("resize-options").getByRole("radio", { name: /^2 卡：/ });
  await expect(two).toHaveAccessibleName(/调整时不收费/);
  await two.check();
  await page.getByRole("button", { name: "下一步" }).click();

  // The second ask: what changes, at what rate, and no charge.
  await expect(page.getByTestId("resize-summary")).toContainText("从 1 卡调整为 2 卡");
  await expect(page.getByTestId("resize-explanation")).toContainText("调整后按 2 卡");
  await page.getByRole("button", { name: "确认调整" }).click();

  await expect(page).toHaveURL(instancePath(uuid));
  await expect(page.getByRole("status")).toContainText("已调整为 2 卡，本次不收费");
  const after = await detailOf(page.request, token, uuid);
  expect(after.GpuCount).toBe(2);
  expect(Math.round(Number(after.HourlyPrice) * 100)).toBe(2 * Math.round(Number(before.HourlyPrice) * 100));
  await expect(page.getByText(`× 2（主机`)).toBeVisible();

  await page.getByRole("button", { name: "开机" }).click();
  await expect(page.getByRole("status")).toContainText("开机中");
  await waitForInstanceState(page.request, token, uuid, "running");
});

test("grow a day package to 2 GPUs: the prorated charge asked is the one in the expense detail", async ({
  page,
  login,
}) => {
  test.setTimeout(90_000);
  const user = await login();
  const token = await tokenOf(page.request, user.phone, user.password);
  await topUp(page.request, token, "300");
  const { uuid } = await rentByApi(page.request, token, {
    operationKey: `e2e-resize-d-${user.phone}`,
    offer: PACKAGE_OFFER,
    days: 1,
  });
  await stopByApi(page.request, token, uuid);

  await page.goto(resizeInstancePath(uuid));
  const options = page.getByTestId("resize-options");
  // A package only grows.
  await expect(options.getByRole("radio", { name: /^1 卡：/ })).toHaveCount(0);
  await options.getByRole("radio", { name: /^2 卡：/ }).check();
  await page.getByRole("button", { name: "下一步" }).click();

  await expect(page.getByTestId("resize-explanation")).toContainText(
    /升配补差价：剩余 \d+ 秒 × 新增 1 卡 × ¥\d+\.\d\d\/卡·时 × 时长 0\.98( × 会员 0\.9\d+)? = ¥\d+\.\d\d/,
  );
  const confirm = page.getByRole("button", { name: /^确认支付 ¥\d+\.\d\d 并调整$/ });
  const asked = Number((await confirm.textContent())!.match(/¥(\d+\.\d\d)/)![1]);
  await confirm.click();

  await expect(page).toHaveURL(instancePath(uuid));
  const toast = page.getByRole("status");
  await expect(toast).toContainText("已调整为 2 卡，已支付 ¥");
  const paid = Number((await toast.textContent())!.match(/已支付 ¥(\d+\.\d\d)/)![1]);
  // Recomputed to the second when confirmed: never more than asked, a few seconds' worth less at most.
  expect(paid).toBeLessThanOrEqual(asked);
  expect(asked - paid).toBeLessThanOrEqual(0.02);

  await page.goto("/console/finance/expenseDetail");
  const charge = page
    .getByTestId("balance-change-list")
    .locator("tbody tr")
    .filter({ hasText: `-¥${paid.toFixed(2)}` })
    .filter({ hasText: "升配补差价" });
  await expect(charge).toContainText(/升配补差价：剩余 \d+ 秒 × 新增 1 卡/);
  await expect(charge.getByRole("link", { name: /^实例升配订单 / })).toBeVisible();
});

test("another user's instance: its resize page is not found and a posted resize changes nothing", async ({
  page,
  login,
}) => {
  test.setTimeout(60_000);
  const ownerPhone = uniquePhone();
  const session = await page.request.post("/sandbox/session", { data: { phone: ownerPhone, password: TEST_PASSWORD } });
  const ownerToken = ((await session.json()) as { token: string }).token;
  await topUp(page.request, ownerToken, "100");
  const { uuid } = await rentHourlyByApi(page.request, ownerToken, `e2e-resize-idor-${ownerPhone}`, HOURLY_OFFER);
  await stopByApi(page.request, ownerToken, uuid);

  await login();
  expect((await page.goto(resizeInstancePath(uuid)))?.status()).toBe(404);
  expect((await page.goto(resizeInstancePath(uuid, 2)))?.status()).toBe(404);
  const posted = await page.request.post(resizeInstancePath(uuid, 2), {
    form: { intent: "resize", instance_uuid: uuid, gpu_count: "2", operation_key: "e2e-idor-resize-key" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(posted.status()).toBe(404);
  expect((await detailOf(page.request, ownerToken, uuid)).GpuCount).toBe(1);
});
