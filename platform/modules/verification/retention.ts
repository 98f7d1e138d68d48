import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { users } from "../../db/schema";
import { inTransaction } from "../../db/tx";
import { studentDetails, studentMailboxCodes } from "../../db/student-schema";
import { verificationEntries, verificationFiles } from "../../db/verification-schema";
import type { Ctx } from "../context";

/**
 * What is kept of verification and for how long (issue 37 §3, decision 101): a file's bytes go
 * VERIFICATION_FILE_RETENTION_DAYS after its application was decided, at once when it was never named by an
 * application for UNATTACHED_VERIFICATION_FILE_DAYS, and at once when the account closes; the row stays with
 * `purged_at`. A closed account's entries lose their sealed values (name, ID number, card number) and keep their
 * kind, method, decision and the ID number's keyed hash (a student entry's details lose the student number); school
 * mailbox codes go a day after they expired, and at once when the account closes.
 */

/** Files uploaded and never named by an application are deleted after this many days. */
export const UNATTACHED_VERIFICATION_FILE_DAYS = 7;
/** Rows handled per run of the job (it runs hourly; a backlog drains over a few runs). */
export const VERIFICATION_PURGE_BATCH = 200;
const DAY_MS = 24 * 3600_000;
/** What a closed account's pending application becomes: nobody is left to verify. */
export const CLOSED_ACCOUNT_REASON = "账号已注销";

/**
 * Marks the files chosen by `where` purged (at most `batch`), then deletes their bytes: marked first, so an
 * application can no longer name one (attachVerificationFiles wants `purged_at` null) and no reader opens it.
 */
async function purgeFiles(ctx: Ctx, where: ReturnType<typeof and>, batch: number): Promise<number> {
  const due = ctx.db
    .select({ id: verificationFiles.id })
    .from(verificationFiles)
    .leftJoin(verificationEntries, eq(verificationEntries.id, verificationFiles.entryId))
    .innerJoin(users, eq(users.id, verificationFiles.userId))
    .where(and(isNull(verificationFiles.purgedAt), where))
    .orderBy(verificationFiles.id)
    .limit(batch);
  const purged = await ctx.db
    .update(verificationFiles)
    .set({ purgedAt: ctx.now() })
    .where(and(inArray(verificationFiles.id, due), isNull(verificationFiles.purgedAt)))
    .returning({ storageKey: verificationFiles.storageKey });
  for (const { storageKey } of purged) await ctx.providers.storage.delete(storageKey);
  return purged.length;
}

/** Erases the sealed values of a closed account's entries and closes its pending ones (at most `batch`). */
async function eraseClosedEntries(ctx: Ctx, userIds: number[] | null, batch: number): Promise<number> {
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const closed = tx
      .select({ id: verificationEntries.id })
      .from(verificationEntries)
      .innerJoin(users, eq(users.id, verificationEntries.userId))
      .where(
        and(
          isNotNull(users.closedAt),
          isNull(verificationEntries.erasedAt),
          userIds === null ? undefined : inArray(verificationEntries.userId, userIds),
        ),
      )
      .orderBy(verificationEntries.id)
      .limit(batch);
    const erased = await tx
      .update(verificationEntries)
      .set({
        nameSealed: null,
        idNumberSealed: null,
        cardNumberSealed: null,
        erasedAt: now,
        status: sql`case when ${verificationEntries.status} = 'pending' then 'rejected' else ${verificationEntries.status} end`,
        reason: sql`case when ${verificationEntries.status} = 'pending' then ${CLOSED_ACCOUNT_REASON} else ${verificationEntries.reason} end`,
        decidedAt: sql`coalesce(${verificationEntries.decidedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(inArray(verificationEntries.id, closed))
      .returning({ id: verificationEntries.id });
    if (erased.length > 0)
      await tx
        .update(studentDetails)
        .set({ studentNumberSealed: null })
        .where(
          inArray(
            studentDetails.entryId,
            erased.map((e) => e.id),
          ),
        );
    return erased.length;
  });
}

/**
 * The hourly job: the bytes of files whose application was decided VERIFICATION_FILE_RETENTION_DAYS ago, of files
 * never named for UNATTACHED_VERIFICATION_FILE_DAYS, and of closed accounts (left by a closing that stopped midway);
 * then the closed accounts' entries erased. Bounded per run; answers how many files and entries it handled.
 */
export async function purgeVerificationData(
  ctx: Ctx,
  batch = VERIFICATION_PURGE_BATCH,
): Promise<{ files: number; entries: number }> {
  const now = ctx.now().getTime();
  const decidedBefore = new Date(now - ctx.site.verification.fileRetentionDays * DAY_MS);
  const uploadedBefore = new Date(now - UNATTACHED_VERIFICATION_FILE_DAYS * DAY_MS);
  const files = await purgeFiles(
    ctx,
    or(
      lte(verificationEntries.decidedAt, decidedBefore),
      and(isNull(verificationFiles.entryId), lte(verificationFiles.createdAt, uploadedBefore)),
      isNotNull(users.closedAt),
    ),
    batch,
  );
  const entries = await eraseClosedEntries(ctx, null, batch);
  // School mailbox codes (with their sealed student number) are of no use a day after they expired.
  await ctx.db.delete(studentMailboxCodes).where(lte(studentMailboxCodes.expiresAt, new Date(now - DAY_MS)));
  return { files, entries };
}

/**
 * Closing an account (after its closing transaction committed): every verification file's bytes deleted at once and
 * the entries erased, as decision 101 says. Whatever a failure leaves, the hourly job finishes.
 */
export async function purgeClosedAccountVerification(ctx: Ctx, userId: number): Promise<void> {
  // An account has a few dozen files at most (VERIFICATION_UPLOADS_PER_DAY a day); bounded all the same.
  for (let round = 0; round < 50; round++)
    if ((await purgeFiles(ctx, and(eq(verificationFiles.userId, userId), isNotNull(users.closedAt)), 100)) < 100) break;
  await eraseClosedEntries(ctx, [userId], 1000);
  await ctx.db.delete(studentMailboxCodes).where(eq(studentMailboxCodes.userId, userId));
}
