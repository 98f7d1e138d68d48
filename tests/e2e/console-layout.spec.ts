/**
 * The pages a renter lives in (issue 33 §6), at 390 px (a phone) and 1440 px, JavaScript on and off: the dashboard,
 * the store and the rental form are no wider than the screen and show their key figures and actions on the first
 * screen; the store sorts by price and free GPUs through its GET form; an instance row's login copies (with
 * JavaScript) or reveals on the instance page (without), and its password is never in the list's HTML; the console's
 * navigation marks the page one is on, the work-order pages included.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { submitWorkOrderPath, myWorkOrderDetailPath } from "../../app/utils/console-paths";
import { expect, test } from "./fixtures/session";
import { fileWorkOrderAbout, mainApi, rentHourlyByApi, tokenOf, topUp } from "./platform-calls";
import { expectFitsTheScreen, expectOnFirstScreen } from "./screen-fit";
import { logout } from "./support";

const RENTAL_FORM = "/createInstance?type=docker&region=bj-a&gpu=rtx4090";

/** A renter with 100 yuan and one running hourly instance; answers its token and the instance. */
async function renterWithInstance(
  page: Page,
  request: APIRequestContext,
  login: () => Promise<{ phone: string; password: string }>,
) {
  const user = await login();
  const token = await tokenOf(request, user.phone, user.password);
  await topUp(request, token, "100");
  const instance = await rentHourlyByApi(request, token, `layout-${user.phone}`);
  // The sandbox fleet has it running 5 s after the rental.
  await expect(async () => {
    await page.goto("/console/dashboard");
    await expect(page.getByTestId("instance-state").first()).toHaveText("运行中", { timeout: 500 });
  }).toPass({ timeout: 20_000 });
  return { token, instance };
}

const firstRow = (page: Page) => page.getByTestId("instance-row").first();

for (const screen of [
  { name: "a phone", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: "a wide screen", viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false },
]) {
  test.describe(`on ${screen.name} (${screen.viewport.width} px)`, () => {
    test.use({ viewport: screen.viewport, isMobile: screen.isMobile, hasTouch: screen.hasTouch });

    test("the dashboard, the store and the rental form fit and show what one acts on first", async ({
      page,
      login,
      request,
    }) => {
      test.setTimeout(90_000);
      await renterWithInstance(page, request, login);

      await expectFitsTheScreen(page, "/console/dashboard");
      await expectOnFirstScreen(page, firstRow(page).getByTestId("instance-state"), "the instance's state");
      await expectOnFirstScreen(page, firstRow(page).getByRole("button", { name: "关机" }), "the instance's 关机");
      await expectOnFirstScreen(page, firstRow(page).getByTestId("ssh-command"), "the SSH command");

      await expectFitsTheScreen(page, "/store");
      const offer = page.getByTestId("offer").first();
      await expectOnFirstScreen(page, offer.getByTestId("offer-price"), "the first offer's price");
      await expectOnFirstScreen(page, offer.getByRole("link", { name: "租用" }), "the first offer's 租用");

      await expectFitsTheScreen(page, RENTAL_FORM);
      const total = page.getByTestId(screen.isMobile ? "rental-bar-total" : "rental-total");
      await expectOnFirstScreen(page, total, "the rental's total");
      await expectOnFirstScreen(page, page.getByRole("button", { name: "立即租用" }), "立即租用");
      // Scrolled to the end of the form, the total and 立即租用 are still in view.
      await page.getByLabel("实例名称（可选）").scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
      await expectOnFirstScreen(page, page.getByRole("button", { name: "立即租用" }), "立即租用 at the form's end");
    });
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the store's filters fold behind one button, and open without JavaScript", async ({ page }) => {
    await page.goto("/store");
    const region = page.getByRole("form", { name: "筛选条件" }).getByLabel("地区");
    await expect(region).toBeHidden();
    await page.getByTestId("filter-fold").locator("summary").click();
    await expect(region).toBeVisible();
  });

  test("no option of the rental form is cut off", async ({ page, login }) => {
    await login();
    await page.goto(RENTAL_FORM);
    const cut = await page.locator("[data-testid=rental-form] select").evaluateAll((selects) => {
      const canvas = document.createElement("canvas").getContext("2d")!;
      return (selects as HTMLSelectElement[]).flatMap((select) => {
        const style = getComputedStyle(select);
        canvas.font = `${style.fontSize} ${style.fontFamily}`;
        // The room for the text: the box less its padding and the arrow (about 20 px).
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        return [...select.options]
          .filter((option) => canvas.measureText(option.text).width > room)
          .map((option) => `${select.name}: ${option.text}`);
      });
    });
    expect(cut, "options wider than their select").toEqual([]);
  });
});

