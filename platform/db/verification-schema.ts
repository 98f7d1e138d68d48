import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, id } from "./columns";
import { users } from "./schema";
import { staffAccounts } from "./staff-schema";

/*
 * Real-name verification (issue 37, decisions 094 and 096). An entry is one
 * application of a main account: what it verifies (kind), how (method), and
 * where it stands (status). The values that identify a person are sealed
 * (modules/security/personal-data-cipher.ts, bound to the entry's id and
 * field); uniqueness and limits use keyed hashes, never a number. An account
 * has at most one live (pending or verified) entry per kind (the partial
 * unique index); a rejected one stays for the record and the user applies again.
 */

export const VERIFICATION_KINDS = ["personal", "enterprise", "student", "other"] as const;
export type VerificationKind = (typeof VERIFICATION_KINDS)[number];

/** bank_card: four elements and an SMS code; id_face: ID card OCR and a face check; licence: business licence;
 * other: files and a note; mailbox: a code to a school mailbox; card: a student card or 学信网 report. */
export const VERIFICATION_METHODS = ["bank_card", "id_face", "licence", "other", "mailbox", "card"] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

/** The document of an other-channel application (a person without a mainland resident ID card, or another case). */
export const OTHER_DOCUMENT_TYPES = [
  "passport",
  "hk_macao_permit",
  "taiwan_permit",
  "foreign_permanent_residence",
  "other",
] as const;
export type OtherDocumentType = (typeof OTHER_DOCUMENT_TYPES)[number];

/** expired: a verified entry past its `expires_at` (a student who graduated); it no longer counts. */
export const VERIFICATION_STATUSES = ["pending", "verified", "rejected", "expired"] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const verificationEntries = pgTable(
  "verification_entries",
  {
    id: id(),
    /** The main account that applied (sub-accounts have no access). */
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: VERIFICATION_KINDS }).notNull(),
    method: text("method", { enum: VERIFICATION_METHODS }).notNull(),
    status: text("status", { enum: VERIFICATION_STATUSES }).notNull().default("pending"),
    /** Sealed (context "verification:<id>:name"): the person's name as confirmed by the user. */
    nameSealed: text("name_sealed"),
    /** Sealed ("verification:<id>:id_number") resident ID number, and its keyed hash (kind "id_number"). */
    idNumberSealed: text("id_number_sealed"),
    idNumberHash: text("id_number_hash"),
    /** Sealed ("verification:<id>:card_number") bank card number (method bank_card). */
    cardNumberSealed: text("card_number_sealed"),
    /** Enterprise (decision 100): the company's name and unified social credit code as confirmed, kept plain
     * (public registry data); one live enterprise entry per credit code across accounts (the partial unique index). */
    companyName: text("company_name"),
    creditCode: text("credit_code"),
    /** Sealed ("verification:<id>:legal_representative"): the licence's legal representative, a person's name. */
    legalRepresentativeSealed: text("legal_representative_sealed"),
    /** Other channel (method other): which document the sealed number (id_number_sealed) is, and the user's note,
     * sealed ("verification:<id>:note"; it may describe the person). The number's hash is of kind "other_document". */
    documentType: text("document_type", { enum: OTHER_DOCUMENT_TYPES }),
    noteSealed: text("note_sealed"),
    /** The staff member who decided a reviewed entry (null when a provider decided it). */
    reviewerId: bigint("reviewer_id", { mode: "number" }).references(() => staffAccounts.id),
    /** Why it was rejected, shown to the user (in Chinese). */
    reason: text("reason"),
    createdAt: at("created_at").notNull(),
    /** When it became verified or rejected. */
    decidedAt: at("decided_at"),
    /** When a verification stops holding (a student's graduation); null: it does not expire. */
    expiresAt: at("expires_at"),
    /**
     * When the account closed and the sealed values were erased (decision 101): the row keeps its kind, method,
     * decision and the ID number's keyed hash (the one-ID-number rule), nothing that names the person.
     */
    erasedAt: at("erased_at"),
  },
  (t) => [
    uniqueIndex("verification_entries_live_uq")
      .on(t.userId, t.kind)
      .where(sql`${t.status} in ('pending', 'verified')`),
    index("verification_entries_user_idx").on(t.userId, t.id),
    uniqueIndex("verification_entries_credit_code_live_uq")
      .on(t.creditCode)
      .where(sql`${t.creditCode} is not null and ${t.status} in ('pending', 'verified')`),
    check(
      "verification_entries_enterprise_shape",
      sql`(${t.kind} = 'enterprise') = (${t.creditCode} is not null and ${t.companyName} is not null
        and ${t.legalRepresentativeSealed} is not null)`,
    ),
    check(
      "verification_entries_document_type_known",
      sql`${t.documentType} is null or ${t.documentType} in ('passport', 'hk_macao_permit', 'taiwan_permit', 'foreign_permanent_residence', 'other')`,
    ),
    check("verification_entries_document_with_method", sql`${t.documentType} is null or ${t.method} = 'other'`),
    index("verification_entries_id_hash_idx")
      .on(t.idNumberHash)
      .where(sql`${t.idNumberHash} is not null and ${t.status} in ('pending', 'verified')`),
    check("verification_entries_kind_known", sql`${t.kind} in ('personal', 'enterprise', 'student', 'other')`),
    check(
      "verification_entries_method_known",
      sql`${t.method} in ('bank_card', 'id_face', 'licence', 'other', 'mailbox', 'card')`,
    ),
    check("verification_entries_status_known", sql`${t.status} in ('pending', 'verified', 'rejected', 'expired')`),
    check(
      "verification_entries_decided_shape",
      sql`(${t.status} = 'pending') = (${t.decidedAt} is null)
        and (${t.status} <> 'rejected' or ${t.reason} is not null)`,
    ),
    check(
      "verification_entries_hash_with_number",
      sql`(${t.idNumberSealed} is null) = (${t.idNumberHash} is null) or ${t.erasedAt} is not null`,
    ),
    check("verification_entries_sealed", sql`${t.idNumberSealed} is null or ${t.idNumberSealed} like 'pd1.%'`),
  ],
);

