/**
 * Doc images of the content desk (issue 35 §2): an editor's upload goes through
 * the users' upload checks into content_files (SHA-256, who, audited), and is
 * read by anyone at /api/content/images/:id; agents cannot upload; what is not
 * an image, an unknown id, or a file that is not a doc image is refused.
 */
import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_SESSION_HEADER } from "../../contract/staff";
import { contentFiles } from "../../db/content-schema";
import { staffAudit } from "../../db/staff-schema";
import type { FilesystemStorageProvider } from "../../providers/storage/filesystem";
import { startTestPlatform, type TestPlatform } from "../../../tests/support/platform";
import { addStaff, staffLogin } from "../../../tests/support/staff";
import { elevenMegabytes, pdfDocument, PHP_SHELL, pngImage } from "../../../tests/support/upload-fixtures";

let t: TestPlatform;
let editor: string;
let agent: string;
let storageRoot: string;
beforeAll(async () => {
  t = await startTestPlatform();
  storageRoot = (t.ctx.providers.storage as FilesystemStorageProvider).root;
  editor = await staffLogin(t, await addStaff(t, "editor", "编辑小李"));
  agent = await staffLogin(t, await addStaff(t, "agent", "客服小王"));
});
afterAll(async () => {
  await t?.close();
  if (storageRoot) rmSync(storageRoot, { recursive: true, force: true });
});

function upload(token: string, name: string, type: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append("file", new File([bytes], name, { type }));
  return t.request("/staff/content/images", { method: "POST", headers: { [STAFF_SESSION_HEADER]: token }, body: form });
}

const publicRead = (id: number | string) => t.platform.fetch(new Request(`http://x/api/content/images/${id}`));

describe("doc images", () => {
  it("stores an editor's image with its SHA-256, audits it, and serves it to anyone", async () => {
    const bytes = pngImage(6, 5);
    const reply = await upload(editor, "显存.png", "image/png", bytes);
    expect(reply.body).toMatchObject({ status: 0, data: { mime: "image/png", width: 6, height: 5 } });
    const { id, url, sha256 } = reply.body.data as { id: number; url: string; sha256: string };
    expect(url).toBe(`/content-images/${id}`);
    expect(sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    const [row] = await t.db.select().from(contentFiles).where(eq(contentFiles.id, id));
    expect(row).toMatchObject({ sha256, sizeBytes: bytes.byteLength, mime: "image/png" });
    expect(row!.uploadedBy).toBeGreaterThan(0);
    const audits = await t.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.targetType, "content_file"), eq(staffAudit.targetId, String(id))));
    expect(audits.map((a) => a.action)).toEqual(["content.image_upload"]);

    const served = await publicRead(id);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
  });

  it("refuses agents, files that are not images, and oversized bodies, storing nothing", async () => {
    const before = (await t.db.select().from(contentFiles)).length;
    expect((await upload(agent, "a.png", "image/png", pngImage())).body).toMatchObject({ key: "PERMISSION_DENIED" });
    expect((await upload(editor, "a.pdf", "application/pdf", pdfDocument())).body).toMatchObject({
      key: "UPLOAD_TYPE_UNSUPPORTED",
      reason: "文档图片仅支持 gif、jpeg、jpg、png、svg",
    });
    expect((await upload(editor, "a.png", "image/png", PHP_SHELL)).body).toMatchObject({
      key: "UPLOAD_TYPE_UNSUPPORTED",
    });
    expect((await upload(editor, "big.png", "image/png", elevenMegabytes())).body).toMatchObject({
      key: "UPLOAD_TOO_LARGE",
    });
    expect((await t.db.select().from(contentFiles)).length).toBe(before);
  });

  it("answers 404 for an unknown id, a bad id, and a stored file that is not a doc image", async () => {
    const [other] = await t.db
      .insert(contentFiles)
      .values({
        storageKey: "software/tool-1",
        name: "tool.sh",
        mime: "text/plain",
        sizeBytes: 1,
        sha256: "0".repeat(64),
      })
      .returning();
    for (const id of [987_654_321, "abc", "0", other!.id]) {
      const served = await publicRead(id);
      expect(served.status, String(id)).toBe(404);
      expect(served.headers.get("content-type")).toContain("application/json");
    }
  });
});
