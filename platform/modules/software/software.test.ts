/**
 * Software downloads (issue 35 §1, §2): the seeded tool's releases per
 * platform with the SHA-256 of the bytes served, editors adding a release
 * (the uploads' checks for installers, the hash computed from the stored
 * bytes, audited) and withdrawing one (gone from the list and the download),
 * nothing for a draft tool, and no one but editors and admins changing releases.
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { contentFiles, datasets, software, softwareReleases } from "../../db/content-schema";
import { seedDatasets } from "../../db/seed-datasets";
import { SEED_SOFTWARE_FILES, seedFileKey, seedSoftware, storeSeededSoftwareFiles } from "../../db/seed-software";
import { GPU_SSH_CONFIG_PS1, GPU_SSH_CONFIG_SH } from "../../db/seed-software-files";
import { staffAccounts, staffAudit, type StaffRole } from "../../db/staff-schema";
import { softwareKind } from "../content/kinds";
import { createContent, seedPublishedContent } from "../content/lifecycle";
import type { StaffCaller } from "../staff/caller";
import { listPublishedSoftware, readReleaseDownload } from "./read";
import { addSoftwareRelease, listSoftwareReleases, withdrawSoftwareRelease } from "./releases";

let t: TestPlatform;
beforeAll(async () => {
  t = await startTestPlatform();
});
afterAll(() => t.close());

const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");
const text = (s: string) => new TextEncoder().encode(s);
const SCRIPT = text("#!/bin/sh\necho 你好\n");
const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0, ...new Array(40).fill(0)]);
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, ...new Array(50).fill(0)]);

let staffIds = 0;
async function staff(role: StaffRole, name = "编辑小周"): Promise<StaffCaller> {
  const login = `sw${Date.now()}${++staffIds}`;
  await t.ops("staff add", { login, name, role, password: "Desk-passw0rd" });
  const [row] = await t.db.select({ id: staffAccounts.id }).from(staffAccounts).where(eq(staffAccounts.login, login));
  return { staffId: row!.id, login, displayName: name, role, sessionId: 0, origin: { ip: null } };
}

let tools = 0;
async function tool(publish = true) {
  const input = { slug: `tool-${++tools}-${Date.now() % 100000}`, fields: { name: `工具${tools}`, body: "说明" } };
  return publish ? seedPublishedContent(t.ctx, softwareKind, input) : createContent(t.ctx, null, softwareKind, input);
}

const release = (version: string, platform: string, name = "tool.sh", bytes = SCRIPT) => ({
  fields: { version, platform, notes: `${version} 更新说明` },
  file: { name, bytes },
});

describe("the seeded tool", () => {
  it("lists SSH 连接助手 1.0.0 for Windows, macOS and Linux; each download's bytes hash to the figure shown", async () => {
    const [helper] = (await listPublishedSoftware(t.ctx)).filter((s) => s.slug === "ssh-config-helper");
    expect(helper).toMatchObject({ name: "SSH 连接助手", older: [] });
    expect(helper!.latest.map((r) => [r.platform, r.version, r.fileName])).toEqual([
      ["windows", "1.0.0", "gpu-ssh-config.ps1"],
      ["macos", "1.0.0", "gpu-ssh-config.sh"],
      ["linux", "1.0.0", "gpu-ssh-config.sh"],
    ]);
    for (const r of helper!.latest) {
      const download = await readReleaseDownload(t.ctx, r.id);
      expect(sha256(download.bytes)).toBe(r.sha256);
      expect(download.bytes.byteLength).toBe(r.sizeBytes);
      expect(r.sha256).toBe(sha256(r.platform === "windows" ? GPU_SSH_CONFIG_PS1 : GPU_SSH_CONFIG_SH));
    }
  });

  it("is seeded once: a second seed adds nothing, and a start puts back bytes missing from storage", async () => {
    const count = async () => [
      (await t.db.select({ id: software.id }).from(software)).length,
      (await t.db.select({ id: softwareReleases.id }).from(softwareReleases)).length,
      (await t.db.select({ id: contentFiles.id }).from(contentFiles)).length,
      (await t.db.select({ id: datasets.id }).from(datasets)).length,
    ];
    const before = await count();
    await seedSoftware(t.db);
    await seedDatasets(t.db);
    expect(await count()).toEqual(before);

    const [sh] = SEED_SOFTWARE_FILES;
    await t.ctx.providers.storage.delete(seedFileKey(sh!));
    await storeSeededSoftwareFiles(t.ctx);
    expect(await t.ctx.providers.storage.get(seedFileKey(sh!))).toEqual(sh!.bytes);
  });
});

describe("releases", () => {
  it("adds a release with the SHA-256 of the stored bytes, audited; the newer one becomes the latest", async () => {
    const editor = await staff("editor");
    const { id } = await tool();
    const first = await addSoftwareRelease(t.ctx, editor, id, release("1.0.0", "linux"));
    const second = await addSoftwareRelease(t.ctx, editor, id, release("1.1.0", "linux", "tool-1.1.zip", ZIP));
    const win = await addSoftwareRelease(t.ctx, editor, id, release("1.1.0", "windows", "setup.exe", EXE));
    expect(second).toMatchObject({
      version: "1.1.0",
      fileName: "tool-1.1.zip",
      sha256: sha256(ZIP),
      addedBy: "编辑小周",
    });
    expect(win).toMatchObject({ sizeBytes: EXE.byteLength, sha256: sha256(EXE) });
    const [file] = await t.db
      .select()
      .from(contentFiles)
      .innerJoin(softwareReleases, eq(softwareReleases.fileId, contentFiles.id))
      .where(eq(softwareReleases.id, second.id));
    expect(await t.ctx.providers.storage.get(file!.content_files.storageKey)).toEqual(ZIP);
    expect(file!.content_files).toMatchObject({ mime: "application/zip", uploadedBy: editor.staffId });

    const listed = (await listPublishedSoftware(t.ctx)).find((s) => s.id === id)!;
    expect(listed.latest.map((r) => [r.platform, r.version])).toEqual([
      ["windows", "1.1.0"],
      ["linux", "1.1.0"],
    ]);
    expect(listed.older.map((r) => r.id)).toEqual([first.id]);
    const audits = await t.db
      .select({ action: staffAudit.action })
      .from(staffAudit)
      .where(and(eq(staffAudit.staffId, editor.staffId), eq(staffAudit.targetId, String(id))));
    expect(audits.map((a) => a.action)).toEqual(Array(3).fill("software.release.add"));
  });

  it("withdraws a release: gone from the list and the download, the older one is the latest again, audited", async () => {
    const admin = await staff("admin", "管理员");
    const { id } = await tool();
    const old = await addSoftwareRelease(t.ctx, admin, id, release("2.0.0", "macos"));
    const bad = await addSoftwareRelease(t.ctx, admin, id, release("2.0.1", "macos"));
    await withdrawSoftwareRelease(t.ctx, admin, bad.id);
    const listed = (await listPublishedSoftware(t.ctx)).find((s) => s.id === id)!;
    expect(listed.latest.map((r) => r.id)).toEqual([old.id]);
    expect(listed.older).toEqual([]);
    await expect(readReleaseDownload(t.ctx, bad.id)).rejects.toMatchObject({ key: "NOT_FOUND" });
    expect(await readReleaseDownload(t.ctx, old.id)).toMatchObject({ sha256: sha256(SCRIPT) });
    await expect(withdrawSoftwareRelease(t.ctx, admin, bad.id)).rejects.toMatchObject({ key: "BAD_REQUEST" });
    await expect(withdrawSoftwareRelease(t.ctx, admin, 999_999_999)).rejects.toMatchObject({ key: "NOT_FOUND" });
    const desk = await listSoftwareReleases(t.ctx, admin, id);
    expect(desk.map((r) => [r.version, r.withdrawnAt !== null])).toEqual([
      ["2.0.1", true],
      ["2.0.0", false],
    ]);
    const [audit] = await t.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.action, "software.release.withdraw"), eq(staffAudit.targetId, String(id))));
    expect(audit).toMatchObject({ staffId: admin.staffId });
  });

  it("shows nothing of a draft tool: not listed, its releases not downloadable", async () => {
    const editor = await staff("editor");
    const { id } = await tool(false);
    const added = await addSoftwareRelease(t.ctx, editor, id, release("0.1.0", "any"));
    expect((await listPublishedSoftware(t.ctx)).map((s) => s.id)).not.toContain(id);
    await expect(readReleaseDownload(t.ctx, added.id)).rejects.toMatchObject({ key: "NOT_FOUND" });
    await t.db.update(software).set({ status: "unpublished" }).where(eq(software.id, id));
    await expect(readReleaseDownload(t.ctx, added.id)).rejects.toMatchObject({ key: "NOT_FOUND" });
  });

  it("refuses agents, leads and finance, wrong files and a repeated version, leaving nothing stored", async () => {
    const { id } = await tool();
    const filesBefore = (await t.db.select({ id: contentFiles.id }).from(contentFiles)).length;
    for (const role of ["agent", "lead", "finance"] as const) {
      const someone = await staff(role, "客服");
      await expect(addSoftwareRelease(t.ctx, someone, id, release("1.0.0", "linux"))).rejects.toMatchObject({
        key: "PERMISSION_DENIED",
      });
      await expect(listSoftwareReleases(t.ctx, someone, id)).rejects.toMatchObject({ key: "PERMISSION_DENIED" });
    }
    const editor = await staff("editor");
    const refusals: [ReturnType<typeof release>, string, string][] = [
      [release("1.0.0", "linux", "tool.zip", EXE), "UPLOAD_TYPE_UNSUPPORTED", "file"],
      [release("1.0.0", "linux", "tool.sh", ZIP), "UPLOAD_TYPE_UNSUPPORTED", "file"],
      [release("1.0.0", "linux", "tool.php", SCRIPT), "UPLOAD_TYPE_UNSUPPORTED", "file"],
      [release("1.0.0", "linux", "tool.sh", new Uint8Array()), "UPLOAD_EMPTY", "file"],
      [release("1 0", "linux"), "BAD_REQUEST", "version"],
      [release("1.0.0", "beos"), "BAD_REQUEST", "platform"],
    ];
    for (const [input, key, field] of refusals)
      await expect(addSoftwareRelease(t.ctx, editor, id, input)).rejects.toMatchObject({ key, field });
    await expect(addSoftwareRelease(t.ctx, editor, 999_999_999, release("1.0.0", "linux"))).rejects.toMatchObject({
      key: "NOT_FOUND",
    });
    expect((await t.db.select({ id: contentFiles.id }).from(contentFiles)).length).toBe(filesBefore);

    await addSoftwareRelease(t.ctx, editor, id, release("1.0.0", "linux"));
    await expect(addSoftwareRelease(t.ctx, editor, id, release("1.0.0", "linux"))).rejects.toMatchObject({
      key: "BAD_REQUEST",
      field: "version",
    });
    expect((await t.db.select({ id: contentFiles.id }).from(contentFiles)).length).toBe(filesBefore + 1);
  });
});
