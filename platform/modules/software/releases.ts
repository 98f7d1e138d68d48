import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { contentFiles, software, softwareReleases, SOFTWARE_PLATFORMS } from "../../db/content-schema";
import { staffAccounts } from "../../db/staff-schema";
import { inTransaction, pgCode } from "../../db/tx";
import type { Ctx } from "../context";
import { fail } from "../errors";
import { recordStaffAudit } from "../staff/audit";
import { isEditor, type StaffCaller } from "../staff/caller";
import { inspectReleaseFile } from "./release-file";

/** The fields of a new release beside its file; each message is what the editor reads next to the field. */
export const ReleaseFields = z.object({
  version: z
    .string({ required_error: "请填写版本号" })
    .trim()
    .min(1, "请填写版本号")
    .regex(/^[0-9A-Za-z.+-]{1,32}$/, "版本号为 1-32 位字母、数字、点、加号或连字符（如 1.2.0）"),
  platform: z.enum(SOFTWARE_PLATFORMS, { errorMap: () => ({ message: "请选择适用系统" }) }),
  notes: z.string().max(5000, "更新说明不能超过 5000 个字符").default(""),
});
export type ReleaseFields = z.infer<typeof ReleaseFields>;

/** A release as the desk lists it: withdrawn ones too, with who added it. */
export interface DeskRelease {
  id: number;
  version: string;
  platform: (typeof SOFTWARE_PLATFORMS)[number];
  notes: string;
  releasedAt: Date;
  withdrawnAt: Date | null;
  fileName: string;
  sizeBytes: number;
  sha256: string;
  addedBy: string | null;
}

function requireEditor(staff: StaffCaller): void {
  if (!isEditor(staff)) fail("PERMISSION_DENIED", undefined, "只有编辑可以发布或撤回软件版本");
}

async function requireTool(ctx: Ctx, softwareId: number): Promise<void> {
  const [tool] = Number.isSafeInteger(softwareId)
    ? await ctx.db.select({ id: software.id }).from(software).where(eq(software.id, softwareId))
    : [];
  if (!tool) fail("NOT_FOUND", "softwareId", "没有这个软件");
}

/**
 * Adds a release to a tool (draft or published) for editors and admins: the
 * file passes the uploads' checks for installers (release-file.ts), its
 * SHA-256 is computed from the bytes as they are stored through the storage
 * provider, and the file row, the release and its audit row are written in one
 * transaction (the bytes are removed again when that fails). A version already
 * added for that platform is refused, on field `version`.
 */
export async function addSoftwareRelease(
  ctx: Ctx,
  staff: StaffCaller,
  softwareId: number,
  input: { fields: unknown; file: { name: string; bytes: Uint8Array } },
): Promise<DeskRelease> {
  requireEditor(staff);
  await requireTool(ctx, softwareId);
  const parsed = ReleaseFields.safeParse(input.fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return fail("BAD_REQUEST", issue.path.map(String).join(".") || undefined, issue.message);
  }
  const fields = parsed.data;
  const file = await inspectReleaseFile(input.file);
  const now = ctx.now();
  const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
  const storageKey = `software/${month}/${randomUUID()}`;
  await ctx.providers.storage.put(storageKey, file.bytes, file.mime);
  try {
    return await inTransaction(ctx.db, async (tx) => {
      const [stored] = await tx
        .insert(contentFiles)
        .values({
          storageKey,
          name: file.name,
          mime: file.mime,
          sizeBytes: file.bytes.byteLength,
          sha256: file.sha256,
          uploadedBy: staff.staffId,
          createdAt: now,
        })
        .returning({ id: contentFiles.id });
      const [release] = await tx
        .insert(softwareReleases)
        .values({ softwareId, ...fields, fileId: stored!.id, releasedAt: now, createdBy: staff.staffId })
        .returning();
      const added: DeskRelease = {
        id: release!.id,
        version: release!.version,
        platform: release!.platform,
        notes: release!.notes,
        releasedAt: release!.releasedAt,
        withdrawnAt: null,
        fileName: file.name,
        sizeBytes: file.bytes.byteLength,
        sha256: file.sha256,
        addedBy: staff.displayName,
      };
      await recordStaffAudit(tx, staff, now, {
        action: "software.release.add",
        targetType: "software",
        targetId: softwareId,
        before: null,
        after: { ...added, storageKey },
      });
      return added;
    });
  } catch (error) {
    await ctx.providers.storage.delete(storageKey).catch(() => {});
    if (pgCode(error) === "23505")
      return fail("BAD_REQUEST", "version", `这个系统已有 ${fields.version} 版，请换一个版本号`);
    throw error;
  }
}

/**
 * Withdraws a release for editors and admins: visitors no longer see or
 * download it (its file stays, so the desk and the audit can still name it).
 * An unknown release is NOT_FOUND; one already withdrawn is refused.
 */
export async function withdrawSoftwareRelease(ctx: Ctx, staff: StaffCaller, releaseId: number): Promise<void> {
  requireEditor(staff);
  const now = ctx.now();
  await inTransaction(ctx.db, async (tx) => {
    const [before] = Number.isSafeInteger(releaseId)
      ? await tx.select().from(softwareReleases).where(eq(softwareReleases.id, releaseId)).for("update")
      : [];
    if (!before) return fail("NOT_FOUND", "id", "没有这个版本");
    if (before.withdrawnAt !== null) fail("BAD_REQUEST", "id", "这个版本已经撤回");
    const [after] = await tx
      .update(softwareReleases)
      .set({ withdrawnAt: now })
      .where(and(eq(softwareReleases.id, releaseId), isNull(softwareReleases.withdrawnAt)))
      .returning();
    await recordStaffAudit(tx, staff, now, {
      action: "software.release.withdraw",
      targetType: "software",
      targetId: before.softwareId,
      before,
      after,
    });
  });
}

/** Every release of a tool, withdrawn ones too, newest first, for the desk (editors and admins). */
export async function listSoftwareReleases(ctx: Ctx, staff: StaffCaller, softwareId: number): Promise<DeskRelease[]> {
  requireEditor(staff);
  await requireTool(ctx, softwareId);
  return ctx.db
    .select({
      id: softwareReleases.id,
      version: softwareReleases.version,
      platform: softwareReleases.platform,
      notes: softwareReleases.notes,
      releasedAt: softwareReleases.releasedAt,
      withdrawnAt: softwareReleases.withdrawnAt,
      fileName: contentFiles.name,
      sizeBytes: contentFiles.sizeBytes,
      sha256: contentFiles.sha256,
      addedBy: staffAccounts.displayName,
    })
    .from(softwareReleases)
    .innerJoin(contentFiles, eq(contentFiles.id, softwareReleases.fileId))
    .leftJoin(staffAccounts, eq(staffAccounts.id, softwareReleases.createdBy))
    .where(eq(softwareReleases.softwareId, softwareId))
    .orderBy(desc(softwareReleases.releasedAt), desc(softwareReleases.id));
}
