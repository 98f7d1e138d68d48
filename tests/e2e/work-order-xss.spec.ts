/**
 * Issue 11 §6: the XSS corpus (tests/e2e/fixtures/xss-corpus.ts, 56 vectors,
 * each trying alert()) in a work order's body and in a comment, read on the
 * detail page, where the server renders the thread: no dialog opens, and no
 * script, event handler, javascript:/vbscript: or data:text/html address
 * survives in the thread. JavaScript on and off (the HTML is the server's).
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures/session";
import { XSS_CORPUS } from "./fixtures/xss-corpus";

const WO = "/third-party/api/v1/work-order";

async function tokenOf(request: APIRequestContext, phone: string, password: string): Promise<string> {
  const res = await request.post("/sandbox/session", { data: { phone, password } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

test("the XSS corpus in a work order's body and comment runs nothing on the detail page", async ({ page, login }) => {
  const { phone, password } = await login();
  const token = await tokenOf(page.request, phone, password);
  const headers = { authorization: `Bearer ${token}` };
  const info = await page.request.post("/api/get_user_info", { form: { session: token } });
  const userId = String(((await info.json()) as { data: { UserId: number } }).data.UserId);
  const catalogue = (await (await page.request.get(`${WO}/categories`, { headers })).json()) as {
    data: { list: { id: number; questions: { id: number; resource_types: string[] }[] }[] };
  };
  const category = catalogue.data.list.find((c) => c.questions.some((q) => q.resource_types.includes("account")))!;
  const question = category.questions.find((q) => q.resource_types.includes("account"))!;
  const corpus = `正文开始\n\n${XSS_CORPUS.join("\n\n")}\n\n正文结束`;
  const created = await page.request.post(`${WO}/orders`, {
    headers,
    data: {
      category_id: category.id,
      question_id: question.id,
      resource_type: "account",
      resource_id: userId,
      title: "XSS 语料",
      content: corpus,
      contact_phone: phone,
    },
  });
  const order = (await created.json()) as { code: number; data: { id: number } };
  expect(order.code, JSON.stringify(order)).toBe(0);
  const comment = await page.request.post(`${WO}/comments`, {
    headers,
    data: { order_id: order.data.id, content: corpus.replaceAll("正文", "评论") },
  });
  expect(((await comment.json()) as { code: number }).code).toBe(0);

  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`/console/createWorkOrder/myWorkOrderDetail/${order.data.id}`);
  const thread = page.getByTestId("work-order-thread");
  await expect(thread).toContainText("正文结束");
  await expect(thread).toContainText("评论结束");
  await page.waitForLoadState("networkidle");
  expect(dialogs).toEqual([]);

  // The vectors may stay as text (escaped); as markup, nothing of them may survive.
  const markup = await thread.evaluate((root) =>
    [...root.querySelectorAll("*")].map((el) => ({
      tag: el.tagName.toLowerCase(),
      handlers: [...el.attributes].map((a) => a.name).filter((name) => /^on/i.test(name)),
    })),
  );
  expect(
    markup.filter((e) => /^(script|iframe|object|embed|form|meta|base|style|frame|frameset)$/.test(e.tag)),
  ).toEqual([]);
  expect(markup.flatMap((e) => e.handlers)).toEqual([]);
  // Every address left in the thread is relative, or http(s)/mailto, or a raster data image: no other scheme.
  const addresses = await thread
    .locator("[href], [src], [action], [formaction], [xlink\\:href]")
    .evaluateAll((els) =>
      els.flatMap((el) => ["href", "src", "action", "formaction", "xlink:href"].map((a) => el.getAttribute(a) ?? "")),
    );
  expect(addresses.length).toBeGreaterThan(0);
  for (const address of addresses) {
    const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(address)?.[1]?.toLowerCase();
    if (scheme === "data") expect(address).toMatch(/^data:image\/(gif|png|jpeg|webp)[;,]/i);
    else if (scheme) expect(["http", "https", "mailto"]).toContain(scheme);
  }
});
