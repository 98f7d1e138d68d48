import { and, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { idCardReadings, type IdCardSide } from "../../db/idface-schema";
import { inTransaction } from "../../db/tx";
import { IdentityProviderError } from "../../providers/identity/types";
import { retryReason } from "../../rules/verification-attempts";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { openPersonalText, sealPersonalData } from "../security/personal-data-cipher";
import { attemptsRetryAt, takeAttempt } from "./attempts";
import { liveEntryOf } from "./entries";
import { discardUnattachedVerificationFile, storeVerificationFile } from "./files";
import { verifyingAccountOf } from "./scope";

/** What OCR read from one side; the front's name and ID number go to the owner only, to confirm or correct. */
export interface IdCardReading {
  fileId: number;
  side: IdCardSide;
  name: string;
  idNumber: string;
  issuedBy: string;
  validPeriod: string;
}

/** A reading is kept this long at most (the confirm step comes minutes later; an abandoned one goes). */
export const ID_CARD_READING_TTL_MS = 24 * 60 * 60_000;

/** The seal binds a reading to its file, so a sealed reading moved under another file does not open. */
const readingContext = (fileId: number) => `id-card-reading:${fileId}`;

type ReadText = Omit<IdCardReading, "fileId" | "side">;

/** The side read by the configured OCR (outside any transaction); UNREADABLE becomes the refusal beside `file`. */
async function ocrSide(
  ctx: Ctx,
  side: IdCardSide,
  image: { bytes: Uint8Array; contentType: string; fileName: string },
) {
  const ocr = ctx.providers.identity.ocr;
  const empty: ReadText = { name: "", idNumber: "", issuedBy: "", validPeriod: "" };
  if (side === "front") {
    const front = await ocr.readIdCardFront(image);
    return { ...empty, name: front.name, idNumber: front.idNumber };
  }
  const back = await ocr.readIdCardBack(image);
  return { ...empty, issuedBy: back.issuedBy, validPeriod: back.validPeriod };
}

/**
 * `POST /api/v1/verification/ocr-image` (issue 37 §1): stores the photo of one side (purpose id_front / id_back,
 * sealed; verification/files.ts), counts an "ocr" attempt (102252 with `retry_at` past the day's, checked before
 * anything is stored), reads it through the configured OCR outside any transaction, and keeps the reading sealed for
 * `ocr-result`. A photo OCR cannot read is deleted again and refused beside `file` (the attempt stays counted); no
 * answer from the service is VERIFICATION_UNAVAILABLE. Refused to a sub-account and to an account already verified.
 */
export async function readIdCardImage(
  ctx: Ctx,
  caller: Caller,
  input: { side: IdCardSide; fileName: string; bytes: Uint8Array },
): Promise<IdCardReading> {
  const userId = verifyingAccountOf(caller);
  if ((await liveEntryOf(ctx.db, userId, "personal"))?.status === "verified") fail("VERIFICATION_ALREADY_VERIFIED");
  const limits = ctx.site.verification;
  const subject = { userId, kind: "ocr" as const, idNumberHash: null };
  const until = await attemptsRetryAt(ctx.db, ctx.now(), limits, subject);
  if (until) fail("VERIFICATION_ATTEMPTS_LIMIT", undefined, retryReason(until), { retry_at: until.toISOString() });

  const file = await storeVerificationFile(ctx, caller, {
    purpose: input.side === "front" ? "id_front" : "id_back",
    name: input.fileName,
    bytes: input.bytes,
  });
  let text: ReadText;
  try {
    await inTransaction(ctx.db, (tx) => takeAttempt(tx, ctx.now(), limits, subject));
    text = await ocrSide(ctx, input.side, { bytes: input.bytes, contentType: file.mime, fileName: input.fileName });
  } catch (error) {
    await discardUnattachedVerificationFile(ctx, userId, file.id);
    if (error instanceof IdentityProviderError)
      return fail(error.code === "UNREADABLE" ? "ID_CARD_UNREADABLE" : "VERIFICATION_UNAVAILABLE", "file");
    throw error;
  }
  const reading: IdCardReading = { fileId: file.id, side: input.side, ...text };
  await ctx.db.insert(idCardReadings).values({
    fileId: file.id,
    userId,
    side: input.side,
    readingSealed: sealPersonalData(ctx.personalData, JSON.stringify(text), readingContext(file.id)),
    createdAt: ctx.now(),
  });
  return reading;
}

/**
 * `POST /api/v1/verification/ocr-result`: the reading of one of the caller's own uploaded sides, again (a page that
 * lost it, e.g. refreshed without JavaScript). Someone else's file, one already named by an application, or one read
 * more than a day ago is NOT_FOUND beside `file_id` alike.
 */
export async function idCardReadingOf(ctx: Ctx, caller: Caller, fileId: number): Promise<IdCardReading> {
  const userId = verifyingAccountOf(caller);
  const gone = () => fail("NOT_FOUND", "file_id", "识别结果已失效，请重新上传身份证照片");
  if (!Number.isSafeInteger(fileId) || fileId <= 0) return gone();
  const [row] = await ctx.db
    .select()
    .from(idCardReadings)
    .where(and(eq(idCardReadings.fileId, fileId), eq(idCardReadings.userId, userId)));
  if (!row || row.createdAt.getTime() <= ctx.now().getTime() - ID_CARD_READING_TTL_MS) return gone();
  const text = JSON.parse(openPersonalText(ctx.personalData, row.readingSealed, readingContext(fileId))) as ReadText;
  return { fileId, side: row.side, ...text };
}

/** The readings of files an application now names: the confirmed values are the entry's from here on. */
export async function dropReadings(tx: Db, fileIds: number[]): Promise<void> {
  if (fileIds.length > 0) await tx.delete(idCardReadings).where(inArray(idCardReadings.fileId, fileIds));
}

/** Deletes up to `batch` readings older than a day (the cleanup job); answers how many. */
export async function purgeStaleReadings(db: Db, now: Date, batch: number): Promise<number> {
  const cutoff = new Date(now.getTime() - ID_CARD_READING_TTL_MS);
  const stale = db
    .select({ fileId: idCardReadings.fileId })
    .from(idCardReadings)
    .where(lt(idCardReadings.createdAt, cutoff))
    .limit(batch);
  const gone = await db
    .delete(idCardReadings)
    .where(inArray(idCardReadings.fileId, stale))
    .returning({ fileId: idCardReadings.fileId });
  return gone.length;
}
