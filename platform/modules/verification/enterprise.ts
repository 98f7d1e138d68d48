import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inTransaction } from "../../db/tx";
import { verificationEntries, verificationFiles } from "../../db/verification-schema";
import { IdentityProviderError, type BusinessLicenceText } from "../../providers/identity/types";
import { checkCompanyName } from "../../rules/company-name";
import { checkCreditCode } from "../../rules/identity-numbers";
import { checkPersonName } from "../../rules/person-name";
import { retryReason } from "../../rules/verification-attempts";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { num, rowsOf } from "../finance/rows";
import { attemptsRetryAt, takeAttempt } from "./attempts";
import { liveEntryOf, toVerificationEntry, type VerificationEntry } from "./entries";
import { attachVerificationFiles, openVerificationFile } from "./files";
import { openEntryField, sealEntryField } from "./sealing";
import { verifyingAccountOf } from "./scope";

/** What the licence's OCR read, for the user to confirm or correct, and whether a letter will be needed. */
export interface LicenceReading extends BusinessLicenceText {
  licenceFileId: number;
  /** The legal representative read equals the applicant's verified personal name: no authorisation letter. */
  applicantIsLegalRepresentative: boolean;
}

/** The enterprise application as confirmed by the user (decision 100). */
export interface EnterpriseInput {
  licenceFileId: number;
  companyName: string;
  creditCode: string;
  legalRepresentative: string;
  /** The authorisation letter's files (授权书), needed when the legal representative is someone else. */
  authorisationFileIds: number[];
}

/**
 * The applicant's verified personal name, opened in memory (enterprise verification needs the personal one first,
 * so the applicant is a known person); VERIFICATION_PERSONAL_FIRST without it.
 */
async function verifiedPersonalName(ctx: Ctx, db: Db, userId: number): Promise<string> {
  const personal = await liveEntryOf(db, userId, "personal");
  if (personal?.status !== "verified" || personal.nameSealed === null) return fail("VERIFICATION_PERSONAL_FIRST");
  return openEntryField(ctx.personalData, personal.id, "name", personal.nameSealed);
}

/** Refuses a second live enterprise entry of the account. */
async function refuseIfEnterpriseLive(db: Db, userId: number): Promise<void> {
  const live = await liveEntryOf(db, userId, "enterprise");
  if (live?.status === "verified") fail("VERIFICATION_ALREADY_VERIFIED");
  if (live?.status === "pending") fail("VERIFICATION_PENDING");
}

const LICENCE_FILE_GONE = "营业执照文件不存在或已被使用，请重新上传";

/**
 * `POST /api/v1/verification/business-license`: reads an uploaded licence (purpose licence, the caller's own, not
 * yet in an application). After the personal-first rule, the attempt is counted (kind ocr: 102252 past the day's
 * limit), the OCR runs outside any transaction, and its reading goes back for the user to confirm or correct.
 */
export async function readBusinessLicence(ctx: Ctx, caller: Caller, licenceFileId: number): Promise<LicenceReading> {
  const userId = verifyingAccountOf(caller);
  const personalName = await verifiedPersonalName(ctx, ctx.db, userId);
  await refuseIfEnterpriseLive(ctx.db, userId);
  if (!Number.isSafeInteger(licenceFileId) || licenceFileId <= 0)
    fail("BAD_REQUEST", "licence_file", LICENCE_FILE_GONE);
  const [file] = await ctx.db
    .select()
    .from(verificationFiles)
    .where(
      and(
        eq(verificationFiles.id, licenceFileId),
        eq(verificationFiles.userId, userId),
        eq(verificationFiles.purpose, "licence"),
        isNull(verificationFiles.entryId),
        isNull(verificationFiles.purgedAt),
      ),
    );
  if (!file) return fail("BAD_REQUEST", "licence_file", LICENCE_FILE_GONE);

  const limits = ctx.site.verification;
  const subject = { userId, kind: "ocr" as const, idNumberHash: null };
  const until = await attemptsRetryAt(ctx.db, ctx.now(), limits, subject);
  if (until) fail("VERIFICATION_ATTEMPTS_LIMIT", undefined, retryReason(until), { retry_at: until.toISOString() });
  await inTransaction(ctx.db, (tx) => takeAttempt(tx, ctx.now(), limits, subject));

  const { bytes } = await openVerificationFile(ctx, file);
  let text: BusinessLicenceText;
  try {
    // No file name: it is not kept (files.ts); the sandbox then reads its fixed sample.
    text = await ctx.providers.identity.ocr.readBusinessLicence({ bytes, contentType: file.mime, fileName: "" });
  } catch (error) {
    if (!(error instanceof IdentityProviderError)) throw error;
    return fail(error.code === "UNREADABLE" ? "VERIFICATION_UNREADABLE" : "VERIFICATION_UNAVAILABLE", "licence_file");
  }
  const representative = checkPersonName(text.legalRepresentative);
  return {
    ...text,
    licenceFileId,
    applicantIsLegalRepresentative: representative.ok && representative.name === personalName,
  };
}

