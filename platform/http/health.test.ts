/** /healthz (the process answers) and /readyz (the database answers). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../tests/support/platform";
import { inTransaction } from "../db/tx";

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

  it("/readyz answers 503 within 1.5 s while no database connection is free; /healthz still answers", async () => {
    // Every connection held by a transaction that does not finish: PGlite's one, or each of the pool's.
    const connections = t.kind === "pglite" ? 1 : Number(process.env.PG_POOL_MAX ?? 10);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let opened = 0;
    const holders = Array.from({ length: connections }, () =>
      inTransaction(t.db, async () => {
        opened++;
        await held;
      }),
    );
    try {
      for (let i = 0; i < 200 && opened < connections; i++) await new Promise((r) => setTimeout(r, 10));
      expect(opened).toBe(connections);
      const started = Date.now();
      expect(await t.request("/readyz")).toEqual({ http: 503, body: { ok: false } });
      expect(Date.now() - started).toBeLessThan(1_500);
      // The first check still waits for a connection: the next ones answer at once and queue no more queries.
      const again = Date.now();
      expect(await t.request("/readyz")).toEqual({ http: 503, body: { ok: false } });
      expect(await t.request("/readyz")).toEqual({ http: 503, body: { ok: false } });
      expect(Date.now() - again).toBeLessThan(300);
      expect(await t.request("/healthz")).toEqual({ http: 200, body: { ok: true } });
    } finally {
      release();
      await Promise.all(holders);
    }
    // Ready again once the waiting check has its answer.
    let after = await t.request("/readyz");
    for (let i = 0; i < 50 && after.http !== 200; i++) {
      await new Promise((r) => setTimeout(r, 20));
      after = await t.request("/readyz");
    }
    expect(after).toEqual({ http: 200, body: { ok: true } });
  });
});
