/**
 * Scheduled shutdown (定时关机, issue 36 §2, decision 087), JavaScript on and
 * off: on a running hourly instance the renter opens 定时关机 from the
 * instance page, sees the server's time, is refused a past minute beside the
 * field (as a page left open would post it), gets the estimate for a time two hours on (the hourly price × the
 * time left) with what survives a stop, confirms, sees the pending shutdown on
 * the instance page and in its log, and cancels it.
 */
import { instancePath, shutdownInstancePath } from "../../app/utils/console-paths";
import { shutdownInputValue } from "../../platform/rules/scheduled-shutdown";
import { expect, test } from "./fixtures/session";
import { waitForPageState } from "./instance-page-state";
import { rentHourlyByApi, tokenOf, topUp } from "./platform-calls";

const yuan = (text: string) => Number(/¥([\d,]+\.\d{2})/.exec(text)![1]!.replace(/,/g, ""));

test("set and cancel a scheduled shutdown, with its estimate and its log entries", async ({ page, login }) => {
  test.setTimeout(120_000);
  const user = await login();
  const token = await tokenOf(page.request, user.phone, user.password);
  await topUp(page.request, token, "50");
  const { uuid } = await rentHourlyByApi(page.request, token, `shutdown-${Date.now().toString(36)}`);

  await page.goto(instancePath(uuid));
  await waitForPageState(page, "运行中");
  await page.getByTestId("shutdown-link").click();
  await expect(page.getByRole("heading", { name: "定时关机" })).toBeVisible();
  await expect(page.getByTestId("shutdown-server-time")).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

  // A minute already past (the field's own minimum stops it in the form; a page left open posts it): refused
  // beside the field, nothing to confirm.
  await page.goto(shutdownInstancePath(uuid, shutdownInputValue(new Date(Date.now() - 5 * 60_000))));
  await expect(page.getByRole("alert").filter({ hasText: "定时关机时间需晚于当前时间" })).toBeVisible();
  await expect(page.getByTestId("shutdown-confirm")).toHaveCount(0);

  // Two hours on: the estimate is the hourly price × the time left, and the stop's survival row is shown.
  const at = shutdownInputValue(new Date(Date.now() + 2 * 3_600_000));
  const shown = at.replace("T", " ");
  await page.getByTestId("shutdown-at").fill(at);
  await page.getByTestId("shutdown-quote").click();
  const preview = page.getByTestId("shutdown-preview");
  await expect(preview).toContainText(`实例将于 ${shown}（北京时间）自动关机`);
  const text = (await preview.textContent())!;
  const rate = yuan(/按量计费 (¥[\d.]+)\/小时/.exec(text)![1]!);
  const [, hours, minutes] = /× (\d+) 小时(?: (\d+) 分钟)?/.exec(text)!;
  const leftMinutes = Number(hours) * 60 + Number(minutes ?? 0);
  const estimate = yuan((await page.getByTestId("shutdown-estimate").textContent())!);
  expect(leftMinutes).toBeGreaterThanOrEqual(118);
  expect(estimate).toBeGreaterThanOrEqual(Math.floor((rate * leftMinutes * 100) / 60) / 100);
  expect(estimate).toBeLessThanOrEqual(Math.ceil((rate * (leftMinutes + 1) * 100) / 60) / 100);
  await expect(page.getByTestId("survival-stop")).toContainText("关机后");

  await page.getByTestId("shutdown-confirm").click();
  await expect(page).toHaveURL(new RegExp(`${instancePath(uuid)}$`));
  await expect(page.getByRole("status")).toContainText(`将于 ${shown}（北京时间）自动关机`);
  await expect(page.getByTestId("shutdown-pending-at")).toHaveText(shown);
  const log = page.getByTestId("instance-log");
  await expect(log.locator("tbody tr").filter({ hasText: `设置定时关机：${shown}（北京时间）` })).toHaveCount(1);

  await page.getByTestId("shutdown-cancel").click();
  await expect(page.getByRole("status")).toContainText("定时关机已取消");
  await expect(page.getByTestId("shutdown-pending")).toHaveCount(0);
  await expect(page.getByTestId("shutdown-link")).toHaveText("定时关机");
  await expect(log.locator("tbody tr").filter({ hasText: `取消定时关机（原定 ${shown}，北京时间）` })).toHaveCount(1);
});
