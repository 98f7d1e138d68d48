/**
 * Start without GPU (无卡模式, issue 36 §1, decision 086), JavaScript on and
 * off: a stopped hourly instance (a 重庆A区 cloud H100, a one-host offer no other
 * journey rents) is started without GPU from its page's link through the
 * confirmation (price, limits, survival row); the instance page and the
 * dashboard say 无卡模式; stopping settles its seconds at ¥0.10/h, which the
 * instance's charges explain, and ends the mode.
 */
import type { APIRequestContext } from "@playwright/test";
import { instancePath, startWithoutGpuPath } from "../../app/utils/console-paths";
import { expect, test } from "./fixtures/session";
import { instanceDetailByApi, mainApi, rentHourlyByApi, tokenOf, topUp, waitForInstanceState } from "./platform-calls";

const OFFER = { type: "kvm", region: "cq-a", gpu: "h100-80g" } as const;

type Detail = { State: string; NoGpu: boolean; Charges: { Seconds: number; Explanation: string }[] };

const detailOf = (request: APIRequestContext, token: string, uuid: string) =>
  instanceDetailByApi<Detail>(request, token, uuid);

test("start a stopped hourly instance without GPU: 无卡模式 shown, billed at ¥0.10/h, ended by the stop", async ({
  page,
  login,
}) => {
  test.setTimeout(90_000);
  const user = await login();
  const token = await tokenOf(page.request, user.phone, user.password);
  await topUp(page.request, token, "50");
  const { uuid } = await rentHourlyByApi(page.request, token, `e2e-nogpu-${user.phone}`, OFFER);
  await waitForInstanceState(page.request, token, uuid, "running");
  await page.goto(startWithoutGpuPath(uuid));
  await expect(page.getByTestId("no-gpu-blocked")).toContainText("请先关机，再以无卡模式开机");
  const stopped = await mainApi(page.request, "/instance/stop_instance", { session: token, instance_uuid: uuid });
  expect(stopped.status, stopped.reason).toBe(0);
  await waitForInstanceState(page.request, token, uuid, "stopped");

  await page.goto(instancePath(uuid));
  await page.getByTestId("no-gpu-link").click();
  await expect(page.getByRole("heading", { name: "无卡模式开机" })).toBeVisible();
  await expect(page.getByTestId("no-gpu-summary")).toContainText("¥0.10/时");
  await expect(page.getByText("CPU 限 1 核、内存限 2 GB")).toBeVisible();
  await expect(page.getByText("地址与端口不变")).toBeVisible();
  await page.getByRole("button", { name: "确认无卡模式开机" }).click();

  await expect(page).toHaveURL(instancePath(uuid));
  await expect(page.getByRole("status")).toContainText("无卡模式开机中");
  await waitForInstanceState(page.request, token, uuid, "running");
  await page.reload();
  await expect(page.getByTestId("no-gpu-badge")).toBeVisible();
  await expect(page.getByText("（无卡模式 ¥0.10/时，不占用 GPU")).toBeVisible();
  await page.goto("/console/dashboard");
  await expect(page.getByRole("row").filter({ hasText: uuid }).getByTestId("no-gpu-badge")).toBeVisible();

  // The stop settles its seconds at the no-GPU price and ends the mode. Settlement bills whole seconds, from one
  // second of use on (billing/settle.ts dueFilter): without JavaScript the pages above can take less than that.
  await page.waitForTimeout(2_000);
  await page.goto(instancePath(uuid));
  await page.getByRole("button", { name: "关机" }).click();
  await expect(page.getByRole("status")).toContainText("关机中");
  await waitForInstanceState(page.request, token, uuid, "stopped");
  const after = await detailOf(page.request, token, uuid);
  expect(after.NoGpu).toBe(false);
  const run = after.Charges.find((c) => c.Explanation.includes("无卡模式"))!;
  const fen = Math.round((run.Seconds * 10) / 3600);
  expect(run.Explanation).toBe(`${run.Seconds} 秒 × 无卡模式 ¥0.10/时 = ¥${(fen / 100).toFixed(2)}`);
  await page.reload();
  await expect(page.getByTestId("instance-charges").getByText(run.Explanation)).toBeVisible();
  const log = page.getByTestId("instance-log");
  await expect(log).toContainText("用户申请无卡模式开机");
  await expect(log).toContainText(run.Explanation);
});
