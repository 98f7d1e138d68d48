/**
 * The instance log (issue 36 §2, decision 082), JavaScript on and off: a
 * renter's hourly instance comes up and is stopped from its page; the log
 * panel shows the rental, the fleet's start and the stop request, newest
 * first; the GET filter narrows it to one kind; an unknown kind in the address
 * shows the whole log with the error next to the select.
 */
import { instanceLogPath, instancePath } from "../../app/utils/console-paths";
import { expect, test } from "./fixtures/session";
import { waitForPageState } from "./instance-page-state";
import { rentHourlyByApi, tokenOf, topUp } from "./platform-calls";

test("the instance log shows the rental, the start and the stop, and filters by kind", async ({ page, login }) => {
  test.setTimeout(90_000);
  const user = await login();
  const token = await tokenOf(page.request, user.phone, user.password);
  await topUp(page.request, token, "50");
  const { uuid } = await rentHourlyByApi(page.request, token, `log-${Date.now().toString(36)}`);

  await page.goto(instancePath(uuid));
  await waitForPageState(page, "运行中");
  await page.getByRole("button", { name: "关机" }).click();
  await expect(page.getByRole("status")).toContainText("关机中");
  await page.goto(instancePath(uuid));

  const log = page.getByTestId("instance-log");
  const rows = log.locator("tbody tr");
  await expect(rows.filter({ hasText: "用户申请关机" })).toHaveCount(1);
  const texts = await rows.locator("td:nth-child(4)").allTextContents();
  const lifecycle = texts.filter((t) => !t.startsWith("按量计费结算"));
  expect(lifecycle).toEqual(["用户申请关机", "实例创建完成，已开机", "用户创建实例：RTX 4090 × 1，按量计费"]);
  await expect(rows.filter({ hasText: "用户申请关机" })).toContainText("用户");
  await expect(rows.filter({ hasText: "实例创建完成，已开机" })).toContainText("系统");

  // The GET filter: only the stop request.
  const filter = page.getByRole("form", { name: "筛选实例日志" });
  await filter.getByLabel("日志类型").selectOption("stop");
  await filter.getByRole("button", { name: "查询" }).click();
  await expect(page).toHaveURL(/log_kind=stop/);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("用户申请关机");

  // An unknown kind: the whole log, and the error next to the select.
  await page.goto(instanceLogPath(uuid, "nonsense", 1));
  await expect(page.getByRole("alert").filter({ hasText: "日志类型不正确，已显示全部日志" })).toBeVisible();
  await expect(rows.filter({ hasText: "用户创建实例" })).toHaveCount(1);
});
