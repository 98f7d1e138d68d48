/** /healthz (the process answers) and /readyz (the database answers). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

describe("health", () => {
  it("/healthz answers ok", async () => {
    expect(await t.request("/healthz")).toEqual({ http: 200, body: { ok: true } });
  });

  it("/readyz answers ok while the database answers", async () => {
    expect(await t.request("/readyz")).toEqual({ http: 200, body: { ok: true } });
  });

  it("/readyz answers 503 once the database is gone; /healthz still answers", async () => {
    const doomed = await startTestPlatform();
    await doomed.close();
    expect(await doomed.request("/readyz")).toEqual({ http: 503, body: { ok: false } });
    expect(await doomed.request("/healthz")).toEqual({ http: 200, body: { ok: true } });
  });
});