export const VERIFICATION_ATTEMPT_KINDS = ["ocr", "face", "bank_card"] as const;
export type VerificationAttemptKind = (typeof VERIFICATION_ATTEMPT_KINDS)[number];

/**
 * One call to a paid identity service (OCR, face, bank card check), counted per
 * account and per ID number (keyed hash) over the last 24 hours: past the
 * configured limit the call is refused with 102252 and the time to try again.
 */
export const verificationAttempts = pgTable(
  "verification_attempts",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: VERIFICATION_ATTEMPT_KINDS }).notNull(),
    /** The keyed hash of the ID number the attempt named, when it named one. */
    idNumberHash: text("id_number_hash"),
    at: at("at").notNull(),
  },
  (t) => [
    index("verification_attempts_user_idx").on(t.userId, t.kind, t.at),
    index("verification_attempts_id_hash_idx")
      .on(t.idNumberHash, t.kind, t.at)
      .where(sql`${t.idNumberHash} is not null`),
    check("verification_attempts_kind_known", sql`${t.kind} in ('ocr', 'face', 'bank_card')`),
  ],
);

/** What an uploaded verification file shows; decides which types are accepted (verification/files.ts). */
export const VERIFICATION_FILE_PURPOSES = [
  "id_front",
  "id_back",
  "licence",
  "authorisation",
  "other",
  "student_card",
] as const;
export type VerificationFilePurpose = (typeof VERIFICATION_FILE_PURPOSES)[number];

/**
 * A file a main account uploaded for verification (ID card sides, a business licence, an authorisation letter, other
 * documents, a student card or 学信网 report). The bytes are sealed (context "verification-file:<storage key>") and
 * kept by the storage provider; the row keeps no file name (a name can carry a person's name). `entryId` is set when
 * an application names the file; `purgedAt` when the bytes were deleted (retention after the decision, or the
 * account closed): the row stays for the record.
 */
export const verificationFiles = pgTable(
  "verification_files",
  {
    id: id(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    entryId: bigint("entry_id", { mode: "number" }).references(() => verificationEntries.id),
    purpose: text("purpose", { enum: VERIFICATION_FILE_PURPOSES }).notNull(),
    storageKey: text("storage_key").notNull(),
    mime: text("mime").notNull(),
    /** The size of the file as uploaded (before sealing). */
    byteSize: bigint("byte_size", { mode: "number" }).notNull(),
    createdAt: at("created_at").notNull(),
    purgedAt: at("purged_at"),
  },
  (t) => [
    uniqueIndex("verification_files_storage_key_uq").on(t.storageKey),
    index("verification_files_user_idx").on(t.userId, t.createdAt),
    index("verification_files_entry_idx")
      .on(t.entryId)
      .where(sql`${t.entryId} is not null`),
    check(
      "verification_files_purpose_known",
      sql`${t.purpose} in ('id_front', 'id_back', 'licence', 'authorisation', 'other', 'student_card')`,
    ),
  ],
);

export const verificationSchema = { verificationEntries, verificationAttempts, verificationFiles };
