/**
 * The compute market (issue 12 §2), JavaScript on and off: the filter form
 * narrows the store to RTX 4090 (the URL carries the filter; 租用 links to the
 * rental form preset to the offer; a bronze member sees the member price), a
 * bad price shows its error beside the field and the list unfiltered by it,
 * and a bare-metal reservation lands in /console/reservations.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/session";
import { ops } from "./ops";
import { mainApi, tokenOf, topUp } from "./platform-calls";

const filters = (page: Page) => page.getByRole("form", { name: "筛选条件" });

test("filter the store to RTX 4090: only 4090 offers, with price, member price, free GPUs and 租用", async ({
  page,
  login,
}, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  const user = await login();
  await topUp(page.request, await tokenOf(page.request, user.phone, user.password), "100"); // 铜牌会员 (0.98)

  await page.goto("/store");
  await expect(page.getByRole("link", { name: "容器实例" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("offer").filter({ hasText: "RTX 3090" }).first()).toBeVisible();

  // With JavaScript the change alone updates the results, in place; without, 筛选 submits the GET form.
  if (javaScriptEnabled) await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
  await filters(page).getByLabel("GPU型号").selectOption("rtx4090");
  if (!javaScriptEnabled) await filters(page).getByRole("button", { name: "筛选" }).click();
  await expect(page).toHaveURL(/\/store\?type=docker&.*gpu=rtx4090/);
  if (javaScriptEnabled)
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  const offers = page.getByTestId("offer");
  await expect(offers).toHaveCount(3);
  for (const offer of await offers.all()) {
    await expect(offer).toHaveAttribute("data-gpu", "rtx4090");
    await expect(offer.getByTestId("offer-price")).toHaveText("¥1.98/卡·时");
    await expect(offer.getByTestId("offer-member-price")).toHaveText("铜牌会员价 ¥1.94");
    await expect(offer.getByTestId("offer-free")).toHaveText(/^空闲 \d+ 卡$/);
  }
  await expect(page.getByTestId("offers").getByText("RTX 3090")).toHaveCount(0);
  await expect(offers.first().getByRole("link", { name: "租用" })).toHaveAttribute(
    "href",
    "/createInstance?type=docker&region=bj-a&gpu=rtx4090",
  );

  // The cloud-host tab keeps its own offers; the filter is a URL of its own.
  await page.getByRole("link", { name: "云主机" }).click();
  await expect(page).toHaveURL("/store?type=kvm");
  await filters(page).getByLabel("GPU型号").selectOption("rtx4090");
  await filters(page).getByRole("button", { name: "筛选" }).click();
  await expect(page).toHaveURL(/type=kvm&.*gpu=rtx4090/);
  await expect(page.getByTestId("offer")).toHaveCount(1);
  await expect(page.getByTestId("offer").getByTestId("offer-price")).toHaveText("¥2.28/卡·时");
  await expect(page.getByTestId("offer").getByRole("link", { name: "租用" })).toHaveAttribute(
    "href",
    "/createInstance?type=kvm&region=bj-a&gpu=rtx4090",
  );
});

test("a bad price filter shows its error beside the field and the list unfiltered by it", async ({ page }) => {
  await page.goto("/store?type=docker");
  await filters(page).getByLabel("GPU型号").selectOption("rtx4090");
  await filters(page).getByLabel("最低价格（元/卡·时）").fill("abc");
  await filters(page).getByRole("button", { name: "筛选" }).click();
  await expect(page).toHaveURL(/price_min=abc/);
  await expect(filters(page).getByRole("alert")).toHaveText("价格格式不正确，请输入数字，如 1.98");
  await expect(filters(page).getByLabel("最低价格（元/卡·时）")).toHaveValue("abc");
  // The error is the field's description, so a screen reader reads it with the field.
  await expect(filters(page).getByLabel("最低价格（元/卡·时）")).toHaveAccessibleDescription(
    "价格格式不正确，请输入数字，如 1.98",
  );
  // The model filter still applies; the price does not.
  await expect(page.getByTestId("offer")).toHaveCount(3);

  await page.goto("/store?type=docker&price_min=3&price_max=1");
  await expect(filters(page).getByRole("alert")).toHaveText("最高价格不能低于最低价格");
  await expect(page.getByTestId("offer").first()).toBeVisible();
});

test("reserve bare metal: errors beside their fields, then the reservation in /console/reservations", async ({
  page,
  login,
}) => {
  await login();
  await page.goto("/store?type=bare_metal");
  await expect(page.getByRole("link", { name: "裸金属" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("bare-metal-server").filter({ hasText: "H100 80GB" }).first()).toContainText(
    "¥59,535.36/台·月",
  );

  const form = page.getByRole("form", { name: "裸金属预约" });
  await form.getByLabel("地区").selectOption("bj-a");
  await form.getByLabel("GPU型号").selectOption("h100-80g");
  await form.getByLabel(/机器数量/).fill("2");
  await form.getByLabel(/租用时长/).fill("6");
  await form.getByLabel("联系人").fill("张三");
  await form.getByLabel("联系电话").fill("123");
  await form.getByLabel(/备注/).fill("训练大模型，需要 IB 网络");
  await form.getByRole("button", { name: "提交预约" }).click();
  await expect(form.getByText("请输入正确的11位手机号")).toBeVisible();
  await expect(form.getByLabel("联系人")).toHaveValue("张三");

  await form.getByLabel("联系电话").fill("13912345678");
  await form.getByRole("button", { name: "提交预约" }).click();
  await expect(page).toHaveURL("/console/reservations");
  await expect(page.getByRole("status")).toContainText("预约已提交");
  const row = page.getByTestId("reservation");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("北京A区");
  await expect(row).toContainText("H100 80GB");
  await expect(row).toContainText("2 台");
  await expect(row).toContainText("6 个月");
  await expect(row).toContainText("待确认");

  // Cancelling asks in the row first; 不取消 keeps it.
  await row.getByRole("link", { name: "取消预约" }).click();
  await expect(row.getByTestId("reservation-cancel")).toContainText("确认取消此预约？");
  await row.getByRole("link", { name: "不取消" }).click();
  await expect(row).toContainText("待确认");
  await row.getByRole("link", { name: "取消预约" }).click();
  await row.getByRole("button", { name: "确认取消" }).click();
  await expect(page.getByRole("status")).toContainText("预约已取消");
  await expect(row).toContainText("已取消");
  await expect(row.getByRole("link", { name: "取消预约" })).toHaveCount(0);
});

test("an operator confirms a reservation: 已确认 in the list and a site message; it can no longer be cancelled", async ({
  page,
  login,
}) => {
  const user = await login();
  const token = await tokenOf(page.request, user.phone, user.password);
  const made = await mainApi<{ Id: number }>(page.request, "/add_baremetal_reservation", {
    session: token,
    region: "bj-a",
    gpu: "h100-80g",
    machines: 1,
    months: 3,
    contact_name: "李四",
    contact_phone: "13912345678",
  });
  expect(made.status, made.reason).toBe(0);
  // The page asked to cancel, then the operator confirms before the user answers.
  await page.goto(`/console/reservations?cancel=${made.data.Id}`);
  await ops(page.request, "reservation confirm", { id: String(made.data.Id) });
  await page.getByRole("button", { name: "确认取消" }).click();
  await expect(page.getByTestId("reservation-refusal")).toHaveText("该预约已确认，只有待确认的预约可以变更");
  const row = page.getByTestId("reservation");
  await expect(row).toContainText("已确认");
  await expect(row.getByRole("link", { name: "取消预约" })).toHaveCount(0);

  await page.goto("/console/messages?tab=notifications");
  await expect(page.getByText("裸金属预约已确认").first()).toBeVisible();
});
