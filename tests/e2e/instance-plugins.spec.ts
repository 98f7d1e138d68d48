/**
 * Instance plugins (issue 36 §2, decision 089), JavaScript on and off: a renter
 * opens the plugin page from the running instance, turns TensorBoard on (its
 * address appears), opens a custom port after two refusals shown beside the
 * port field (not a number; 22), and after a restart both are still on; the
 * instance's log records them. JupyterLab turned off leaves the instance page
 * without its link.
 */
import type { Page } from "@playwright/test";
import { instancePath, instancePluginPath } from "../../app/utils/console-paths";
import { seriousViolationsOfDocument } from "./axe";
import { expect, test } from "./fixtures/session";
import { mainApi, rentHourlyByApi, tokenOf, topUp } from "./platform-calls";

/** An offer other journeys hold less often than bj-a's RTX 4090s. */
const OFFER = { type: "docker", region: "cq-a", gpu: "rtx4090" } as const;

async function waitUntilRunning(page: Page, uuid: string) {
  await expect
    .poll(
      async () => {
        await page.goto(instancePath(uuid));
        return (await page.getByTestId("instance-state").textContent())?.includes("运行中") ?? false;
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe(true);
}

test("turn on TensorBoard and open a custom port; both survive a restart and are in the log", async ({
  page,
  login,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const user = await login();
  const token = await tokenOf(page.request, user.phone, user.password);
  await topUp(page.request, token, "50");
  const { uuid } = await rentHourlyByApi(page.request, token, `plugins-${Date.now().toString(36)}`, OFFER);
  await waitUntilRunning(page, uuid);

  await page.getByTestId("plugins-link").click();
  await expect(page).toHaveURL(instancePluginPath(uuid));
  await expect(page.getByTestId("plugins-applies")).toContainText("实例运行中：开启或关闭立即生效");
  const tensorboard = page.locator('tr[data-plugin="tensorboard"]');
  await expect(tensorboard).toContainText("已关闭");
  await expect(page.locator('tr[data-plugin="jupyterlab"]')).toContainText("已开启");

  await tensorboard.getByRole("button", { name: "开启 TensorBoard" }).click();
  await expect(page.getByRole("status").filter({ hasText: "已开启 TensorBoard" })).toBeVisible();
  await expect(tensorboard).toContainText("已开启");
  const address = page.getByTestId("plugin-url-tensorboard");
  await expect(address).toHaveAttribute("href", /^https:\/\/ssh-cq-a\.sandbox\.gpu-cloud\.local:\d+\/$/);

  // Custom ports: bad input is refused beside the field and opens nothing.
  const form = page.getByRole("form", { name: "开放自定义端口" });
  const port = form.getByLabel("实例内端口");
  await port.fill("abc");
  await form.getByRole("button", { name: "开放端口" }).click();
  await expect(form.getByRole("alert")).toHaveText("请输入 1 到 65535 之间的端口号");
  await expect(page.getByTestId("custom-ports")).toHaveCount(0);
  await port.fill("22");
  await form.getByRole("button", { name: "开放端口" }).click();
  await expect(form.getByRole("alert")).toHaveText("22 端口用于 SSH，无需另行开放");
  await expect(form.getByLabel("实例内端口")).toHaveValue("22");
  await expect(page.getByTestId("custom-ports")).toHaveCount(0);

  await form.getByLabel("实例内端口").fill("7860");
  await form.getByLabel("协议").selectOption("tcp");
  await form.getByRole("button", { name: "开放端口" }).click();
  await expect(page.getByRole("status").filter({ hasText: "已开放自定义端口 7860（TCP）" })).toBeVisible();
  const custom = page.getByTestId("custom-ports").locator('tr[data-port="7860"]');
  await expect(custom).toContainText("TCP");
  await expect(custom.getByTestId("plugin-url-custom")).toHaveText(/^ssh-cq-a\.sandbox\.gpu-cloud\.local:\d+$/);
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);

  // A restart keeps both, at the same addresses.
  const href = await address.getAttribute("href");
  const restarted = await mainApi(page.request, "/instance/restart_instance", { session: token, instance_uuid: uuid });
  expect(restarted.status, restarted.reason).toBe(0);
  await waitUntilRunning(page, uuid);
  await page.goto(instancePluginPath(uuid));
  await expect(tensorboard).toContainText("已开启");
  await expect(page.getByTestId("plugin-url-tensorboard")).toHaveAttribute("href", href!);
  await expect(page.getByTestId("custom-ports").locator('tr[data-port="7860"]')).toBeVisible();

  // The log records both changes, by the user.
  await page.goto(instancePath(uuid));
  const rows = page.getByTestId("instance-log").locator("tbody tr");
  await expect(rows.filter({ hasText: "开启插件 TensorBoard" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "开放自定义端口 7860（TCP）" })).toHaveCount(1);

  // JupyterLab turned off: the instance page's access no longer links to it, and points to the plugin page.
  await expect(page.getByRole("link", { name: "打开 JupyterLab" })).toBeVisible();
  await page.goto(instancePluginPath(uuid));
  await page.getByRole("button", { name: "关闭 JupyterLab" }).click();
  await expect(page.getByRole("status").filter({ hasText: "已关闭 JupyterLab" })).toBeVisible();
  await page.goto(instancePath(uuid));
  await expect(page.getByRole("link", { name: "打开 JupyterLab" })).toHaveCount(0);
  await page.getByTestId("instance-access").getByRole("link", { name: "在插件页开启" }).click();
  await expect(page).toHaveURL(instancePluginPath(uuid));
});
