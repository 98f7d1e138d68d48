/**
 * Packages at the end of their time (packages.ts) and the end of retention
 * (retention.ts), through their jobs: the 3-day and 1-day notices once each
 * (again after a renewal moves the expiry), the stop at expiry with the
 * release time, and the release when retention is over. PGlite and PostgreSQL.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { instances } from "../../db/market-schema";
import { runPackageExpiry } from "../../jobs/package-expiry";
import { runRetention } from "../../jobs/retention";
import { DAY, HOUR, MINUTE, startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { insertInstance, instanceById, newAccount, notificationsOf } from "../../../tests/support/billing-instances";
import { EXPIRED_TITLE, EXPIRY_SOON_TITLE } from "./packages";
import { RELEASED_TITLE } from "./retention";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-11-01T00:00:00.000Z") });
});
afterAll(() => t.close());

const titles = async (userId: number) => (await notificationsOf(t.db, userId)).map((n) => n.title);

describe("package expiry", () => {
  it("notifies 3 days and 1 day before, once each, stops at expiry and keeps it for the retention period", async () => {
    const userId = await newAccount(t.db);
    const rented = t.clock.now();
    const expires = new Date(rented.getTime() + 5 * DAY);
    const inst = await insertInstance(
      t.db,
      { userId, billingMode: "day", packageExpiresAt: expires, billedUntil: null },
      rented,
    );
    await runPackageExpiry(t.ctx);
    expect(await titles(userId)).toEqual([]);

    t.clock.advance(2 * DAY + MINUTE);
    expect((await runPackageExpiry(t.ctx)).notified).toContain(inst.id);
    await runPackageExpiry(t.ctx);
    expect(await titles(userId)).toEqual([EXPIRY_SOON_TITLE]);
    expect((await notificationsOf(t.db, userId))[0]!.original).toContain("不足 3 天");

    t.clock.advance(2 * DAY);
    await runPackageExpiry(t.ctx);
    await runPackageExpiry(t.ctx);
    expect(await titles(userId)).toEqual([EXPIRY_SOON_TITLE, EXPIRY_SOON_TITLE]);
    expect((await notificationsOf(t.db, userId))[1]!.original).toContain("不足 1 天");

    t.clock.advance(DAY);
    const run = await runPackageExpiry(t.ctx);
    expect(run.expired).toEqual([inst.id]);
    expect(await runPackageExpiry(t.ctx)).toEqual({ notified: [], expired: [] });
    const after = await instanceById(t.db, inst.id);
    expect(after).toMatchObject({ state: "stopping", stopReason: "expired" });
    expect(after.releaseAt).toEqual(new Date(expires.getTime() + 15 * DAY));
    expect(after.transitionAt).toEqual(new Date(t.clock.now().getTime() + 3_000));
    expect(await titles(userId)).toEqual([EXPIRY_SOON_TITLE, EXPIRY_SOON_TITLE, EXPIRED_TITLE]);
  });

  it("a renewal moves the expiry and arms the notices again; a stopped package is stopped (its GPUs freed) at expiry", async () => {
    const userId = await newAccount(t.db);
    const now = t.clock.now();
    const inst = await insertInstance(
      t.db,
      {
        userId,
        billingMode: "month",
        state: "stopped",
        packageExpiresAt: new Date(now.getTime() + 2 * DAY),
        createdAt: new Date(now.getTime() - 28 * DAY),
        billedUntil: null,
      },
      now,
    );
    await runPackageExpiry(t.ctx);
    expect(await titles(userId)).toEqual([EXPIRY_SOON_TITLE]);
    // Renewed by 30 days (as the lifecycle's renewal would).
    await t.db
      .update(instances)
      .set({ packageExpiresAt: sql`${instances.packageExpiresAt} + interval '30 days'` })
      .where(eq(instances.id, inst.id));
    await runPackageExpiry(t.ctx);
    expect(await titles(userId)).toHaveLength(1);
    t.clock.advance(29 * DAY + HOUR);
    await runPackageExpiry(t.ctx);
    expect(await titles(userId)).toEqual([EXPIRY_SOON_TITLE, EXPIRY_SOON_TITLE]);
    t.clock.advance(3 * DAY);
    expect((await runPackageExpiry(t.ctx)).expired).toEqual([inst.id]);
    expect((await instanceById(t.db, inst.id)).state).toBe("stopping");
  });

  it("a package shorter than a notice's lead time gets no notice at rental", async () => {
    const userId = await newAccount(t.db);
    const now = t.clock.now();
    await insertInstance(
      t.db,
      { userId, billingMode: "day", packageExpiresAt: new Date(now.getTime() + DAY), billedUntil: null },
      now,
    );
    await runPackageExpiry(t.ctx);
    expect(await titles(userId)).toEqual([]);
  });
});

describe("retention", () => {
  it("releases stopped instances whose release time has come, once, and notifies", async () => {
    const userId = await newAccount(t.db);
    const now = t.clock.now();
    const due = await insertInstance(
      t.db,
      { userId, state: "stopped", gpuHeld: false, releaseAt: new Date(now.getTime() + HOUR) },
      now,
    );
    const running = await insertInstance(t.db, { userId, releaseAt: new Date(now.getTime() - HOUR) }, now);
    expect(await runRetention(t.ctx)).not.toContain(due.id);
    t.clock.advance(HOUR);
    const released = await runRetention(t.ctx);
    expect(released).toContain(due.id);
    expect(released).not.toContain(running.id);
    expect(await runRetention(t.ctx)).toEqual([]);
    const after = await instanceById(t.db, due.id);
    expect(after.state).toBe("releasing");
    expect(after.transitionAt).toEqual(new Date(t.clock.now().getTime() + 3_000));
    expect(await titles(userId)).toEqual([RELEASED_TITLE]);
  });
});