test.describe("on a wide screen", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the store's filters stand open, with no fold button", async ({ page }) => {
    await page.goto("/store");
    await expect(page.getByRole("form", { name: "筛选条件" }).getByLabel("地区")).toBeVisible();
    await expect(page.getByTestId("filter-fold").locator("summary")).toBeHidden();
  });
});

/** The offers' prices (yuan per GPU-hour) and free GPUs as the store shows them. */
async function offerFigures(page: Page) {
  const prices = (await page.getByTestId("offer-price").allTextContents()).map((t) => Number(t.replace(/[^\d.]/g, "")));
  const free = (await page.getByTestId("offer-free").allTextContents()).map((t) => Number(t.match(/\d+/)?.[0] ?? 0));
  return { prices, free };
}

test("the store sorts by price and by free GPUs through its form, within the filter", async ({ page }, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  const form = page.getByRole("form", { name: "筛选条件" });
  const sortBy = async (label: string, value: string) => {
    await form.getByLabel("排序").selectOption({ label });
    if (!javaScriptEnabled) await form.getByRole("button", { name: "筛选", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("sort") === value);
  };
  // With JavaScript the URL changes a moment before the list re-renders: each order is awaited, not read once.
  const inOrder = (list: number[], order: (a: number, b: number) => number) =>
    list.length > 3 && list.every((value, i) => i === 0 || order(list[i - 1]!, value) <= 0);
  await page.goto("/store");
  await sortBy("价格从低到高", "price_asc");
  await expect.poll(async () => inOrder((await offerFigures(page)).prices, (a, b) => a - b)).toBe(true);

  await sortBy("价格从高到低", "price_desc");
  await expect.poll(async () => inOrder((await offerFigures(page)).prices, (a, b) => b - a)).toBe(true);
  const dearest = await offerFigures(page);
  expect(dearest.prices[0]).toBeGreaterThan(dearest.prices.at(-1)!);

  await sortBy("空闲GPU最多", "free_desc");
  await expect.poll(async () => inOrder((await offerFigures(page)).free, (a, b) => b - a)).toBe(true);

  // The sort keeps the filter, and the filter keeps the sort: both are in the URL.
  await form.getByLabel("GPU型号").selectOption("rtx4090");
  if (!javaScriptEnabled) await form.getByRole("button", { name: "筛选", exact: true }).click();
  await page.waitForURL(
    (url) => url.searchParams.get("gpu") === "rtx4090" && url.searchParams.get("sort") === "free_desc",
  );
  await expect(page.getByTestId("offer").first()).toHaveAttribute("data-gpu", "rtx4090");
  expect(
    new Set(await page.getByTestId("offer").evaluateAll((els) => els.map((e) => e.getAttribute("data-gpu")))),
  ).toEqual(new Set(["rtx4090"]));
  // Each offer lists its hosts with free/total GPUs and their CUDA version.
  await expect(page.getByTestId("offer").first().getByTestId("offer-host").first()).toContainText(/空闲 \d+\/8 卡/);
  await expect(page.getByTestId("offer").first().getByTestId("offer-host").first()).toContainText(/CUDA ≤ \d+\.\d+/);
});

test.describe("an instance's login on the dashboard", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("copies the SSH command and the password with JavaScript, and shows the password on request without", async ({
    page,
    login,
    request,
  }, testInfo) => {
    test.setTimeout(60_000);
    const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
    const { token, instance } = await renterWithInstance(page, request, login);
    const detail = await mainApi<{ Access: { SshPassword: string; SshCommand: string } }>(
      request,
      "/instance/get_instance_detail",
      { session: token, instance_uuid: instance.uuid, reveal_password: 1 },
    );
    const { SshPassword: password, SshCommand: command } = detail.data.Access;

    // The list's HTML never carries the password.
    const html = await (await page.request.get("/console/dashboard")).text();
    expect(html).toContain(command);
    expect(html).not.toContain(password);
    const row = firstRow(page);
    await expect(row.getByTestId("ssh-command")).toHaveText(command);
    await expect(row.getByRole("link", { name: "JupyterLab" })).toHaveAttribute("href", /token=/);

    if (javaScriptEnabled) {
      await row.getByRole("button", { name: "复制SSH 命令" }).click();
      await expect(row.getByTestId("copy-said").first()).toHaveText("已复制");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(command);
      await row.getByRole("button", { name: "复制密码" }).click();
      await expect(row.getByTestId("copy-said").nth(1)).toHaveText("已复制");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
    } else {
      // No button that does nothing: the text is there to select, and 显示密码 shows the password.
      await expect(row.getByRole("button", { name: /^复制/ })).toHaveCount(0);
      await row.getByTestId("reveal-password").click();
      await expect(page.getByTestId("ssh-password")).toHaveText(password);
    }

    // The password's JSON is the owner's only, and never cached.
    const own = await page.request.get(`/resources/instance-password/${instance.uuid}`);
    expect(own.status()).toBe(200);
    expect(own.headers()["cache-control"]).toBe("private, no-store");
    expect(await own.json()).toEqual({ password });
    const anonymous = await request.get(`/resources/instance-password/${instance.uuid}`);
    expect(anonymous.status()).toBe(401);
    expect(await anonymous.text()).not.toContain(password);
  });
});

