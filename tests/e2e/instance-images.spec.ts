/**
 * Custom images and the system reset (issue 36 §2, decision 088), JavaScript
 * on and off: a stopped instance's system disk is saved as an image from its
 * instance page (保存中, then 可用), renamed, chosen under 我的镜像 in the
 * rental form (not cached on the offer's hosts yet, while the official image
 * is) to rent a new instance (which names it), used to change the
 * first instance's image after the survival row of 更换镜像, and deleted
 * after a second question; the instance log says each step. Another user's
 * image is refused in the rental form and on the reset page.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { customizeImagePath, instancePath, resetSystemPath } from "../../app/utils/console-paths";
import { createInstancePath } from "../../app/utils/paths";
import { expect, test } from "./fixtures/session";
import { mainApi, rentHourlyByApi, tokenOf, topUp } from "./platform-calls";
import { TEST_PASSWORD, uniquePhone } from "./support";

/** An offer no other journey rents (kvm L40S, CUDA 12.4: the first official image runs there). */
const OFFER = { type: "kvm", region: "nm-b", gpu: "l40s" } as const;

async function stateOf(request: APIRequestContext, token: string, uuid: string) {
  const reply = await mainApi<{ State: string }>(request, "/instance/get_instance_detail", {
    session: token,
    instance_uuid: uuid,
  });
  expect(reply.status, reply.reason).toBe(0);
  return reply.data.State;
}

/** A rental from a user's image waits for the host's pull (8 s in the sandbox) before its 5 s creation. */
async function waitForState(request: APIRequestContext, token: string, uuid: string, state: string) {
  await expect.poll(() => stateOf(request, token, uuid), { timeout: 40_000, intervals: [500] }).toBe(state);
}

async function stoppedInstance(request: APIRequestContext, token: string, key: string) {
  const { uuid } = await rentHourlyByApi(request, token, key, OFFER);
  await waitForState(request, token, uuid, "running");
  const stopped = await mainApi(request, "/instance/stop_instance", { session: token, instance_uuid: uuid });
  expect(stopped.status, stopped.reason).toBe(0);
  await waitForState(request, token, uuid, "stopped");
  return uuid;
}

/** Waits for the image's row to say 可用: with JavaScript the page polls by itself; without, the user reloads. */
async function waitAvailable(page: Page, name: string, javaScriptEnabled: boolean) {
  const row = page
    .getByTestId("custom-images")
    .locator("tbody tr")
    .filter({ has: page.locator(`input[value="${name}"]`) });
  if (javaScriptEnabled) {
    await expect(row.getByTestId("custom-image-state")).toHaveText("可用", { timeout: 20_000 });
    return;
  }
  await expect
    .poll(
      async () => {
        await page.goto(customizeImagePath());
        return row.getByTestId("custom-image-state").textContent();
      },
      { timeout: 20_000, intervals: [1000] },
    )
    .toBe("可用");
}

