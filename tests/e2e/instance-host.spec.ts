/**
 * Migrating a stopped instance (issue 36 §2, decision 086), JavaScript on and
 * off: a stopped hourly L40S in 内蒙B区 (two cloud hosts no other journey
 * rents) is moved from its page's link through the confirmation (the hosts
 * with room, the survival row, "starts on the new host") to the other host: it
 * gets a new SSH port, starts there, and its log shows the move.
 */
import type { APIRequestContext } from "@playwright/test";
import { instancePath, migrateInstancePath } from "../../app/utils/console-paths";
import { expect, test } from "./fixtures/session";
import { instanceDetailByApi, mainApi, rentHourlyByApi, tokenOf, topUp, waitForInstanceState } from "./platform-calls";

const OFFER = { type: "kvm", region: "nm-b", gpu: "l40s" } as const;

type Detail = { State: string; HostName: string; Access: { SshPort: number } | null };

const detailOf = (request: APIRequestContext, token: string, uuid: string) =>
  instanceDetailByApi<Detail>(request, token, uuid);

test("migrate a stopped hourly instance to the other host: new port, started there, logged", async ({
  page,
  login,
}) => {
  test.setTimeout(90_000);
  const user = await login();
  const token = await tokenOf(page.request, user.phone, user.password);
  await topUp(page.request, token, "100");
  const { uuid } = await rentHourlyByApi(page.request, token, `e2e-migrate-${user.phone}`, OFFER);

  // Running: the page offers no migration, and the migration page says why.
  await waitForInstanceState(page.request, token, uuid, "running");
  await page.goto(instancePath(uuid));
  await expect(page.getByTestId("migrate-link")).toHaveCount(0);
  await page.goto(migrateInstancePath(uuid));
  await expect(page.getByTestId("migrate-blocked")).toContainText("请先关机再迁移");

  const stopped = await mainApi(page.request, "/instance/stop_instance", { session: token, instance_uuid: uuid });
  expect(stopped.status, stopped.reason).toBe(0);
  await waitForInstanceState(page.request, token, uuid, "stopped");
  const before = await detailOf(page.request, token, uuid);

  await page.goto(instancePath(uuid));
  await page.getByTestId("migrate-link").click();
  await expect(page.getByRole("heading", { name: "迁移实例" })).toBeVisible();
  // The second ask: the other host with its free GPUs, what happens, what survives.
  const targets = page.getByTestId("migrate-targets");
  await expect(targets.getByRole("radio", { name: "由平台选择" })).toBeChecked();
  const others = targets.getByRole("radio", { name: /号机/ });
  await expect(others).toHaveCount(1);
  await expect(others).not.toHaveAccessibleName(new RegExp(before.HostName));
  await expect(page.getByTestId("migrate-starts")).toContainText("立即开机");
  await expect(page.getByText("换为新主机的地址与端口，请更新 SSH 配置")).toBeVisible();
  await others.check();
  await page.getByRole("button", { name: "确认迁移并开机" }).click();

  await expect(page).toHaveURL(instancePath(uuid));
  const after = await detailOf(page.request, token, uuid);
  expect(after.HostName).not.toBe(before.HostName);
  const port = after.Access!.SshPort;
  await expect(page.getByRole("status")).toContainText(
    `已迁移到 ${after.HostName}，新的 SSH 端口 ${port}，正在新主机上开机`,
  );
  await expect(page.getByTestId("instance-log")).toContainText(
    `迁移：${before.HostName} → ${after.HostName}，SSH 端口 ${before.Access!.SshPort} → ${port}`,
  );
  await expect(page.getByTestId("instance-access")).toContainText(`: ${port}`);
  await waitForInstanceState(page.request, token, uuid, "running");
});
