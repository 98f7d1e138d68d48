/**
 * The GPU free notice (issue 36 §2, decision 092), JavaScript on and off: a
 * stopped hourly instance on a host of one GPU (added by the operator command
 * for this journey alone: an A100 container host in a region that has none,
 * one per project) whose GPU another account has rented. The start is refused
 * and offers 空闲时通知我; the user asks (site message and SMS), sees the
 * waiting notice, cancels it and asks again from the instance page; the other
 * account stops, the job sends the notice (site message, SMS); the site
 * message's link starts the instance, and its log tells the story.
 */
import { expect, test } from "./fixtures/session";
import { instancePath } from "../../app/utils/console-paths";
import { ops } from "./ops";
import { rentHourlyByApi, stopByApi, tokenOf, topUp, waitForInstanceState } from "./platform-calls";

test("notify me when a GPU frees up: asked on a full host, sent once it frees, its link starts the instance", async ({
  page,
  login,
}, testInfo) => {
  test.setTimeout(120_000);
  const region = testInfo.project.name === "js-off" ? "nm-b" : "cq-a";
  const offer = { type: "docker", region, gpu: "a100-80g" } as const;
  const hostName = `GPU通知测试-${testInfo.project.name}-${Date.now().toString(36)}`;
  await ops(page.request, "host add", {
    name: hostName,
    region,
    type: "docker",
    gpu: "a100-80g",
    gpus: "1",
    cuda: "12.4",
  });

  const other = await login();
  const otherToken = await tokenOf(page.request, other.phone, other.password);
  await topUp(page.request, otherToken, "100");
  const owner = await login();
  const token = await tokenOf(page.request, owner.phone, owner.password);
  await topUp(page.request, token, "100");

  // The owner's instance stops (its GPU goes back to the host), then the other account takes that GPU.
  const { uuid, name } = await rentHourlyByApi(page.request, token, `e2e-gpu-notice-${owner.phone}`, offer);
  await stopByApi(page.request, token, uuid);
  const theirs = await rentHourlyByApi(page.request, otherToken, `e2e-gpu-notice-other-${other.phone}`, offer);
  await waitForInstanceState(page.request, otherToken, theirs.uuid, "running");

  // The start is refused for the full host, and offers the notice beside the start without GPU.
  await page.goto(instancePath(uuid));
  await page.getByRole("button", { name: "开机", exact: true }).click();
  await expect(page.getByTestId("instance-action-error")).toContainText("所在主机空闲GPU不足");
  await page.getByTestId("gpu-notice-offer").click();
  await expect(page.getByRole("heading", { name: "GPU 空闲通知" })).toBeVisible();
  const form = page.getByTestId("gpu-notice-form");
  await expect(form).toContainText("当前空闲 GPU 0 张，开机需要 1 张");
  await expect(form).toContainText("通知不预留 GPU，先到先得");
  await expect(form.getByLabel(/邮件/)).toBeDisabled();
  await expect(form).toContainText("尚未设置通知邮箱");
  await form.getByLabel(`短信（${owner.phone.slice(0, 3)}****${owner.phone.slice(-4)}）`).check();
  await form.getByRole("button", { name: "空闲时通知我" }).click();

  await expect(page).toHaveURL(instancePath(uuid));
  await expect(page.getByRole("status")).toContainText(`已订阅实例「${name}」的 GPU 空闲通知，有效至`);
  const waiting = page.getByTestId("gpu-notice-waiting");
  await expect(waiting).toContainText("等待中");
  await expect(waiting).toContainText(`主机 ${hostName} 空闲 GPU 达到 1 张时通过站内信、短信通知您`);
  await expect(page.getByTestId("instance-log")).toContainText("订阅 GPU 空闲通知");

  // Cancelled from the instance page, then asked again from its own form there.
  await waiting.getByRole("button", { name: "取消通知" }).click();
  await expect(page.getByRole("status")).toContainText(`实例「${name}」的 GPU 空闲通知已取消`);
  await expect(page.getByTestId("gpu-notice-ended")).toContainText("上次的 GPU 空闲通知已取消");
  await expect(page.getByTestId("instance-log")).toContainText("用户取消 GPU 空闲通知");
  const again = page.getByTestId("gpu-notice-form");
  await again.getByLabel(/短信/).check();
  await again.getByRole("button", { name: "空闲时通知我" }).click();
  await expect(page.getByRole("status")).toContainText(`已订阅实例「${name}」的 GPU 空闲通知`);
  await expect(waiting).toContainText("通过站内信、短信通知您");

  // The other account stops: its GPU is free; the job (every 10 s) sends the notice once.
  await stopByApi(page.request, otherToken, theirs.uuid);
  await expect(async () => {
    await page.goto("/console/messages?tab=notifications");
    await expect(page.getByTestId("notification-list")).toContainText(`您的实例「${name}」所在主机 ${hostName}`, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 40_000, intervals: [2_000] });
  await expect(page.getByTestId("notification-list")).toContainText("GPU 不预留，先到先得，请尽快开机");
  // The SMS went out once to the account's own phone (the sandbox keeps the variables as name=value pairs).
  const gpuFreeSms = async () => {
    const outbox = await page.request.get(`/sandbox/sms.json?phone=${owner.phone}`);
    return ((await outbox.json()) as { purpose: string; code: string }[]).filter((m) => m.purpose === "gpu_free");
  };
  await expect.poll(async () => (await gpuFreeSms()).length, { timeout: 15_000 }).toBe(1);
  const [sms] = await gpuFreeSms();
  expect(sms!.code).toContain(`instance=${name}`);
  expect(sms!.code).toContain("gpus=1");

  // The message's link asks, then starts it.
  await page.getByTestId("notification-list").getByTestId("notification-link").first().click();
  await expect(page.getByRole("heading", { name: "开机", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "确认开机" }).click();
  await expect(page).toHaveURL(instancePath(uuid));
  await expect(page.getByRole("status")).toContainText(`实例「${name}」开机中`);
  const log = page.getByTestId("instance-log");
  await expect(log).toContainText(`GPU 空闲通知已发送：主机 ${hostName} 现有 1 张空闲 GPU（需要 1 张）`);
  await expect(log).toContainText("用户申请开机");
  await waitForInstanceState(page.request, token, uuid, "running");
});
