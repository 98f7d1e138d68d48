/**
 * Buying and expanding a cloud disk (issue 36 §1, decision 083), JavaScript on and off: the buy form asks for
 * the price first (a GET, nothing bought), the confirm panel shows the price and how it was computed, paying
 * buys it; expanding asks the same way. The expense detail shows both charges with their explanation; the SFTP
 * password shows only when asked for. A bad size is refused beside its field.
 */
import { seriousViolationsOfDocument } from "./axe";
import { expect, test } from "./fixtures/session";
import { tokenOf, topUp } from "./platform-calls";

test("buy a 100 GB cloud disk for a month, then expand it by 50 GB; the expense detail explains both", async ({
  page,
  login,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const user = await login();
  const token = await tokenOf(page.request, user.phone, user.password);
  await topUp(page.request, token, "100");

  await page.goto("/console/cloudDisk");
  await expect(page.getByTestId("cloud-disk-empty")).toBeVisible();
  const buy = page.getByTestId("buy-cloud-disk");

  // A size that is not a multiple of 10 GB: refused beside the field, nothing bought.
  await buy.getByLabel("地区").selectOption("bj-a");
  await buy.getByLabel(/容量/).fill("15");
  await buy.getByRole("button", { name: "下一步：确认价格" }).click();
  await expect(buy.getByRole("alert")).toHaveText("容量必须是 10 GB 的整数倍");
  await expect(page.getByTestId("cloud-disk-confirm")).toHaveCount(0);

  await buy.getByLabel(/容量/).fill("100");
  await buy.getByLabel("时长").selectOption("1");
  await buy.getByRole("button", { name: "下一步：确认价格" }).click();
  const confirm = page.getByTestId("cloud-disk-confirm");
  await expect(confirm.getByTestId("cloud-disk-amount")).toHaveText("¥30.00");
  await expect(confirm.getByTestId("cloud-disk-formula")).toHaveText(
    "计算方式：100 GB × 1 个月 × ¥0.30/GB·月 = ¥30.00",
  );
  await expect(confirm).toContainText("释放实例不会删除云盘数据");
  await confirm.getByRole("button", { name: "确认支付" }).click();
  await expect(page.getByText("购买成功，支付 ¥30.00")).toBeVisible();

  const row = page.getByTestId("cloud-disk-bj-a");
  await expect(row.getByTestId("cloud-disk-size")).toHaveText("0 / 100 GB");
  await expect(row.getByTestId("sftp-password")).toHaveCount(0);
  await row.getByTestId("reveal-sftp").click();
  await expect(page.getByTestId("cloud-disk-bj-a").getByTestId("sftp-password")).toHaveText(/^[A-Za-z0-9]{16}$/);

  // Expand by 50 GB: about a month is left, so about 50 × ¥0.30 = ¥15.00.
  await page.getByTestId("cloud-disk-bj-a").getByLabel("增加容量（GB）").fill("50");
  await page.getByTestId("cloud-disk-bj-a").getByRole("button", { name: "扩容" }).click();
  await expect(confirm.getByTestId("cloud-disk-formula")).toContainText("扩容 50 GB × ");
  await expect(confirm.getByTestId("cloud-disk-amount")).toHaveText("¥15.00");
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);
  await confirm.getByRole("button", { name: "确认扩容并支付" }).click();
  await expect(page.getByText("扩容成功，支付 ¥15.00")).toBeVisible();
  await expect(page.getByTestId("cloud-disk-bj-a").getByTestId("cloud-disk-size")).toHaveText("0 / 150 GB");

  await page.goto("/console/finance/expenseDetail");
  const rows = page.getByTestId("balance-change-list").locator("tbody tr");
  await expect(rows.filter({ hasText: "-¥30.00" })).toContainText(
    "云盘：100 GB × 1 个月 × ¥0.30/GB·月 = ¥30.00；算力券 ¥0.00，余额 ¥30.00",
  );
  await expect(rows.filter({ hasText: "-¥15.00" })).toContainText(/云盘：扩容 50 GB × \d+ 秒 ÷ 2592000 秒\/月/);
});
