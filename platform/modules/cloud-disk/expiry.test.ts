/**
 * The end of a cloud disk's term (issue 36 §1, decision 083), on an injected clock: warnings 7, 3 and 1 days
 * before (once each, armed again by a renewal), read-only at expiry, deleted when the retention is over; two
 * runners at once send each message once.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cloudDisks } from "../../db/disk-schema";
import { notifications } from "../../db/schema";
import { DAY, MINUTE, startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { runCloudDiskExpiry } from "../../jobs/cloud-disk-expiry";
import { buyCloudDisk } from "./buy";
import { DISK_DELETED_TITLE, DISK_EXPIRY_SOON_TITLE, DISK_READ_ONLY_TITLE } from "./expiry";
import { cloudDiskInfo } from "./info";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform({ start: new Date("2026-11-01T02:00:00.000Z") });
});
afterAll(() => t.close());

let keys = 0;
const key = () => `expiry-${++keys}-${Date.now()}`;

async function diskOwner() {
  const user = await t.registerUser();
  await t.setWallets(user.userId, { cashFen: 100_00 });
  const caller = await t.callerOf(user);
  const bought = await buyCloudDisk(t.ctx, caller, {
    op: "buy",
    regionCode: "bj-a",
    sizeGb: 10,
    months: 1,
    operationKey: key(),
  });
  return { caller, expiresAt: bought.disk.expiresAt.getTime() };
}

const noticesOf = async (userId: number, title: string) =>
  (
    await t.db
      .select({ original: notifications.original })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.title, title)))
  ).map((n) => n.original);

const stateOf = async (userId: number) =>
  (await t.db.select({ state: cloudDisks.state }).from(cloudDisks).where(eq(cloudDisks.userId, userId)))[0]!.state;

/** Moves the clock to `at` (ms) and runs the job twice at once, as two replicas would. */
async function runAt(at: number) {
  t.clock.advance(at - t.clock.now().getTime());
  const [a, b] = await Promise.all([runCloudDiskExpiry(t.ctx), runCloudDiskExpiry(t.ctx)]);
  return {
    warned: [...a.warned, ...b.warned],
    readOnly: [...a.readOnly, ...b.readOnly],
    deleted: [...a.deleted, ...b.deleted],
  };
}

describe("cloud disk expiry", () => {
  it("warns 7, 3 and 1 days before, once each; read-only at expiry; deleted after the retention", async () => {
    const { caller, expiresAt } = await diskOwner();
    const retention = t.ctx.site.instanceRetentionDays;

    await runAt(expiresAt - 7 * DAY - MINUTE);
    expect(await noticesOf(caller.userId, DISK_EXPIRY_SOON_TITLE)).toHaveLength(0);

    for (const [days, expected] of [
      [7, 1],
      [3, 2],
      [1, 3],
    ] as const) {
      await runAt(expiresAt - days * DAY + MINUTE);
      await runAt(expiresAt - days * DAY + 2 * MINUTE);
      const sent = await noticesOf(caller.userId, DISK_EXPIRY_SOON_TITLE);
      expect(sent).toHaveLength(expected);
      expect(sent.at(-1)).toContain(`不足 ${days} 天`);
    }
    expect(await stateOf(caller.userId)).toBe("active");

    const atExpiry = await runAt(expiresAt);
    expect(atExpiry.readOnly.length).toBeGreaterThan(0);
    expect(await stateOf(caller.userId)).toBe("read_only");
    const readOnly = await noticesOf(caller.userId, DISK_READ_ONLY_TITLE);
    expect(readOnly).toHaveLength(1);
    expect(readOnly[0]).toContain("现为只读");
    // Read-only disks are still listed, with their state.
    expect((await cloudDiskInfo(t.ctx, caller)).disks.map((d) => d.state)).toEqual(["read_only"]);

    await runAt(expiresAt + retention * DAY - MINUTE);
    expect(await stateOf(caller.userId)).toBe("read_only");
    await runAt(expiresAt + retention * DAY);
    expect(await stateOf(caller.userId)).toBe("deleted");
    expect(await noticesOf(caller.userId, DISK_DELETED_TITLE)).toHaveLength(1);
    expect((await cloudDiskInfo(t.ctx, caller)).disks).toEqual([]);
    await runAt(expiresAt + retention * DAY + DAY);
    expect(await noticesOf(caller.userId, DISK_DELETED_TITLE)).toHaveLength(1);
    expect(await noticesOf(caller.userId, DISK_READ_ONLY_TITLE)).toHaveLength(1);
    expect(await noticesOf(caller.userId, DISK_EXPIRY_SOON_TITLE)).toHaveLength(3);

    // A deleted disk frees its region: a new one can be bought there.
    const again = await buyCloudDisk(t.ctx, caller, {
      op: "buy",
      regionCode: "bj-a",
      sizeGb: 20,
      months: 1,
      operationKey: key(),
    });
    expect(again.disk.sizeGb).toBe(20);
  });

  it("a renewal arms the warnings again for the new expiry; a read-only disk renewed is never deleted", async () => {
    const { caller, expiresAt } = await diskOwner();
    await runAt(expiresAt - 7 * DAY + MINUTE);
    expect(await noticesOf(caller.userId, DISK_EXPIRY_SOON_TITLE)).toHaveLength(1);
    await buyCloudDisk(t.ctx, caller, { op: "renew", regionCode: "bj-a", months: 1, operationKey: key() });
    const renewedExpiry = expiresAt + 30 * DAY;
    await runAt(expiresAt + MINUTE);
    expect(await stateOf(caller.userId)).toBe("active");
    await runAt(renewedExpiry - 7 * DAY + MINUTE);
    expect(await noticesOf(caller.userId, DISK_EXPIRY_SOON_TITLE)).toHaveLength(2);

    await runAt(renewedExpiry + MINUTE);
    expect(await stateOf(caller.userId)).toBe("read_only");
    await buyCloudDisk(t.ctx, caller, { op: "renew", regionCode: "bj-a", months: 1, operationKey: key() });
    expect(await stateOf(caller.userId)).toBe("active");
    await runAt(renewedExpiry + t.ctx.site.instanceRetentionDays * DAY + MINUTE);
    expect(await stateOf(caller.userId)).toBe("active");
  });
});
