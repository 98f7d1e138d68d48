/**
 * Data disk growth (issue 36 §1, decision 093), JavaScript on and off: a
 * stopped day package's data disk grows from 50GB to 100GB from the resize
 * page; the charge the page asked for is the one in the expense detail,
 * explained, and the instance log says what changed and what it cost.
 */
import { instancePath, resizeInstancePath } from "../../app/utils/console-paths";
import { expect, test } from "./fixtures/session";
import { instanceDetailByApi, rentByApi, stopByApi, tokenOf, topUp } from "./platform-calls";

/** An offer of the seeded fleet no other journey rents (V100 containers in 内蒙B区: 2 hosts × 8, CUDA 11.8). */
const DISK_OFFER = { type: "docker", region: "nm-b", gpu: "v100-32g" } as const;

test("grow a day package's data disk to 100GB: the charge asked is the one in the expense detail and the log", async ({
  page,
  login,
}) => {
  test.setTimeout(90_000);
  const user = await login();
  const token = await tokenOf(page.request, user.phone, user.password);
  await topUp(page.request, token, "100");
  // The V100 hosts run CUDA 11.8: an image built for no newer.
  const { uuid } = await rentByApi(page.request, token, {
    operationKey: `e2e-disk-${user.phone}`,
    offer: DISK_OFFER,
    days: 1,
    maxCuda: 11.8,
  });
  await stopByApi(page.request, token, uuid);

  await page.goto(instancePath(uuid));
  await page.getByTestId("resize-link").click();
  await expect(page.getByRole("heading", { name: "调整配置" })).toBeVisible();
  const options = page.getByTestId("disk-options");
  await expect(options).toContainText("¥0.20/GB·月");
  await options.getByRole("radio", { name: /^100GB（\+50GB）：补差价 ¥\d+\.\d\d/ }).check();
  await page.getByRole("button", { name: "扩容数据盘" }).click();

  // The second ask: what changes and what it costs, computed to the second.
  await expect(page.getByTestId("disk-summary")).toContainText("从 50GB 扩容到 100GB");
  await expect(page.getByTestId("disk-explanation")).toContainText(
    /数据盘扩容补差价：剩余 \d+ 秒 × 新增 50GB × ¥0\.20\/GB·月（30 天 = 2592000 秒）= ¥\d+\.\d\d/,
  );
  const confirm = page.getByRole("button", { name: /^确认支付 ¥\d+\.\d\d 并扩容$/ });
  const asked = Number((await confirm.textContent())!.match(/¥(\d+\.\d\d)/)![1]);
  await confirm.click();

  await expect(page).toHaveURL(instancePath(uuid));
  const toast = page.getByRole("status");
  await expect(toast).toContainText("的数据盘已扩容到 100GB，已支付 ¥");
  const paid = Number((await toast.textContent())!.match(/已支付 ¥(\d+\.\d\d)/)![1]);
  // Recomputed to the second when confirmed: never more than asked.
  expect(paid).toBeLessThanOrEqual(asked);
  expect(asked - paid).toBeLessThanOrEqual(0.01);
  expect((await instanceDetailByApi<{ State: string; DataDiskGb: number }>(page.request, token, uuid)).DataDiskGb).toBe(
    100,
  );
  await expect(page.getByTestId("instance-log")).toContainText(
    `数据盘由 50GB 扩容到 100GB，补差价 ¥${paid.toFixed(2)}`,
  );

  await page.goto("/console/finance/expenseDetail");
  const charge = page
    .getByTestId("balance-change-list")
    .locator("tbody tr")
    .filter({ hasText: `-¥${paid.toFixed(2)}` })
    .filter({ hasText: "数据盘扩容补差价" });
  await expect(charge).toContainText(/数据盘扩容补差价：剩余 \d+ 秒 × 新增 50GB/);
  await expect(charge.getByRole("link", { name: /^实例升配订单 / })).toBeVisible();

  // The disk only grows: the confirmation of the old size is not on offer any more.
  await page.goto(`${resizeInstancePath(uuid)}?data_disk_gb=100`);
  await expect(page.getByText("该数据盘容量当前不可选，请重新选择")).toBeVisible();
});