test("a renter with no instance is sent to the store", async ({ page, login }) => {
  await login();
  await page.goto("/console/dashboard");
  await expect(page.getByTestId("instance-empty")).toContainText("还没有实例");
  await page.getByTestId("instance-empty-store").click();
  await page.waitForURL((url) => url.pathname === "/store");
});

test("the console's navigation is grouped and marks the page one is on, the work-order pages too", async ({
  page,
  login,
  request,
}) => {
  test.setTimeout(60_000);
  const user = await login();
  const token = await tokenOf(request, user.phone, user.password);
  await topUp(request, token, "100");
  const instance = await rentHourlyByApi(request, token, `nav-${user.phone}`);
  const workOrder = await fileWorkOrderAbout(request, token, instance.uuid);
  const categories = (await (
    await request.get("/third-party/api/v1/work-order/categories", { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data: { list: { questions: { id: number; category_id: number; resource_types: string[] }[] }[] } };
  const question = categories.data.list.flatMap((c) => c.questions).find((q) => q.resource_types.includes("instance"))!;

  const nav = page.getByRole("navigation", { name: "控制台导航" });
  const expectMarked = async (path: string, label: string) => {
    await page.goto(path);
    await expect(nav.locator("[aria-current=page]"), `${path} marks one link`).toHaveCount(1);
    await expect(nav.locator("[aria-current=page]"), path).toHaveText(label);
  };
  await expectMarked("/console/dashboard", "总览");
  await expectMarked(`/console/instance/${instance.uuid}`, "总览");
  await expectMarked("/console/createWorkOrder/selectQuestion", "提交工单");
  await expectMarked(submitWorkOrderPath(question.category_id, question.id, "instance"), "提交工单");
  await expectMarked("/console/createWorkOrder/myWorkOrder", "我的工单");
  await expectMarked(myWorkOrderDetailPath(workOrder), "我的工单");
  await expectMarked("/console/finance/expenseDetail", "收支明细");

  // Four named groups; 退出登录 is not among the links (it is in the account menu, and on 账号信息).
  for (const group of ["实例", "费用", "账号", "支持"])
    await expect(nav.getByRole("group", { name: group })).toBeVisible();
  await expect(page.locator("aside").getByRole("button", { name: "退出登录" })).toHaveCount(0);
  await logout(page);
});
