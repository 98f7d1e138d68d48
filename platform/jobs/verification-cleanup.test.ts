/**
 * The verification cleanup job (decision 099): sandbox face sessions go an hour after they expired and ID card
 * readings a day after they were read, in bounded batches; what is younger stays.
 */
import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idCardReadings } from "../db/idface-schema";
import { sandboxFaceSessions } from "../db/identity-sandbox-schema";
import { verificationFiles } from "../db/verification-schema";
import { mainAccount } from "../../tests/support/instances";
import { MINUTE, startTestPlatform, type TestPlatform } from "../../tests/support/platform";
import { JOBS } from "./scheduler";
import { runVerificationCleanup } from "./verification-cleanup";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const HOUR = 60 * MINUTE;

async function sessionsExpiringIn(ms: number, n: number): Promise<string[]> {
  const now = t.clock.now().getTime();
  const rows = Array.from({ length: n }, () => ({
    id: randomBytes(32).toString("base64url"),
    maskedIdNumber: "1****************5",
    createdAt: new Date(now + ms - 10 * MINUTE),
    expiresAt: new Date(now + ms),
  }));
  await t.db.insert(sandboxFaceSessions).values(rows);
  return rows.map((r) => r.id);
}

const remaining = async (ids: string[]) =>
  (await t.db.select().from(sandboxFaceSessions).where(inArray(sandboxFaceSessions.id, ids))).length;

describe("verification cleanup", () => {
  it("is scheduled with the other jobs", () => {
    expect(JOBS.find((j) => j.name === "verification-cleanup")?.run).toBe(runVerificationCleanup);
  });

  it("deletes sandbox face sessions an hour past their expiry, a batch at a time", async () => {
    const old = await sessionsExpiringIn(-2 * HOUR, 3);
    const recent = await sessionsExpiringIn(-30 * MINUTE, 1);
    const open = await sessionsExpiringIn(5 * MINUTE, 1);
    const first = await runVerificationCleanup(t.ctx, 2);
    expect(first.faceSessions).toBe(2);
    expect(await remaining(old)).toBe(1);
    expect((await runVerificationCleanup(t.ctx, 2)).faceSessions).toBe(1);
    expect(await remaining(old)).toBe(0);
    expect(await remaining([...recent, ...open])).toBe(2);
    expect((await runVerificationCleanup(t.ctx, 2)).faceSessions).toBe(0);
  });

  it("deletes ID card readings a day after they were read", async () => {
    const { userId } = await mainAccount(t);
    const now = t.clock.now().getTime();
    const files = await t.db
      .insert(verificationFiles)
      .values(
        [0, 1].map((i) => ({
          userId,
          purpose: "id_front" as const,
          storageKey: `verification/cleanup-${now}-${i}`,
          mime: "image/png",
          byteSize: 1,
          createdAt: new Date(now),
        })),
      )
      .returning();
    await t.db.insert(idCardReadings).values([
      { fileId: files[0]!.id, userId, side: "front", readingSealed: "pd1.x", createdAt: new Date(now - 25 * HOUR) },
      { fileId: files[1]!.id, userId, side: "front", readingSealed: "pd1.y", createdAt: new Date(now - 23 * HOUR) },
    ]);
    expect((await runVerificationCleanup(t.ctx)).readings).toBe(1);
    const left = await t.db.select().from(idCardReadings).where(eq(idCardReadings.userId, userId));
    expect(left.map((r) => r.fileId)).toEqual([files[1]!.id]);
  });
});
