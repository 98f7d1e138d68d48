/**
 * /instanceAvailableKvmStore over plain HTTP: live (a rental shows at once in
 * a signed-in user's copy, which is never cached) and kept by visitors only
 * briefly (`public, max-age=10` with an ETag; 304 on revalidation).
 */
import { expect, sessionCookie, test } from "./fixtures/session";
import { rentHourlyByApi, tokenOf, topUp } from "./platform-calls";

/** The one cloud-host H100 offer (重庆A区, one host of 8): no browser journey rents it. */
const H100_KVM = { type: "kvm", region: "cq-a", gpu: "h100-80g" } as const;
const H100_PAGE = "/instanceAvailableKvmStore?region=cq-a&gpu=h100-80g";

/** The free GPUs the page shows for the one H100 row ("3 / 8" → 3). */
function freeShown(html: string): number {
  const cells = [...html.matchAll(/data-testid="kvm-stock-free">(\d+) \/ 8</g)];
  expect(cells, "one H100 row").toHaveLength(1);
  return Number(cells[0]![1]);
}

test("the kvm stock page is live for users and cached for visitors only briefly", async ({ playwright, baseURL }) => {
  const visitor = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const first = await visitor.get(H100_PAGE);
  expect(first.status()).toBe(200);
  expect(first.headers()["cache-control"]).toBe("public, max-age=10");
  const etag = first.headers()["etag"];
  expect(etag).toMatch(/^W\/"[\w-]+"$/);
  expect((await visitor.get(H100_PAGE, { headers: { "if-none-match": etag! } })).status()).toBe(304);
  await visitor.dispose();

  const user = await playwright.request.newContext({ baseURL });
  const { user: who, cookie } = await sessionCookie(user, baseURL!);
  const asUser = { headers: { cookie: `${cookie.name}=${cookie.value}` } };
  const before = await user.get(H100_PAGE, asUser);
  expect(before.headers()["cache-control"]).toBe("private, no-store");
  const freeBefore = freeShown(await before.text());
  expect(freeBefore).toBeGreaterThan(0);

  const token = await tokenOf(user, who.phone, who.password);
  await topUp(user, token, "100");
  // Released after the test by the session fixture (fixtures/gpu-return.ts).
  await rentHourlyByApi(user, token, `stock-http-${Date.now()}`, H100_KVM);
  expect(freeShown(await (await user.get(H100_PAGE, asUser)).text())).toBe(freeBefore - 1);
  await user.dispose();
});
