import { sql } from "drizzle-orm";
import { inTransaction } from "../../db/tx";
import { verificationEntries } from "../../db/verification-schema";
import {
  checkDocumentName,
  checkDocumentNumber,
  isOtherDocumentType,
  OTHER_FILES_MAX,
  OTHER_FILES_MIN,
  OTHER_NOTE_MAX,
} from "../../rules/other-documents";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { num, rowsOf } from "../finance/rows";
import { otherAccountsWith } from "./id-number-accounts";
import { liveEntryOf, toVerificationEntry, type VerificationEntry } from "./entries";
import { attachVerificationFiles } from "./files";
import { otherDocumentHash, sealEntryField } from "./sealing";
import { verifyingAccountOf } from "./scope";

/** The other-channel application as typed (decision 100). */
export interface OtherChannelInput {
  documentType: string;
  name: string;
  documentNumber: string;
  /** Uploaded files of purpose other (1 to 5). */
  fileIds: number[];
  note: string;
}

/** The fields' checks, each refusal beside its field (the form's names). */
function checkApplication(input: OtherChannelInput) {
  const documentType = input.documentType.trim();
  if (!isOtherDocumentType(documentType)) return fail("BAD_REQUEST", "document_type", "请选择证件类型");
  const name = checkDocumentName(input.name);
  if (!name.ok) return fail("PERSON_NAME_INVALID", "name", name.reason);
  const number = checkDocumentNumber(documentType, input.documentNumber);
  if (!number.ok) return fail("ID_NUMBER_INVALID", "document_number", number.reason);
  const note = input.note.trim();
  if ([...note].length > OTHER_NOTE_MAX) return fail("BAD_REQUEST", "note", `说明不能超过${OTHER_NOTE_MAX}个字`);
  const fileIds = [...new Set(input.fileIds)];
  if (fileIds.length < OTHER_FILES_MIN || fileIds.length > OTHER_FILES_MAX)
    return fail("BAD_REQUEST", "files", `请上传${OTHER_FILES_MIN}到${OTHER_FILES_MAX}个证件或证明材料文件`);
  return { documentType, name: name.name, documentNumber: number.documentNumber, note, fileIds };
}

/**
 * `POST /api/v1/verification/other-channel`: personal verification for those without a mainland resident ID card
 * (passport, the permits, other cases): a pending personal entry (method other) for staff review. In one
 * transaction under the account's lock (the one every personal submission takes, attempts.ts) and the document's:
 * one live personal entry per account, the one-ID rule over the document number's keyed hash (kind
 * "other_document", per type), the name, number and note sealed, and the files attached.
 */
export async function submitOtherChannel(
  ctx: Ctx,
  caller: Caller,
  input: OtherChannelInput,
): Promise<VerificationEntry> {
  const userId = verifyingAccountOf(caller);
  const fields = checkApplication(input);
  const hash = otherDocumentHash(ctx.personalData, fields.documentType, fields.documentNumber);
  const row = await inTransaction(ctx.db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`verify-attempts:user:${userId}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`verify-id:${hash}`}))`);
    const live = await liveEntryOf(tx, userId, "personal");
    if (live?.status === "verified") fail("VERIFICATION_ALREADY_VERIFIED");
    if (live?.status === "pending") fail("VERIFICATION_PENDING");
    if ((await otherAccountsWith(tx, hash, userId)) >= ctx.site.verification.idNumberMaxAccounts)
      fail("VERIFICATION_ID_NUMBER_TAKEN", "document_number", "该证件号码已用于其他账号的实名认证");

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
        kind: "personal",
        method: "other",
        status: "pending",
        documentType: fields.documentType,
        nameSealed: sealEntryField(ctx.personalData, id, "name", fields.name),
        idNumberSealed: sealEntryField(ctx.personalData, id, "id_number", fields.documentNumber),
        idNumberHash: hash,
        noteSealed: fields.note === "" ? null : sealEntryField(ctx.personalData, id, "note", fields.note),
        createdAt: ctx.now(),
      })
      .returning();
    await attachVerificationFiles(tx, {
      userId,
      entryId: id,
      fileIds: fields.fileIds,
      purposes: ["other"],
      field: "files",
    });
    return inserted!;
  });
  return toVerificationEntry(ctx.personalData, row);
}