test("save an image from a stopped instance, rent a new instance from it, change an image to it, delete it", async ({
  page,
  login,
  javaScriptEnabled,
}) => {
  test.setTimeout(150_000);
  const user = await login();
  const token = await tokenOf(page.request, user.phone, user.password);
  await topUp(page.request, token, "200");
  const uuid = await stoppedInstance(page.request, token, `e2e-image-${user.phone}`);

  // From the instance page: 保存为镜像 opens the images page with this instance chosen.
  await page.goto(instancePath(uuid));
  await page.getByTestId("save-image-link").click();
  await expect(page.getByRole("heading", { name: "我的镜像", level: 1 })).toBeVisible();
  await expect(page.getByTestId("image-quota")).toContainText("已用 0/5 个，0/100 GB");
  await expect(page.getByLabel("实例（仅已关机的实例）")).toHaveValue(uuid);
  // A bad name is refused beside the field, and nothing is saved.
  await page.getByLabel("镜像名称").fill("a/b");
  await page.getByRole("button", { name: "保存镜像" }).click();
  await expect(page.getByText("镜像名称只能包含中英文、数字、空格和 . _ -")).toBeVisible();
  await expect(page.getByTestId("custom-images-empty")).toBeVisible();
  await page.getByLabel("镜像名称").fill("e2e环境");
  await page.getByRole("button", { name: "保存镜像" }).click();
  await expect(page.getByRole("status")).toContainText("镜像「e2e环境」");
  await expect(page.getByRole("status")).toContainText("保存中");
  await expect(page.getByTestId("image-quota")).toContainText("已用 1/5 个");
  await waitAvailable(page, "e2e环境", javaScriptEnabled);

  // Renamed in place.
  const nameInput = page.getByRole("textbox", { name: "镜像「e2e环境」的名称" });
  await nameInput.fill("e2e环境-v2");
  await page.getByRole("button", { name: "重命名" }).click();
  await expect(page.getByText("镜像已重命名为「e2e环境-v2」")).toBeVisible();

  // The rental form lists it under 我的镜像; the new instance names it.
  await page.goto(createInstancePath(OFFER));
  const select = page.getByLabel("镜像", { exact: true });
  await expect(select.locator('optgroup[label="我的镜像"] option')).toHaveText([
    /^e2e环境-v2 · 基于 PyTorch 2\.5\.1 \/ CUDA 12\.4$/,
  ]);
  // The official images are on every host; the user's image is pulled on a host's first use.
  await expect(page.getByTestId("rental-image-cache")).toHaveText("已缓存，启动更快");
  await select.selectOption({ label: "e2e环境-v2 · 基于 PyTorch 2.5.1 / CUDA 12.4" });
  // Without JavaScript a changed choice is priced first (计算价格), as every rental.
  if (!javaScriptEnabled) await page.getByRole("button", { name: "计算价格" }).click();
  await expect(select.locator("option:checked")).toHaveText("e2e环境-v2 · 基于 PyTorch 2.5.1 / CUDA 12.4");
  await expect(page.getByTestId("rental-image-cache")).toHaveText("未缓存：主机需先拉取该镜像，创建会慢一些");
  await page.getByRole("button", { name: "立即租用" }).click();
  await expect(page).toHaveURL(/\/console\/dashboard$/);
  await expect(page.getByRole("status")).toContainText("租用成功");
  const list = await mainApi<{ list: { InstanceUuid: string; ImageName: string }[] }>(
    page.request,
    "/instance/get_instance_list",
    { session: token },
  );
  const rented = list.data.list.find((i) => i.InstanceUuid !== uuid)!;
  expect(rented.ImageName).toBe("我的镜像「e2e环境-v2」（PyTorch 2.5.1 / CUDA 12.4）");
  await page.goto(instancePath(rented.InstanceUuid));
  await expect(page.getByText("我的镜像「e2e环境-v2」（PyTorch 2.5.1 / CUDA 12.4）")).toBeVisible();
  await waitForState(page.request, token, rented.InstanceUuid, "running");

  // The first instance changes its image to it: chosen, then asked again with what survives.
  await page.goto(instancePath(uuid));
  await page.getByTestId("reset-system-link").click();
  await page.getByLabel("重置为镜像").selectOption({ label: "e2e环境-v2（基于 PyTorch 2.5.1 / CUDA 12.4）" });
  await page.getByRole("button", { name: "下一步" }).click();
  await expect(page.getByTestId("survival-image_change")).toContainText("数据盘 保留 数据盘不受影响");
  await expect(page.getByTestId("survival-image_change")).toContainText("系统盘 换为新镜像");
  await page.getByRole("button", { name: "确认更换镜像" }).click();
  await expect(page).toHaveURL(instancePath(uuid));
  await expect(page.getByRole("status")).toContainText("已更换镜像为 我的镜像「e2e环境-v2」");
  // Its log says it saved the image and changed to it.
  const log = page.locator("#instance-log");
  await expect(log).toContainText("用户将系统盘保存为镜像「e2e环境」");
  await expect(log).toContainText("镜像「e2e环境」保存完成");
  await expect(log).toContainText("用户更换镜像：我的镜像「e2e环境-v2」，系统盘已替换，数据盘保留");

  // Deleted after a second question; the quota is free again.
  await page.goto(customizeImagePath());
  await page.getByTestId("delete-image-link").click();
  await expect(page.getByTestId("delete-image-confirm")).toContainText("确定删除镜像「e2e环境-v2」");
  await page.getByRole("button", { name: "确认删除" }).click();
  await expect(page.getByRole("status")).toContainText("镜像「e2e环境-v2」已删除");
  await expect(page.getByTestId("custom-images-empty")).toBeVisible();
  await expect(page.getByTestId("image-quota")).toContainText("已用 0/5 个，0/100 GB");
});

test("another user's image: refused in the rental form and the reset, and its delete changes nothing", async ({
  page,
  login,
}) => {
  test.setTimeout(90_000);
  const ownerPhone = uniquePhone();
  const session = await page.request.post("/sandbox/session", { data: { phone: ownerPhone, password: TEST_PASSWORD } });
  const ownerToken = ((await session.json()) as { token: string }).token;
  await topUp(page.request, ownerToken, "100");
  const ownerUuid = await stoppedInstance(page.request, ownerToken, `e2e-image-idor-${ownerPhone}`);
  const saved = await mainApi<{ Image: { Id: number } }>(page.request, "/image/save_custom_image", {
    session: ownerToken,
    instance_uuid: ownerUuid,
    name: "别人的镜像",
    operation_key: `e2e-image-idor-${ownerPhone}`,
  });
  expect(saved.status, saved.reason).toBe(0);
  const imageId = saved.data.Image.Id;

  const user = await login();
  const token = await tokenOf(page.request, user.phone, user.password);
  await topUp(page.request, token, "100");
  await page.goto(createInstancePath({ ...OFFER, image: imageId }));
  await expect(page.getByLabel("镜像", { exact: true }).locator("option", { hasText: "别人的镜像" })).toHaveCount(0);
  await page.goto(customizeImagePath({ confirmDelete: imageId }));
  await expect(page.getByText("镜像不存在或已删除")).toBeVisible();
  const posted = await page.request.post(customizeImagePath(), {
    form: { intent: "delete", image_id: String(imageId) },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(posted.status()).toBe(404);
  const mine = await stoppedInstance(page.request, token, `e2e-image-idor-mine-${user.phone}`);
  await page.goto(resetSystemPath(mine, imageId));
  await expect(page.getByText("该镜像不可用于此实例，请重新选择")).toBeVisible();
  expect((await page.goto(resetSystemPath(ownerUuid)))?.status()).toBe(404);
  const list = await mainApi<{ Images: { Id: number; Name: string }[] }>(page.request, "/image/get_custom_image_list", {
    session: ownerToken,
  });
  expect(list.data.Images.map((i) => i.Name)).toEqual(["别人的镜像"]);
});
