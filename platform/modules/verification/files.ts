import { randomUUID } from "node:crypto";
import { and, count, eq, gte, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { verificationEntries, verificationFiles, type VerificationFilePurpose } from "../../db/verification-schema";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { openPersonalData, sealPersonalData } from "../security/personal-data-cipher";
import { inspectUpload } from "../uploads/inspect";
import { verifyingAccountOf } from "./scope";

/** An uploaded verification file as its owner and the pages see it: no name, no bytes. */
export interface VerificationFile {
  id: number;
  purpose: VerificationFilePurpose;
  mime: string;
  byteSize: number;
  createdAt: Date;
}

/** A file and its opened bytes, for serving (with `Cache-Control: no-store`). */
export interface VerificationFileContent {
  file: VerificationFile;
  bytes: Uint8Array;
}

const IMAGES = ["image/jpeg", "image/png"];
const IMAGES_AND_PDF = [...IMAGES, "application/pdf"];

/** The types each purpose accepts: OCR reads photos only; letters and reports may be PDF. */
export const ACCEPTED_TYPES: Record<VerificationFilePurpose, readonly string[]> = {
  id_front: IMAGES,
  id_back: IMAGES,
  licence: IMAGES,
  authorisation: IMAGES_AND_PDF,
  other: IMAGES_AND_PDF,
  student_card: IMAGES_AND_PDF,
};

/** How many verification files one account may upload in a day (a few applications with retries). */
export const VERIFICATION_UPLOADS_PER_DAY = 40;
const DAY = 24 * 60 * 60 * 1000;

/** The seal binds the bytes to their storage key, so bytes moved under another row do not open. */
const fileSealContext = (storageKey: string) => `verification-file:${storageKey}`;

const toVerificationFile = (row: typeof verificationFiles.$inferSelect): VerificationFile => ({
  id: row.id,
  purpose: row.purpose,
  mime: row.mime,
  byteSize: row.byteSize,
  createdAt: row.createdAt,
});

/**
 * Stores one verification file of the caller's main account: the type is decided from the bytes (uploads/inspect.ts)
 * and must be one the purpose accepts (JPEG or PNG for what OCR reads; PDF too for letters and reports). The bytes
 * are sealed before they reach the storage provider; the file's name is not kept. A refused file leaves nothing.
 */
export async function storeVerificationFile(
  ctx: Ctx,
  caller: Caller,
  input: { purpose: VerificationFilePurpose; name: string; bytes: Uint8Array },
): Promise<VerificationFile> {
  const userId = verifyingAccountOf(caller);
  const inspected = await inspectUpload({ name: input.name, bytes: input.bytes });
  const accepted = ACCEPTED_TYPES[input.purpose];
  if (!accepted.includes(inspected.mime))
    fail(
      "UPLOAD_TYPE_UNSUPPORTED",
      "file",
      accepted.includes("application/pdf") ? "请上传 JPG、PNG 图片或 PDF 文件" : "请上传 JPG 或 PNG 格式的照片",
    );

  const now = ctx.now();
  const [recent] = await ctx.db
    .select({ n: count() })
    .from(verificationFiles)
    .where(and(eq(verificationFiles.userId, userId), gte(verificationFiles.createdAt, new Date(now.getTime() - DAY))));
  if ((recent?.n ?? 0) >= VERIFICATION_UPLOADS_PER_DAY) fail("UPLOAD_RATE", "file");

  const storageKey = `verification/${randomUUID()}`;
  const sealed = sealPersonalData(ctx.personalData, Buffer.from(inspected.bytes), fileSealContext(storageKey));
  await ctx.providers.storage.put(storageKey, new TextEncoder().encode(sealed), "application/octet-stream");
  try {
    const [row] = await ctx.db
      .insert(verificationFiles)
      .values({
        userId,
        purpose: input.purpose,
        storageKey,
        mime: inspected.mime,
        byteSize: inspected.bytes.byteLength,
        createdAt: now,
      })
      .returning();
    return toVerificationFile(row!);
  } catch (error) {
    await ctx.providers.storage.delete(storageKey).catch(() => {});
    throw error;
  }
}

/** The opened bytes of a file row whose bytes are still kept; callers decide who may see them. */
export async function openVerificationFile(
  ctx: Pick<Ctx, "providers" | "personalData">,
  row: typeof verificationFiles.$inferSelect,
): Promise<VerificationFileContent> {
  const stored = row.purgedAt === null ? await ctx.providers.storage.get(row.storageKey) : undefined;
  if (!stored) return fail("NOT_FOUND", undefined, "文件已按规定删除");
  const bytes = openPersonalData(ctx.personalData, new TextDecoder().decode(stored), fileSealContext(row.storageKey));
  return { file: toVerificationFile(row), bytes: new Uint8Array(bytes) };
}

/**
 * The file for its owner (issue 37 §3): only while it is not yet part of an application or its application is still
 * pending; a decided one is for reviewers only. Someone else's file, or none, is NOT_FOUND alike.
 */
export async function readOwnVerificationFile(ctx: Ctx, caller: Caller, id: number): Promise<VerificationFileContent> {
  const userId = verifyingAccountOf(caller);
  if (!Number.isSafeInteger(id) || id <= 0) return fail("NOT_FOUND");
  const [found] = await ctx.db
    .select({ file: verificationFiles, entryStatus: verificationEntries.status })
    .from(verificationFiles)
    .leftJoin(verificationEntries, eq(verificationEntries.id, verificationFiles.entryId))
    .where(and(eq(verificationFiles.id, id), eq(verificationFiles.userId, userId)));
  if (!found || (found.entryStatus !== null && found.entryStatus !== "pending")) return fail("NOT_FOUND");
  return openVerificationFile(ctx, found.file);
}

/**
 * Names files in an application (inside its transaction): each must be the account's own, of a purpose the
 * application accepts, not yet named by another application and not purged; otherwise the field is refused and
 * nothing is attached. Answers the files in the order given.
 */
export async function attachVerificationFiles(
  db: Db,
  input: {
    userId: number;
    entryId: number;
    fileIds: number[];
    purposes: readonly VerificationFilePurpose[];
    field: string;
  },
): Promise<VerificationFile[]> {
  const ids = [...new Set(input.fileIds)];
  if (ids.length === 0) return [];
  if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) return fail("BAD_REQUEST", input.field, "文件编号无效");
  const attached = await db
    .update(verificationFiles)
    .set({ entryId: input.entryId })
    .where(
      and(
        inArray(verificationFiles.id, ids),
        eq(verificationFiles.userId, input.userId),
        inArray(verificationFiles.purpose, [...input.purposes]),
        isNull(verificationFiles.entryId),
        isNull(verificationFiles.purgedAt),
      ),
    )
    .returning();
  if (attached.length !== ids.length)
    return fail("BAD_REQUEST", input.field, "文件不存在、已被其他申请使用或类型不符，请重新上传");
  const byId = new Map(attached.map((row) => [row.id, toVerificationFile(row)]));
  return ids.map((id) => byId.get(id)!);
}

/** The files an application names, oldest first (for its page and the desk). */
export async function filesOfEntry(db: Db, entryId: number): Promise<(typeof verificationFiles.$inferSelect)[]> {
  return db
    .select()
    .from(verificationFiles)
    .where(eq(verificationFiles.entryId, entryId))
    .orderBy(verificationFiles.id);
}

/**
 * Deletes one of the account's files that no application names (a photo OCR could not read): its row, then its
 * bytes. Answers whether it did; a file already named by an application is kept.
 */
export async function discardUnattachedVerificationFile(
  ctx: Pick<Ctx, "db" | "providers">,
  userId: number,
  fileId: number,
): Promise<boolean> {
  const [row] = await ctx.db
    .delete(verificationFiles)
    .where(
      and(eq(verificationFiles.id, fileId), eq(verificationFiles.userId, userId), isNull(verificationFiles.entryId)),
    )
    .returning({ storageKey: verificationFiles.storageKey });
  if (!row) return false;
  await ctx.providers.storage.delete(row.storageKey).catch(() => {});
  return true;
}