/** The fields' checks, each refusal beside its field (the form's names). */
function checkApplication(input: EnterpriseInput) {
  if (!Number.isSafeInteger(input.licenceFileId) || input.licenceFileId <= 0)
    fail("BAD_REQUEST", "licence_file", "请先上传营业执照");
  const company = checkCompanyName(input.companyName);
  if (!company.ok) return fail("COMPANY_NAME_INVALID", "company_name", company.reason);
  const code = checkCreditCode(input.creditCode);
  if (!code.ok) return fail("CREDIT_CODE_INVALID", "credit_code", code.reason);
  const representative = checkPersonName(input.legalRepresentative);
  if (!representative.ok)
    return fail("PERSON_NAME_INVALID", "legal_representative", `法定代表人${representative.reason}`);
  return { companyName: company.companyName, creditCode: code.creditCode, legalRepresentative: representative.name };
}

/** Another account's (or this one's) live enterprise entry for the credit code. */
async function creditCodeTaken(db: Db, creditCode: string): Promise<boolean> {
  const [row] = await db
    .select({ id: verificationEntries.id })
    .from(verificationEntries)
    .where(
      and(eq(verificationEntries.creditCode, creditCode), inArray(verificationEntries.status, ["pending", "verified"])),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * `POST /api/v1/verification/verifications` with verify_type 1: the enterprise application, pending staff review
 * (decision 100). In one transaction under the account's and the credit code's locks: the personal-first rule, one
 * live enterprise entry per account and per credit code (across accounts; the partial unique index stands behind
 * it), the authorisation letter when the legal representative is not the applicant (compared in memory with the
 * opened personal name), the entry with the legal representative sealed, and the files attached.
 */
export async function submitEnterprise(ctx: Ctx, caller: Caller, input: EnterpriseInput): Promise<VerificationEntry> {
  const userId = verifyingAccountOf(caller);
  const fields = checkApplication(input);
  const row = await inTransaction(ctx.db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`verify-enterprise:user:${userId}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`verify-enterprise:code:${fields.creditCode}`}))`);
    const personalName = await verifiedPersonalName(ctx, tx, userId);
    await refuseIfEnterpriseLive(tx, userId);
    if (await creditCodeTaken(tx, fields.creditCode)) fail("VERIFICATION_COMPANY_TAKEN", "credit_code");
    const applicantIsRepresentative = fields.legalRepresentative === personalName;
    if (!applicantIsRepresentative && input.authorisationFileIds.length === 0)
      fail("VERIFICATION_AUTHORISATION_REQUIRED", "authorisation_file");

    const [next] = await rowsOf<{ id: unknown }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('verification_entries', 'id')) as id`,
    );
    const id = num(next!.id);
    const [inserted] = await tx
      .insert(verificationEntries)
      .values({
        id,
        userId,
        kind: "enterprise",
        method: "licence",
        status: "pending",
        companyName: fields.companyName,
        creditCode: fields.creditCode,
        legalRepresentativeSealed: sealEntryField(
          ctx.personalData,
          id,
          "legal_representative",
          fields.legalRepresentative,
        ),
        createdAt: ctx.now(),
      })
      .returning();
    await attachVerificationFiles(tx, {
      userId,
      entryId: id,
      fileIds: [input.licenceFileId],
      purposes: ["licence"],
      field: "licence_file",
    });
    if (input.authorisationFileIds.length > 0)
      await attachVerificationFiles(tx, {
        userId,
        entryId: id,
        fileIds: input.authorisationFileIds,
        purposes: ["authorisation"],
        field: "authorisation_file",
      });
    return inserted!;
  });
  return toVerificationEntry(ctx.personalData, row);
}
