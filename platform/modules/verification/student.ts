import { createHmac, randomInt } from "node:crypto";
import { and, count, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { studentDetails, studentMailboxCodes } from "../../db/student-schema";
import { inTransaction } from "../../db/tx";
import { verificationEntries } from "../../db/verification-schema";
import {
  checkSchoolMailbox,
  checkStudentFields,
  studentExpiry,
  type StudentFields,
  type StudentFieldsInput,
} from "../../rules/student-verification";
import { verifiedAsAfterApproval, verifiedAsOf } from "../../rules/verification-review";
import { emailDelivery, queueDeliveries } from "../deliveries/queue";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { num, rowsOf } from "../finance/rows";
import { openPersonalText, sealPersonalData } from "../security/personal-data-cipher";
import { toVerificationEntry, liveEntryOf, type VerificationEntry } from "./entries";
import { attachVerificationFiles } from "./files";
import { sealEntryField } from "./sealing";
import { verifyingAccountOf } from "./scope";

/** How long a mailbox code works, how many wrong tries it takes, and how many codes an account may ask a day. */
export const MAILBOX_CODE_TTL_MS = 15 * 60_000;
export const MAILBOX_CODE_TRIES = 5;
export const MAILBOX_CODES_PER_DAY = 5;
const MAILBOX_CODE_GAP_MS = 60_000;
const DAY_MS = 24 * 3600_000;

/** The fields as typed, checked by the pure rule; the first problem stands beside its field. */
function checkFields(ctx: Ctx, input: StudentFieldsInput): StudentFields {
  const checked = checkStudentFields(input, ctx.now());
  if (!checked.ok) return fail("BAD_REQUEST", checked.field, checked.reason);
  return checked.value;
}

/**
 * Student verification needs a verified personal entry first, and no student entry that is pending or holds
 * (an expired or rejected one may be followed by a new application).
 */
async function refuseUnlessReady(db: Db, userId: number): Promise<void> {
  const personal = await liveEntryOf(db, userId, "personal");
  if (personal?.status !== "verified")
    fail("VERIFICATION_PERSONAL_REQUIRED", undefined, "请先完成个人实名认证，再进行学生认证");
  const student = await liveEntryOf(db, userId, "student");
  if (student?.status === "verified") fail("VERIFICATION_ALREADY_VERIFIED");
  if (student?.status === "pending") fail("VERIFICATION_PENDING");
}

/** The code's hash, bound to the account and keyed (a leaked table does not give the 6 digits by a lookup). */
const mailboxCodeHash = (ctx: Ctx, userId: number, code: string) =>
  createHmac("sha256", ctx.personalData.hashKey).update(`student-mailbox:${userId}:${code}`).digest("hex");

const codeSealContext = (codeId: number) => `student-mailbox-code:${codeId}:student_number`;

/** The email with the code; the address is used to send it and then forgotten (only its domain is kept). */
function mailboxCodeEmail(to: string, code: string) {
  return {
    to,
    subject: "【算力云】学生认证邮箱验证码",
    text: [
      "您好：",
      "",
      `您正在算力云进行学生认证，邮箱验证码为：${code}`,
      "",
      "验证码 15 分钟内有效。如果这不是您本人的操作，请忽略本邮件。",
      "",
      "此邮件由系统自动发送，请勿直接回复。",
    ].join("\n"),
  };
}

/**
 * `POST /api/v1/verification/student/mailbox-code`: checks the details and the school mailbox (`*.edu.cn`, refused
 * beside `email` otherwise), then writes a code with the details and queues the email in the delivery outbox in one
 * transaction (sent right after it commits). One a minute and MAILBOX_CODES_PER_DAY a day per account.
 */
export async function sendStudentMailboxCode(
  ctx: Ctx,
  caller: Caller,
  input: StudentFieldsInput & { email: string },
): Promise<{ sentTo: string; expiresAt: Date }> {
  const userId = verifyingAccountOf(caller);
  const fields = checkFields(ctx, input);
  const mailbox = checkSchoolMailbox(input.email);
  if (!mailbox.ok) return fail("BAD_REQUEST", mailbox.field, mailbox.reason);
  await refuseUnlessReady(ctx.db, userId);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`student-mailbox:${userId}`}))`);
    const [recent] = await tx
      .select({ n: count(), last: sql<Date | string | null>`max(${studentMailboxCodes.createdAt})` })
      .from(studentMailboxCodes)
      .where(
        and(
          eq(studentMailboxCodes.userId, userId),
          gte(studentMailboxCodes.createdAt, new Date(now.getTime() - DAY_MS)),
        ),
      );
    if (recent?.last && new Date(recent.last).getTime() > now.getTime() - MAILBOX_CODE_GAP_MS)
      fail("BAD_REQUEST", "email", "验证码发送过于频繁，请1分钟后再试");
    if (Number(recent?.n ?? 0) >= MAILBOX_CODES_PER_DAY)
      fail("BAD_REQUEST", "email", "今日邮箱验证码发送次数已达上限，请明天再试");
    const [next] = await rowsOf<{ id: unknown }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('student_mailbox_codes', 'id')) as id`,
    );
    const id = num(next!.id);
    const expiresAt = new Date(now.getTime() + MAILBOX_CODE_TTL_MS);
    await tx.insert(studentMailboxCodes).values({
      id,
      userId,
      codeHash: mailboxCodeHash(ctx, userId, code),
      school: fields.school,
      studentNumberSealed: sealPersonalData(ctx.personalData, fields.studentNumber, codeSealContext(id)),
      enrolmentYear: fields.enrolmentYear,
      graduationYear: fields.graduationYear,
      mailboxDomain: mailbox.value.domain,
      createdAt: now,
      expiresAt,
    });
    await queueDeliveries({ ...ctx, db: tx }, [emailDelivery(mailboxCodeEmail(mailbox.value.email, code), now)]);
    const [local] = mailbox.value.email.split("@");
    return { sentTo: `${local!.slice(0, 1)}***@${mailbox.value.domain}`, expiresAt };
  });
}

