import { and, asc, count, eq, gte, inArray, lte, type SQL } from "drizzle-orm";
import { users } from "../../db/schema";
import { staffAudit } from "../../db/staff-schema";
import { studentDetails } from "../../db/student-schema";
import { inTransaction } from "../../db/tx";
import { verificationEntries, type VerificationKind } from "../../db/verification-schema";
import {
  canReviewVerification,
  checkRejectReason,
  checkRevealReason,
  REVIEWED_METHODS,
  reviewMessage,
  verifiedAsAfterApproval,
} from "../../rules/verification-review";
import { maskStudentNumber } from "../../rules/student-verification";
import { maskPhone } from "../accounts/user-info";
import type { Ctx } from "../context";
import { fail } from "../errors";
import { sendAccountMessage } from "../notices/messages";
import type { Page, PageRequest } from "../page";
import { recordStaffAudit } from "../staff/audit";
import type { StaffCaller } from "../staff/caller";
import { liveEntryOf, toVerificationEntry, type VerificationEntry } from "./entries";
import { filesOfEntry, openVerificationFile, type VerificationFileContent } from "./files";
import { openEntryField, type SealedField } from "./sealing";

/** The audit log's names for what a reviewer did (staff_audit.action / target_type). */
export const REVIEW_AUDIT = {
  target: "verification_entry",
  reveal: "verification.reveal",
  fileView: "verification.file_view",
  valueView: "verification.value_view",
  approve: "verification.approve",
  reject: "verification.reject",
} as const;

/** How long a reveal lets its reviewer open the entry's files (the page shows them right after). */
export const REVEAL_VALID_MS = 15 * 60_000;
const HOUR_MS = 3600_000;

/** Who may review: a reviewer, a lead or an admin (rules/verification-review.ts); anyone else is refused. */
export function requireReviewer(staff: StaffCaller): void {
  if (!canReviewVerification(staff.role))
    fail("PERMISSION_DENIED", undefined, "只有审核员、组长或管理员可以审核实名认证");
}

/** One application in the queue or on its page: the entry masked, the applicant's phone masked. */
export interface ReviewItem extends VerificationEntry {
  userId: number;
  userPhoneMasked: string;
}

export interface ReviewFile {
  id: number;
  purpose: string;
  mime: string;
  byteSize: number;
  /** The bytes were deleted (retention or account closing, decision 101). */
  purged: boolean;
}

/** A student application's details (the student number masked). */
export interface ReviewStudent {
  school: string;
  studentNumberMasked: string;
  enrolmentYear: number;
  graduationYear: number;
  mailboxDomain: string | null;
}

export interface ReviewDetail extends ReviewItem {
  reviewerId: number | null;
  files: ReviewFile[];
  /** The applicant's name from their verified personal entry, masked (what a student card must show). */
  personNameMasked: string | null;
  student: ReviewStudent | null;
  /** The other channel's application carries a note (shown after the reveal only). */
  hasNote: boolean;
}

export interface ReviewQueueFilter extends PageRequest {
  kind: VerificationKind | null;
  /** Only applications waiting at least this many hours. */
  minWaitHours: number | null;
}

const reviewed = inArray(verificationEntries.method, [...REVIEWED_METHODS]);

async function itemRows(ctx: Pick<Ctx, "db">, where: SQL | undefined, page?: PageRequest) {
  const query = ctx.db
    .select({ entry: verificationEntries, phone: users.phone })
    .from(verificationEntries)
    .innerJoin(users, eq(users.id, verificationEntries.userId))
    .where(where)
    .orderBy(asc(verificationEntries.createdAt), asc(verificationEntries.id));
  return page ? query.limit(page.pageSize).offset((page.page - 1) * page.pageSize) : query;
}

const toItem = (
  ctx: Pick<Ctx, "personalData">,
  row: { entry: typeof verificationEntries.$inferSelect; phone: string },
) => ({
  ...toVerificationEntry(ctx.personalData, row.entry),
  userId: row.entry.userId,
  userPhoneMasked: maskPhone(row.phone),
});

