/**
 * What is kept of verification and for how long (issue 37 §3, decision 101): the job deletes a file's bytes
 * VERIFICATION_FILE_RETENTION_DAYS after its application was decided and a never-named file after 7 days, in bounded
 * batches; closing the account deletes every file at once and erases the entries' sealed values, keeping the
 * decision and the ID number's keyed hash.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { verificationEntries, verificationFiles } from "../../db/verification-schema";
import { VERIFICATION_LIMIT_DEFAULTS } from "../../rules/verification-unlocks";
import {
  DAY,
  MINUTE,
  startTestPlatform,
  type RegisteredUser,
  type TestPlatform,
} from "../../../tests/support/platform";
import { insertPendingEntry, newIdNumber } from "../../../tests/support/verification-rows";
import { pngImage } from "../../../tests/support/upload-fixtures";
import { storeVerificationFile } from "./files";
import { idNumberHash } from "./sealing";
import { purgeVerificationData } from "./retention";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());
afterEach(() => {
  t.ctx.site.verification = { ...VERIFICATION_LIMIT_DEFAULTS };
});

const fileRow = async (id: number) =>
  (await t.db.select().from(verificationFiles).where(eq(verificationFiles.id, id)))[0]!;
const bytesKept = async (id: number) => (await t.ctx.providers.storage.get((await fileRow(id)).storageKey)) !== null;

async function decide(entryId: number, at: Date) {
  await t.db
    .update(verificationEntries)
    .set({ status: "rejected", reason: "照片不清晰", decidedAt: at })
    .where(eq(verificationEntries.id, entryId));
}

/** Runs the job until it has nothing left (each run is bounded). */
async function drain(batch?: number) {
  for (let i = 0; i < 100; i++) {
    const done = await purgeVerificationData(t.ctx, batch);
    if (done.files === 0 && done.entries === 0) return;
  }
}

describe("the retention job", () => {
  it("deletes the bytes 30 days after the decision, keeps the row; pending and recent files stay", async () => {
    const user = await t.registerUser();
    const now = t.clock.now().getTime();
    const old = await insertPendingEntry(t, user, { kind: "student", method: "card", files: ["student_card"] });
    await decide(old.id, new Date(now - 31 * DAY));
    const recent = await insertPendingEntry(t, await t.registerUser(), {
      kind: "student",
      method: "card",
      files: ["student_card"],
    });
    await decide(recent.id, new Date(now - 29 * DAY));
    const pending = await insertPendingEntry(t, await t.registerUser(), {
      kind: "personal",
      method: "other",
      files: ["other"],
      createdAt: new Date(now - 90 * DAY),
    });

    await drain();
    const purged = await fileRow(old.fileIds[0]!);
    expect(purged.purgedAt).not.toBeNull();
    expect(await bytesKept(old.fileIds[0]!)).toBe(false);
    expect(await bytesKept(recent.fileIds[0]!)).toBe(true);
    expect((await fileRow(recent.fileIds[0]!)).purgedAt).toBeNull();
    expect(await bytesKept(pending.fileIds[0]!)).toBe(true);
  });

  it("takes the retention from VERIFICATION_FILE_RETENTION_DAYS", async () => {
    t.ctx.site.verification = { ...VERIFICATION_LIMIT_DEFAULTS, fileRetentionDays: 10 };
    const user = await t.registerUser();
    const entry = await insertPendingEntry(t, user, { kind: "student", method: "card", files: ["student_card"] });
    await decide(entry.id, new Date(t.clock.now().getTime() - 11 * DAY));
    await drain();
    expect(await bytesKept(entry.fileIds[0]!)).toBe(false);
  });

  it("deletes a file never named by an application after 7 days, in bounded batches", async () => {
    const user = await t.registerUser();
    const caller = await t.callerOf(user);
    const store = async () =>
      (await storeVerificationFile(t.ctx, caller, { purpose: "other", name: "x.png", bytes: pngImage(4, 4) })).id;
    const a = await store();
    const b = await store();
    t.clock.advance(6 * DAY);
    const fresh = await store();
    t.clock.advance(DAY + MINUTE);

    const first = await purgeVerificationData(t.ctx, 1);
    expect(first.files).toBe(1);
    await drain(1);
    expect(await bytesKept(a)).toBe(false);
    expect(await bytesKept(b)).toBe(false);
    expect(await bytesKept(fresh)).toBe(true);
    const rows = await t.db
      .select()
      .from(verificationFiles)
      .where(inArray(verificationFiles.id, [a, b]));
    expect(rows.every((r) => r.purgedAt !== null)).toBe(true);
  });
});

describe("closing the account", () => {
  async function closeAccount(user: RegisteredUser) {
    t.clock.advance(MINUTE + 1000);
    const code = await t.sendCode(user.phone, "unregister");
    const reply = await t.post("/unregister", { session: user.token, code, agree: "1" });
    expect(reply.body.status).toBe(0);
  }

  it("deletes every verification file at once and keeps only the decision and the ID number's hash", async () => {
    const user = await t.registerUser();
    const idNumber = newIdNumber();
    const verified = await insertPendingEntry(t, user, {
      kind: "personal",
      method: "other",
      name: "孙八",
      idNumber,
      files: ["other"],
    });
    await t.db
      .update(verificationEntries)
      .set({ status: "verified", decidedAt: t.clock.now() })
      .where(eq(verificationEntries.id, verified.id));
    const pending = await insertPendingEntry(t, user, { kind: "student", method: "card", files: ["student_card"] });
    const caller = await t.callerOf(user);
    const loose = await storeVerificationFile(t.ctx, caller, { purpose: "other", name: "y.png", bytes: pngImage() });

    await closeAccount(user);

    for (const id of [...verified.fileIds, ...pending.fileIds, loose.id]) {
      expect(await bytesKept(id)).toBe(false);
      expect((await fileRow(id)).purgedAt).not.toBeNull();
    }
    const entries = await t.db.select().from(verificationEntries).where(eq(verificationEntries.userId, user.userId));
    const kept = entries.find((e) => e.id === verified.id)!;
    expect(kept).toMatchObject({
      status: "verified",
      kind: "personal",
      nameSealed: null,
      idNumberSealed: null,
      cardNumberSealed: null,
      idNumberHash: idNumberHash(t.ctx.personalData, idNumber),
    });
    expect(kept.erasedAt).not.toBeNull();
    expect(entries.find((e) => e.id === pending.id)).toMatchObject({ status: "rejected", reason: "账号已注销" });
  });
});