/** Writes a student entry and its details (inside the caller's transaction); answers the entry's id. */
async function insertStudentEntry(
  ctx: Ctx,
  tx: Db,
  input: { userId: number; method: "mailbox" | "card"; fields: StudentFields; mailboxDomain: string | null },
): Promise<number> {
  const now = ctx.now();
  const [next] = await rowsOf<{ id: unknown }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('verification_entries', 'id')) as id`,
  );
  const id = num(next!.id);
  const verified = input.method === "mailbox";
  await tx.insert(verificationEntries).values({
    id,
    userId: input.userId,
    kind: "student",
    method: input.method,
    status: verified ? "verified" : "pending",
    decidedAt: verified ? now : null,
    expiresAt: studentExpiry(input.fields.graduationYear),
    createdAt: now,
  });
  await tx.insert(studentDetails).values({
    entryId: id,
    school: input.fields.school,
    studentNumberSealed: sealEntryField(ctx.personalData, id, "student_number", input.fields.studentNumber),
    enrolmentYear: input.fields.enrolmentYear,
    graduationYear: input.fields.graduationYear,
    mailboxDomain: input.mailboxDomain,
  });
  return id;
}

async function entryById(ctx: Ctx, id: number): Promise<VerificationEntry> {
  const [row] = await ctx.db.select().from(verificationEntries).where(eq(verificationEntries.id, id));
  return toVerificationEntry(ctx.personalData, row!);
}

/**
 * `POST /api/v1/verification/student/mailbox-verify`: the code sent last; wrong (a try counted; after
 * MAILBOX_CODE_TRIES it is used up), expired or used is refused beside `code`. Right: in one transaction the code is
 * used, a verified student entry (method mailbox, expiring at graduation) written with its details, and
 * users.verified_as raised to student (never lowering enterprise).
 */
export async function verifyStudentMailboxCode(
  ctx: Ctx,
  caller: Caller,
  input: { code: string },
): Promise<VerificationEntry> {
  const userId = verifyingAccountOf(caller);
  const code = input.code.trim();
  if (!/^\d{6}$/.test(code)) return fail("BAD_REQUEST", "code", "请输入6位邮箱验证码");
  const entryId = await inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`student-mailbox:${userId}`}))`);
    const [latest] = await tx
      .select()
      .from(studentMailboxCodes)
      .where(eq(studentMailboxCodes.userId, userId))
      .orderBy(desc(studentMailboxCodes.id))
      .limit(1);
    if (!latest || latest.usedAt !== null || latest.tries >= MAILBOX_CODE_TRIES || latest.expiresAt <= now)
      return fail("VERIFICATION_EMAIL_CODE_INVALID", "code");
    if (latest.codeHash !== mailboxCodeHash(ctx, userId, code)) {
      await tx
        .update(studentMailboxCodes)
        .set({ tries: sql`${studentMailboxCodes.tries} + 1` })
        .where(eq(studentMailboxCodes.id, latest.id));
      return { wrong: true as const };
    }
    await refuseUnlessReady(tx, userId);
    await tx.update(studentMailboxCodes).set({ usedAt: now }).where(eq(studentMailboxCodes.id, latest.id));
    const fields: StudentFields = {
      school: latest.school,
      studentNumber: openPersonalText(ctx.personalData, latest.studentNumberSealed, codeSealContext(latest.id)),
      enrolmentYear: latest.enrolmentYear,
      graduationYear: latest.graduationYear,
    };
    const id = await insertStudentEntry(ctx, tx, {
      userId,
      method: "mailbox",
      fields,
      mailboxDomain: latest.mailboxDomain,
    });
    const [user] = await tx
      .select({ verifiedAs: users.verifiedAs })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    await tx
      .update(users)
      .set({ verifiedAs: verifiedAsAfterApproval(user?.verifiedAs ?? null, "student") })
      .where(eq(users.id, userId));
    return { id };
  });
  // A wrong try is counted (committed) before it is refused.
  if ("wrong" in entryId) return fail("VERIFICATION_EMAIL_CODE_INVALID", "code", "邮箱验证码不正确");
  return entryById(ctx, entryId.id);
}

