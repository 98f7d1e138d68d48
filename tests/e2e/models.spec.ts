/**
 * The AI model library (issue 35 §1), JavaScript on and off: a visitor filters
 * /AIModels by family, opens a model and is sent to log in (the spec's
 * modelDetail: "sends a user without a phone to login"), comes back to the
 * model after login, and 用此镜像创建 opens /createInstance with the offer and
 * the model's image preset. An unknown model is the site's 404; the pages
 * are axe clean and fit a 390 px phone.
 */
import { seriousViolationsOfDocument } from "./axe";
import { expectFitsTheScreen } from "./screen-fit";
import { expect, test } from "./fixtures/session";
import { TEST_PASSWORD, uniquePhone } from "./support";

const QWEN = "/AIModels/qwen2-5-7b-instruct";
/** A fit as the issue writes it: "1 × RTX 4090，空闲 12 卡，¥1.98/时 起". */
const FIT_LINE = /^\d × .+，(空闲 \d+ 卡|已售罄)，¥[\d,]+\.\d{2}\/时 起$/;

test("a visitor filters the library, logs in at a model and comes back, then 用此镜像创建 presets the image", async ({
  page,
  javaScriptEnabled,
}) => {
  const list = await page.goto("/AIModels");
  expect(list?.status()).toBe(200);
  const cards = page.getByTestId("model");
  const filter = page.getByRole("navigation", { name: "模型类别" });
  /** The count a filter link names ("语音 2"): other journeys on this server may publish models of their own. */
  const named = async (label: RegExp) =>
    Number((await filter.getByRole("link", { name: label }).textContent())!.split(" ")[1]);
  const all = await named(/^全部 \d+$/);
  expect(all).toBeGreaterThanOrEqual(9); // the seed's
  await expect(cards).toHaveCount(all);
  await expect(cards.filter({ hasText: "Whisper large-v3" })).toContainText("OpenAI");
  for (const fit of await page.getByTestId("model-best-fit").allTextContents()) expect(fit).toMatch(FIT_LINE);
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);

  const speech = await named(/^语音 \d+$/);
  await filter.getByRole("link", { name: /^语音 \d+$/ }).click();
  await expect(page).toHaveURL(/\/AIModels\?family=speech$/);
  await expect(cards).toHaveCount(speech);
  expect(await cards.allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining("SenseVoice Small")]));
  for (const card of await cards.allTextContents()) expect(card).toContain("语音");
  await expect(filter.getByRole("link", { name: /^语音 \d+$/ })).toHaveAttribute("aria-current", "page");
  await filter.getByRole("link", { name: /^全部/ }).click();
  await expect(cards).toHaveCount(all);

  // The model's page needs a session: to login, then back.
  await cards.filter({ hasText: "Qwen2.5-7B-Instruct" }).getByRole("link", { name: "Qwen2.5-7B-Instruct" }).click();
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(QWEN)}`);
  const phone = uniquePhone();
  const account = await page.request.post("/sandbox/session", { data: { phone, password: TEST_PASSWORD } });
  expect(account.ok()).toBe(true);
  await page.getByLabel("手机号", { exact: true }).fill(phone);
  await page.getByLabel("密码", { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await expect(page).toHaveURL(QWEN);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Qwen2.5-7B-Instruct");
  const facts = page.getByTestId("model-facts");
  await expect(facts).toContainText("7.61B");
  await expect(facts).toContainText("24 GB");
  await expect(facts).toContainText("vLLM 0.6.3.post1 · CUDA 12.1");
  await expect(page.getByTestId("model-body")).toContainText("vllm serve");
  const rtx4090 = page.locator('[data-testid="model-fit"][data-gpu="rtx4090"]');
  await expect(rtx4090).toContainText("1 × RTX 4090");
  await expect(rtx4090).toContainText("¥1.98/时 起");
  await expect(rtx4090).toContainText(/空闲 \d+ 卡/);
  expect(await seriousViolationsOfDocument(page, javaScriptEnabled)).toEqual([]);

  await rtx4090.getByRole("link", { name: "用此镜像创建" }).click();
  await expect(page).toHaveURL(/\/createInstance\?/);
  const query = new URL(page.url()).searchParams;
  expect(Object.fromEntries(["type", "gpu", "gpus"].map((k) => [k, query.get(k)]))).toEqual({
    type: "docker",
    gpu: "rtx4090",
    gpus: "1",
  });
  const image = page.getByRole("combobox", { name: "镜像" });
  await expect(image).toHaveValue(query.get("image")!);
  await expect(image.locator("option:checked")).toHaveText("vLLM 0.6.3.post1 · CUDA 12.1");
});

test("a signed-in user gets the site's 404 for an unknown or malformed model", async ({ page, login }) => {
  await login();
  for (const path of ["/AIModels/no-such-model", "/AIModels/Qwen_7B", `/AIModels/${"a".repeat(80)}`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.locator("header[data-bar]")).toHaveCount(1);
  }
});

test("a visitor is sent to login from any model address, the page's query kept", async ({ page }) => {
  await page.goto(`${QWEN}?from=search`);
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(`${QWEN}?from=search`)}`);
});

test("an unknown family shows every model with a note, not an error", async ({ page }) => {
  const response = await page.goto("/AIModels?family=robots");
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId("unknown-family")).toHaveText("没有这个模型类别，已显示全部模型。");
  await expect(page.getByRole("link", { name: /^全部 \d+$/ })).toHaveAttribute("aria-current", "page");
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the library and a model's page are no wider than the screen", async ({ page, login }) => {
    await expectFitsTheScreen(page, "/AIModels");
    await login();
    // The widest: a long name, a long image name, and the GPU table (it scrolls inside its own box).
    await expectFitsTheScreen(page, "/AIModels/qwen2-5-72b-instruct-awq");
    await expect(page.getByRole("region", { name: "Qwen2.5-72B-Instruct-AWQ 可用的 GPU" })).toBeVisible();
  });
});