/** The pending applications a person decides, oldest first, by kind and by how long they have waited. */
export async function listReviewQueue(
  ctx: Ctx,
  staff: StaffCaller,
  filter: ReviewQueueFilter,
): Promise<Page<ReviewItem>> {
  requireReviewer(staff);
  const conditions = [eq(verificationEntries.status, "pending"), reviewed];
  if (filter.kind) conditions.push(eq(verificationEntries.kind, filter.kind));
  if (filter.minWaitHours !== null)
    conditions.push(lte(verificationEntries.createdAt, new Date(ctx.now().getTime() - filter.minWaitHours * HOUR_MS)));
  const where = and(...conditions);
  const rows = await itemRows(ctx, where, filter);
  const [total] = await ctx.db.select({ n: count() }).from(verificationEntries).where(where);
  return {
    items: rows.map((row) => toItem(ctx, row)),
    total: Number(total?.n ?? 0),
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

async function reviewedEntry(ctx: Pick<Ctx, "db">, entryId: number) {
  if (!Number.isSafeInteger(entryId) || entryId <= 0) return fail("NOT_FOUND", undefined, "没有这条认证申请");
  const [row] = await itemRows(ctx, and(eq(verificationEntries.id, entryId), reviewed));
  return row ?? fail("NOT_FOUND", undefined, "没有这条认证申请");
}

/** An application's page: its values masked, its files named (not opened). */
export async function reviewDetail(ctx: Ctx, staff: StaffCaller, entryId: number): Promise<ReviewDetail> {
  requireReviewer(staff);
  const row = await reviewedEntry(ctx, entryId);
  const files = await filesOfEntry(ctx.db, row.entry.id);
  const person = await verifiedPersonOf(ctx, row.entry);
  const [student] = await ctx.db.select().from(studentDetails).where(eq(studentDetails.entryId, row.entry.id));
  const studentNumber =
    student?.studentNumberSealed == null
      ? null
      : openEntryField(ctx.personalData, row.entry.id, "student_number", student.studentNumberSealed);
  return {
    ...toItem(ctx, row),
    reviewerId: row.entry.reviewerId,
    personNameMasked: person?.maskedName ?? null,
    student: student
      ? {
          school: student.school,
          studentNumberMasked: studentNumber === null ? "" : maskStudentNumber(studentNumber),
          enrolmentYear: student.enrolmentYear,
          graduationYear: student.graduationYear,
          mailboxDomain: student.mailboxDomain,
        }
      : null,
    hasNote: row.entry.noteSealed !== null,
    files: files.map((f) => ({
      id: f.id,
      purpose: f.purpose,
      mime: f.mime,
      byteSize: f.byteSize,
      purged: f.purgedAt !== null,
    })),
  };
}

/**
 * The applicant's verified personal entry, for an application of another kind (a student's name is on their
 * personal entry, not on the student entry).
 */
async function verifiedPersonOf(ctx: Ctx, entry: typeof verificationEntries.$inferSelect) {
  if (entry.kind === "personal") return null;
  const live = await liveEntryOf(ctx.db, entry.userId, "personal");
  return live?.status === "verified"
    ? { row: live, maskedName: toVerificationEntry(ctx.personalData, live).maskedName }
    : null;
}

/** The unmasked values of an application, and the reveal's audit row (it lets the same reviewer open the files). */
export interface RevealedEntry {
  revealId: number;
  name: string | null;
  idNumber: string | null;
  cardNumber: string | null;
  /** The applicant's name on their verified personal entry (another kind's application). */
  personName: string | null;
  studentNumber: string | null;
  legalRepresentative: string | null;
  /** The other channel's note, as the applicant wrote it. */
  note: string | null;
}

/**
 * Shows a reviewer an application's whole values (issue 37 §2): the reason is required, and the audit row (who,
 * when, which entry, why) is written before anything is opened; no row, no values.
 */
export async function revealEntry(
  ctx: Ctx,
  staff: StaffCaller,
  input: { entryId: number; reason: string },
): Promise<RevealedEntry> {
  requireReviewer(staff);
  const reason = checkRevealReason(input.reason);
  if (reason === null) return fail("BAD_REQUEST", "reveal_reason", "请填写查看原因（2到100个字）");
  const { entry } = await reviewedEntry(ctx, input.entryId);
  const [audit] = await ctx.db
    .insert(staffAudit)
    .values({
      staffId: staff.staffId,
      action: REVIEW_AUDIT.reveal,
      targetType: REVIEW_AUDIT.target,
      targetId: String(entry.id),
      before: null,
      after: { reason },
      at: ctx.now(),
    })
    .returning({ id: staffAudit.id });
  return { revealId: audit!.id, ...(await openValues(ctx, entry)) };
}

/** The reveal `revealId` of this entry by this reviewer, still good (REVEAL_VALID_MS), with its reason; else refused. */
async function liveReveal(ctx: Ctx, staff: StaffCaller, entryId: number, revealId: number) {
  const [reveal] = await ctx.db
    .select({ id: staffAudit.id, after: staffAudit.after })
    .from(staffAudit)
    .where(
      and(
        eq(staffAudit.id, Number.isSafeInteger(revealId) ? revealId : 0),
        eq(staffAudit.staffId, staff.staffId),
        eq(staffAudit.action, REVIEW_AUDIT.reveal),
        eq(staffAudit.targetType, REVIEW_AUDIT.target),
        eq(staffAudit.targetId, String(entryId)),
        gte(staffAudit.at, new Date(ctx.now().getTime() - REVEAL_VALID_MS)),
      ),
    );
  if (!reveal) return fail("PERMISSION_DENIED", undefined, "请先填写查看原因再查看证件");
  return { id: reveal.id, reason: (reveal.after as { reason?: string } | null)?.reason ?? "" };
}

/** Every whole value of an application (opened in memory for the reviewer, after the audit row is written). */
async function openValues(ctx: Ctx, entry: typeof verificationEntries.$inferSelect) {
  const open = (id: number, field: SealedField, sealed: string | null | undefined) =>
    sealed == null ? null : openEntryField(ctx.personalData, id, field, sealed);
  const person = await verifiedPersonOf(ctx, entry);
  const [student] = await ctx.db.select().from(studentDetails).where(eq(studentDetails.entryId, entry.id));
  return {
    name: open(entry.id, "name", entry.nameSealed),
    idNumber: open(entry.id, "id_number", entry.idNumberSealed),
    cardNumber: open(entry.id, "card_number", entry.cardNumberSealed),
    personName: person ? open(person.row.id, "name", person.row.nameSealed) : null,
    studentNumber: open(entry.id, "student_number", student?.studentNumberSealed),
    legalRepresentative: open(entry.id, "legal_representative", entry.legalRepresentativeSealed),
    note: open(entry.id, "note", entry.noteSealed),
  };
}

/**
 * The whole values again for the reviewer whose reveal of this entry is still good (the page shown after the reveal,
 * reloaded): each showing is audited with the reveal's reason before anything is opened.
 */
export async function revealedValues(
  ctx: Ctx,
  staff: StaffCaller,
  input: { entryId: number; revealId: number },
): Promise<RevealedEntry> {
  requireReviewer(staff);
  const { entry } = await reviewedEntry(ctx, input.entryId);
  const reveal = await liveReveal(ctx, staff, entry.id, input.revealId);
  await recordStaffAudit(ctx.db, staff, ctx.now(), {
    action: REVIEW_AUDIT.valueView,
    targetType: REVIEW_AUDIT.target,
    targetId: entry.id,
    before: null,
    after: { reveal_id: reveal.id, reason: reveal.reason },
  });
  return { revealId: reveal.id, ...(await openValues(ctx, entry)) };
}

/**
 * One file of an application for the reviewer who revealed it within REVEAL_VALID_MS: the file must be named by
 * that entry (another entry's file through this page is not found), and each opening is audited with the reveal's
 * reason before the bytes are read.
 */
export async function readEntryFileForReviewer(
  ctx: Ctx,
  staff: StaffCaller,
  input: { entryId: number; fileId: number; revealId: number },
): Promise<VerificationFileContent> {
  requireReviewer(staff);
  const { entry } = await reviewedEntry(ctx, input.entryId);
  const reveal = await liveReveal(ctx, staff, entry.id, input.revealId);
  const file = (await filesOfEntry(ctx.db, entry.id)).find((f) => f.id === input.fileId);
  if (!file) return fail("NOT_FOUND", undefined, "文件不存在");
  await recordStaffAudit(ctx.db, staff, ctx.now(), {
    action: REVIEW_AUDIT.fileView,
    targetType: REVIEW_AUDIT.target,
    targetId: entry.id,
    before: null,
    after: { file_id: file.id, reveal_id: reveal.id, reason: reveal.reason },
  });
  return openVerificationFile(ctx, file);
}

export type ReviewDecision = { approve: true } | { approve: false; reason: string; reasonText: string };

/**
 * Approves or rejects a pending application in one transaction: the entry (reviewer, time, reason), the account's
 * users.verified_as on approval (enterprise > student > personal, never lowered), the audit row and the site
 * message. Only a pending entry changes (`where status = 'pending'`), so of two decisions at once one lands and the
 * other is told the application was already decided.
 */
export async function decideEntry(
  ctx: Ctx,
  staff: StaffCaller,
  input: { entryId: number } & ReviewDecision,
): Promise<ReviewDetail> {
  requireReviewer(staff);
  let reason: string | null = null;
  if (!input.approve) {
    const checked = checkRejectReason(input.reason, input.reasonText);
    if (!checked.ok) return fail("BAD_REQUEST", checked.field, checked.message);
    reason = checked.reason;
  }
  const { entry: before } = await reviewedEntry(ctx, input.entryId);
  await inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const [after] = await tx
      .update(verificationEntries)
      .set(
        input.approve
          ? { status: "verified", reviewerId: staff.staffId, decidedAt: now }
          : { status: "rejected", reviewerId: staff.staffId, decidedAt: now, reason },
      )
      .where(and(eq(verificationEntries.id, before.id), eq(verificationEntries.status, "pending"), reviewed))
      .returning();
    if (!after) return fail("VERIFICATION_ALREADY_DECIDED");
    if (input.approve) {
      const [user] = await tx
        .select({ verifiedAs: users.verifiedAs })
        .from(users)
        .where(eq(users.id, after.userId))
        .for("update");
      await tx
        .update(users)
        .set({ verifiedAs: verifiedAsAfterApproval(user?.verifiedAs ?? null, after.kind) })
        .where(eq(users.id, after.userId));
    }
    await recordStaffAudit(tx, staff, now, {
      action: input.approve ? REVIEW_AUDIT.approve : REVIEW_AUDIT.reject,
      targetType: REVIEW_AUDIT.target,
      targetId: after.id,
      before: { status: before.status },
      after: { status: after.status, reason: after.reason },
    });
    await sendAccountMessage(
      { db: tx, now: ctx.now },
      after.userId,
      reviewMessage(after.kind, input.approve ? { approved: true } : { approved: false, reason: reason! }),
    );
  });
  return reviewDetail(ctx, staff, before.id);
}
