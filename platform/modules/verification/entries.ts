import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  verificationEntries,
  type VerificationKind,
  type VerificationMethod,
  type OtherDocumentType,
  type VerificationStatus,
} from "../../db/verification-schema";
import { maskCardNumber, maskIdNumber } from "../../rules/identity-numbers";
import { maskPersonName } from "../../rules/person-name";
import type { Caller, Ctx } from "../context";
import type { PersonalDataKeys } from "../security/personal-data-cipher";
import { openEntryField, type SealedField } from "./sealing";
import { verifyingAccountOf } from "./scope";

/** A verification entry as its owner sees it: personal values masked, never whole (issue 37 §3). */
export interface VerificationEntry {
  id: number;
  kind: VerificationKind;
  method: VerificationMethod;
  status: VerificationStatus;
  /** 张*, 3***************4, ****1234; null when the entry has none. */
  maskedName: string | null;
  maskedIdNumber: string | null;
  maskedCardNumber: string | null;
  /** Enterprise: the company and its credit code (public registry data, whole) and the legal representative (李*). */
  companyName: string | null;
  creditCode: string | null;
  maskedLegalRepresentative: string | null;
  /** Other channel: which document the masked number is. */
  documentType: OtherDocumentType | null;
  /** Why it was rejected. */
  reason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  expiresAt: Date | null;
}

type EntryRow = typeof verificationEntries.$inferSelect;

/** The row with its sealed values opened and masked (opened in memory only, for the mask). */
export function toVerificationEntry(keys: PersonalDataKeys, row: EntryRow): VerificationEntry {
  const open = (field: SealedField, sealed: string | null) =>
    sealed === null ? null : openEntryField(keys, row.id, field, sealed);
  const name = open("name", row.nameSealed);
  const idNumber = open("id_number", row.idNumberSealed);
  const card = open("card_number", row.cardNumberSealed);
  const representative = open("legal_representative", row.legalRepresentativeSealed);
  return {
    id: row.id,
    kind: row.kind,
    method: row.method,
    status: row.status,
    maskedName: name === null ? null : maskPersonName(name),
    maskedIdNumber: idNumber === null ? null : maskIdNumber(idNumber),
    maskedCardNumber: card === null ? null : maskCardNumber(card),
    companyName: row.companyName,
    creditCode: row.creditCode,
    maskedLegalRepresentative: representative === null ? null : maskPersonName(representative),
    documentType: row.documentType,
    reason: row.reason,
    createdAt: row.createdAt,
    decidedAt: row.decidedAt,
    expiresAt: row.expiresAt,
  };
}

/** At most this many entries are listed (newest first): an account applies a few times at most. */
const MAX_LISTED = 50;

/** `GET /api/v1/verification/verifications`: the caller's own entries, newest first; a sub-account is refused. */
export async function listVerifications(ctx: Pick<Ctx, "db" | "personalData">, caller: Caller) {
  const userId = verifyingAccountOf(caller);
  const rows = await ctx.db
    .select()
    .from(verificationEntries)
    .where(eq(verificationEntries.userId, userId))
    .orderBy(desc(verificationEntries.id))
    .limit(MAX_LISTED);
  return rows.map((row) => toVerificationEntry(ctx.personalData, row));
}

/** The account's live (pending or verified) entry of a kind, if any. */
export async function liveEntryOf(db: Db, userId: number, kind: VerificationKind): Promise<EntryRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationEntries)
    .where(
      and(
        eq(verificationEntries.userId, userId),
        eq(verificationEntries.kind, kind),
        inArray(verificationEntries.status, ["pending", "verified"]),
      ),
    )
    .limit(1);
  return row;
}
