import { createHash, randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { contentFiles } from "../../db/content-schema";
import { inTransaction } from "../../db/tx";
import type { Ctx } from "../context";
import { fail } from "../errors";
import { recordStaffAudit } from "../staff/audit";
import type { StaffCaller } from "../staff/caller";
import { inspectUpload } from "../uploads/inspect";
import { requireContentEditor } from "./desk-read";

/** Where the desk's doc images are stored: their own prefix, so the public read serves nothing else. */
const IMAGE_PREFIX = "content/images/";

/** An image an editor uploaded for a doc's markdown. */
export interface ContentImage {
  id: number;
  name: string;
  mime: string;
  sizeBytes: number;
  sha256: string;
  width: number | null;
  height: number | null;
}

/**
 * Stores an image of the markdown editor's upload (decision 042's way in):
 * the users' upload checks decide the type from the bytes (gif, jpeg, png,
 * sanitised SVG; 10 MB, 40 megapixels) and anything that is not an image is
 * refused. Recorded in content_files with its SHA-256 and who uploaded it, and
 * audited. Editors and admins only. The bytes are written before the row and
 * removed again when the row cannot be written.
 */
export async function storeContentImage(
  ctx: Ctx,
  staff: StaffCaller,
  input: { name: string; bytes: Uint8Array },
): Promise<ContentImage> {
  requireContentEditor(staff);
  const inspected = await inspectUpload(input);
  if (inspected.kind !== "image") fail("UPLOAD_TYPE_UNSUPPORTED", "file", "文档图片仅支持 gif、jpeg、jpg、png、svg");
  const now = ctx.now();
  const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
  const storageKey = `${IMAGE_PREFIX}${month}/${randomUUID()}`;
  const sha256 = createHash("sha256").update(inspected.bytes).digest("hex");
  await ctx.providers.storage.put(storageKey, inspected.bytes, inspected.mime);
  try {
    return await inTransaction(ctx.db, async (tx) => {
      const [row] = await tx
        .insert(contentFiles)
        .values({
          storageKey,
          name: inspected.name,
          mime: inspected.mime,
          sizeBytes: inspected.bytes.byteLength,
          sha256,
          uploadedBy: staff.staffId,
          createdAt: now,
        })
        .returning();
      const image = {
        id: row!.id,
        name: row!.name,
        mime: row!.mime,
        sizeBytes: row!.sizeBytes,
        sha256,
        width: inspected.width,
        height: inspected.height,
      };
      await recordStaffAudit(tx, staff, now, {
        action: "content.image_upload",
        targetType: "content_file",
        targetId: image.id,
        before: null,
        after: { name: image.name, mime: image.mime, sizeBytes: image.sizeBytes, sha256 },
      });
      return image;
    });
  } catch (error) {
    await ctx.providers.storage.delete(storageKey).catch(() => {});
    throw error;
  }
}

/**
 * A doc image's bytes for anyone (the public docs show them): only files
 * stored as doc images, never a software release's file; NOT_FOUND otherwise.
 */
export async function readContentImage(
  ctx: Ctx,
  id: number,
): Promise<{ name: string; mime: string; size: number; bytes: Uint8Array }> {
  if (!Number.isSafeInteger(id) || id <= 0) return fail("NOT_FOUND", "id", "图片不存在");
  const [row] = await ctx.db
    .select()
    .from(contentFiles)
    .where(and(eq(contentFiles.id, id), like(contentFiles.storageKey, `${IMAGE_PREFIX}%`)));
  if (!row) return fail("NOT_FOUND", "id", "图片不存在");
  const bytes = await ctx.providers.storage.get(row.storageKey);
  if (!bytes) return fail("NOT_FOUND", "id", "图片不存在");
  return { name: row.name, mime: row.mime, size: bytes.byteLength, bytes };
}