/**
 * `POST /api/v1/verification/student/card`: the details and an uploaded student card or 学信网 report (file purpose
 * student_card): a pending student entry (method card) for the desk's review, in one transaction with the file
 * attached. The entry expires at graduation once approved.
 */
export async function applyStudentByCard(
  ctx: Ctx,
  caller: Caller,
  input: StudentFieldsInput & { fileId: number },
): Promise<VerificationEntry> {
  const userId = verifyingAccountOf(caller);
  const fields = checkFields(ctx, input);
  if (!Number.isSafeInteger(input.fileId) || input.fileId <= 0)
    return fail("BAD_REQUEST", "file", "请上传学生证照片或学信网在线验证报告");
  await refuseUnlessReady(ctx.db, userId);
  const id = await inTransaction(ctx.db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`student-apply:${userId}`}))`);
    await refuseUnlessReady(tx, userId);
    const entryId = await insertStudentEntry(ctx, tx, { userId, method: "card", fields, mailboxDomain: null });
    await attachVerificationFiles(tx, {
      userId,
      entryId,
      fileIds: [input.fileId],
      purposes: ["student_card"],
      field: "file",
    });
    return entryId;
  });
  return entryById(ctx, id);
}

/** Rows handled per run of the expiry job. */
export const STUDENT_EXPIRY_BATCH = 200;

/**
 * The expiry job: verified student entries past `expires_at` become expired (at most `batch` a run), and their
 * accounts' users.verified_as falls back to what still holds (personal, or enterprise), in one transaction.
 */
export async function expireStudentEntries(ctx: Ctx, batch = STUDENT_EXPIRY_BATCH): Promise<number> {
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const due = tx
      .select({ id: verificationEntries.id })
      .from(verificationEntries)
      .where(
        and(
          eq(verificationEntries.kind, "student"),
          eq(verificationEntries.status, "verified"),
          sql`${verificationEntries.expiresAt} <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(verificationEntries.id)
      .limit(batch);
    const expired = await tx
      .update(verificationEntries)
      .set({ status: "expired" })
      .where(and(inArray(verificationEntries.id, due), eq(verificationEntries.status, "verified")))
      .returning({ userId: verificationEntries.userId });
    const userIds = [...new Set(expired.map((e) => e.userId))];
    for (const userId of userIds) {
      const holding = await tx
        .select({ kind: verificationEntries.kind })
        .from(verificationEntries)
        .where(and(eq(verificationEntries.userId, userId), eq(verificationEntries.status, "verified")));
      await tx
        .update(users)
        .set({ verifiedAs: verifiedAsOf(holding.map((e) => e.kind)) })
        .where(eq(users.id, userId));
    }
    return expired.length;
  });
}
