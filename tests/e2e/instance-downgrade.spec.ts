/**
 * A package's GPU downgrade with a refund (issue 36 §1, decision 095),
 * JavaScript on and off: a stopped 2-GPU day package is shrunk to 1 GPU; the
 * resize page offers 1 GPU with its refund, the confirmation (the second ask: a
 * dialog with JavaScript, the confirm page without) shows the rule, the exact
 * refund and what survives; the refund confirmed is
 * what the wallet gains and what the expense detail's one entry shows,
 * explained; the same form again refunds nothing more.
 */
import { instancePath, resizeInstancePath } from "../../app/utils/console-paths";
import { expect, test } from "./fixtures/session";
import { cashOf, instanceDetailByApi, rentByApi, stopByApi, tokenOf, topUp } from "./platform-calls";

/** An offer of the seeded fleet (2 hosts × 8) no other journey rents: the downgrade frees a slot there. */
const OFFER = { type: "docker", region: "bj-a", gpu: "rtx3090" } as const;

test("shrink a stopped 2-GPU day package to 1 GPU: the refund shown is what the wallet and the ledger get", async ({
  page,
  login,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const user = await login();
  const token = await tokenOf(page.request, user.phone, user.password);
  await topUp(page.request, token, "300");
  // The offer's hosts run CUDA 12.2: an image that needs no newer.
  const rented = await rentByApi(page.request, token, {
    operationKey: `e2e-downgrade-${user.phone}`,
    offer: OFFER,
    gpuCount: 2,
    days: 1,
    maxCuda: 12.2,
  });
  await stopByApi(page.request, token, rented.uuid);

  await page.goto(resizeInstancePath(rented.uuid));
  const one = page.getByTestId("resize-options").getByRole("radio", { name: /^1 卡：/ });
  await expect(one).toHaveAccessibleName(/退还 ¥\d+\.\d\d（剩余 \d+ 秒）/);
  await one.check();
  await page.getByRole("button", { name: "下一步" }).click();

  // The second ask (a dialog with JavaScript, the confirm page without): the rule, the exact refund, what survives.
  if (javaScriptEnabled) {
    await expect(page.getByRole("dialog", { name: "减少GPU并退款" })).toBeVisible();
    expect(new URL(page.url()).search).toBe("");
  } else {
    expect(new URL(page.url()).searchParams.get("gpu_count")).toBe("1");
  }
  await expect(page.getByTestId("resize-summary")).toContainText("从 2 卡调整为 1 卡");
  await expect(page.getByTestId("downgrade-rule")).toContainText("按到期前剩余的秒数退还减少的 GPU 的费用");
  await expect(page.getByTestId("resize-explanation")).toContainText(
    /降配退差价：剩余 \d+ 秒 × 减少 1 卡 × ¥\d+\.\d\d\/卡·时 × 时长 0\.98( × 会员 0\.9\d+)? = ¥\d+\.\d\d，退 ¥\d+\.\d\d/,
  );
  await expect(page.getByText("系统盘保留")).toBeVisible();
  const shown = (await page.getByTestId("downgrade-refund").textContent())!;
  expect(shown).toMatch(/^¥\d+\.\d\d$/);
  const cashBefore = await cashOf(page.request, token);
  await page.getByRole("button", { name: `确认减少并退还 ${shown}` }).click();

  await expect(page).toHaveURL(instancePath(rented.uuid));
  const toast = page.getByRole("status");
  await expect(toast).toContainText("已调整为 1 卡，已退还 ¥");
  const refunded = (await toast.textContent())!.match(/已退还 (¥\d+\.\d\d)/)![1]!;
  // Recomputed to the second when confirmed: never more than shown, at most a fen or two less.
  const fen = (yuan: string) => Math.round(Number(yuan.replace(/[¥,]/g, "")) * 100);
  expect(fen(refunded)).toBeLessThanOrEqual(fen(shown));
  expect(fen(shown) - fen(refunded)).toBeLessThanOrEqual(2);
  await expect(toast).toContainText(`（算力券 ¥0.00，余额 ${refunded}）`);
  expect(Math.round((await cashOf(page.request, token)) * 100) - Math.round(cashBefore * 100)).toBe(fen(refunded));
  expect(
    (await instanceDetailByApi<{ State: string; GpuCount: number }>(page.request, token, rented.uuid)).GpuCount,
  ).toBe(1);

  // The expense detail: one refund entry for the instance, +refund to cash, explaining itself.
  await page.goto("/console/finance/expenseDetail");
  const entries = page
    .getByTestId("balance-change-list")
    .locator("tbody tr")
    .filter({ hasText: "降配：GPU 由 2 卡调整为 1 卡" });
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText(`+${refunded}`);
  await expect(entries).toContainText(`实例 ${rented.name}`);
  await expect(entries).toContainText(/降配退差价：剩余 \d+ 秒 × 减少 1 卡/);

  // The instance's log says it too.
  await page.goto(instancePath(rented.uuid));
  await expect(page.getByText("降配：GPU 由 2 卡调整为 1 卡").first()).toBeVisible();
});
