/**
 * The verification file calls (issue 37 §3): a photo is stored sealed (the stored object is not the photo), its owner
 * reads it back while it is not part of a decided application, a stranger and a sub-account get nothing, and what a
 * purpose does not accept is refused with nothing stored.
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verificationEntries, verificationFiles } from "../db/verification-schema";
import { resolveSession } from "../modules/accounts/sessions";
import { createSubAccount } from "../modules/accounts/sub-accounts";
import { attachVerificationFiles } from "../modules/verification/files";
import { type FilesystemStorageProvider } from "../providers/storage/filesystem";
import { pngImage } from "../../tests/support/upload-fixtures";
import { startTestPlatform, type RegisteredUser, type TestPlatform } from "../../tests/support/platform";

let t: TestPlatform;
let owner: RegisteredUser;
let stranger: RegisteredUser;
let subToken: string;
let storageRoot: string;

const UPLOAD = "/third-party/api/v1/verification/file";

const upload = (token: string, purpose: string | null, filename: string, type: string, bytes: Uint8Array) => {
  const form = new FormData();
  form.append("file", new File([bytes], filename, { type }));
  if (purpose !== null) form.append("purpose", purpose);
  return t.platform.fetch(
    new Request(`http://x${UPLOAD}`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form }),
  );
};

const read = (token: string, id: number | string) =>
  t.platform.fetch(new Request(`http://x${UPLOAD}/${id}`, { headers: { authorization: `Bearer ${token}` } }));

const storedFiles = (): string[] => {
  try {
    return (readdirSync(storageRoot, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
      .filter((d) => d.isFile())
      .map((d) => join(d.parentPath, d.name));
  } catch {
    return [];
  }
};

beforeAll(async () => {
  t = await startTestPlatform();
  storageRoot = (t.ctx.providers.storage as FilesystemStorageProvider).root;
  owner = await t.registerUser();
  stranger = await t.registerUser();
  const caller = await resolveSession(t.ctx, { origin: { ip: null } }, { token: owner.token });
  await createSubAccount(t.ctx, caller, { name: "verifier", password: "Verify123", moneyLimitFen: 0 });
  const login = await t.post("/sub_account_login", { phone: owner.phone, name: "verifier", password: "Verify123" });
  subToken = login.body.data.token as string;
});

afterAll(async () => {
  await t?.close();
  if (storageRoot) rmSync(storageRoot, { recursive: true, force: true });
});

describe("POST /api/v1/verification/file", () => {
  it("stores the photo sealed and answers its id; the owner reads the same bytes back, never cached", async () => {
    const photo = pngImage(64, 40);
    const res = await upload(owner.token, "id_front", "idcard-front.png", "image/png", photo);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { code: number; data: { id: number; purpose: string; size: number } };
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ purpose: "id_front", size: photo.byteLength });
    expect(res.headers.get("cache-control")).toContain("no-store");

    const [row] = await t.db.select().from(verificationFiles).where(eq(verificationFiles.id, body.data.id));
    expect(row).toMatchObject({ userId: owner.userId, entryId: null, mime: "image/png" });
    const stored = readFileSync(storedFiles().find((p) => p.endsWith(row!.storageKey.split("/")[1]!))!);
    expect(stored.toString("latin1").startsWith("pd1.")).toBe(true);
    expect(stored.includes(Buffer.from(photo.subarray(0, 16)))).toBe(false);

    const back = await read(owner.token, body.data.id);
    expect(back.status).toBe(200);
    expect(back.headers.get("cache-control")).toBe("private, no-store");
    expect(back.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await back.arrayBuffer())).toEqual(photo);
  });

  it("answers a stranger, a sub-account and a made-up id alike: nothing", async () => {
    const res = await upload(owner.token, "other", "proof.png", "image/png", pngImage(20, 20));
    const { id } = ((await res.json()) as { data: { id: number } }).data;
    expect((await read(stranger.token, id)).status).toBe(404);
    expect((await read(owner.token, id + 1000)).status).toBe(404);
    expect((await read(owner.token, "abc")).status).toBe(404);
    expect((await read(subToken, id)).status).toBe(403);
    const bySub = await upload(subToken, "other", "proof.png", "image/png", pngImage(20, 20));
    expect(bySub.status).toBe(403);
  });

  it("refuses a type the purpose does not take, an unknown purpose and a missing one, storing nothing", async () => {
    const before = { rows: (await t.db.select().from(verificationFiles)).length, objects: storedFiles().length };
    const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const asIdCard = await upload(owner.token, "id_front", "card.pdf", "application/pdf", pdf);
    expect(asIdCard.status).toBe(415);
    expect(await asIdCard.json()).toMatchObject({ data: { field: "file" } });
    const unknown = await upload(owner.token, "selfie", "a.png", "image/png", pngImage(10, 10));
    expect(await unknown.json()).toMatchObject({ data: { field: "purpose" } });
    const missing = await upload(owner.token, null, "a.png", "image/png", pngImage(10, 10));
    expect(missing.status).toBe(400);
    expect({ rows: (await t.db.select().from(verificationFiles)).length, objects: storedFiles().length }).toEqual(
      before,
    );
  });

  it("a file named by a decided application is no longer served to its owner", async () => {
    const res = await upload(owner.token, "other", "proof.png", "image/png", pngImage(30, 30));
    const { id } = ((await res.json()) as { data: { id: number } }).data;
    const [entry] = await t.db
      .insert(verificationEntries)
      .values({ userId: owner.userId, kind: "other", method: "other", createdAt: new Date() })
      .returning();
    await attachVerificationFiles(t.db, {
      userId: owner.userId,
      entryId: entry!.id,
      fileIds: [id],
      purposes: ["other"],
      field: "file_ids",
    });
    expect((await read(owner.token, id)).status).toBe(200);
    await t.db
      .update(verificationEntries)
      .set({ status: "rejected", reason: "材料不清晰", decidedAt: new Date() })
      .where(eq(verificationEntries.id, entry!.id));
    expect((await read(owner.token, id)).status).toBe(404);
    // Attached once, it cannot be named by another application, nor can a stranger's file.
    await expect(
      attachVerificationFiles(t.db, {
        userId: owner.userId,
        entryId: entry!.id,
        fileIds: [id],
        purposes: ["other"],
        field: "file_ids",
      }),
    ).rejects.toMatchObject({ key: "BAD_REQUEST", field: "file_ids" });
    await expect(
      attachVerificationFiles(t.db, {
        userId: stranger.userId,
        entryId: entry!.id,
        fileIds: [id],
        purposes: ["other"],
        field: "file_ids",
      }),
    ).rejects.toMatchObject({ key: "BAD_REQUEST" });
  });
});
