import { and, eq, sql } from "drizzle-orm";
import { verificationEntries } from "../../db/verification-schema";
import { inTransaction } from "../../db/tx";
import { checkIdNumber } from "../../rules/identity-numbers";
import { checkPersonName } from "../../rules/person-name";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { num, rowsOf } from "../finance/rows";
import { BANK_CARD_PENDING_TIMEOUT_MS, TIMED_OUT_REASON } from "./bank-card";
import { toVerificationEntry, liveEntryOf, type VerificationEntry } from "./entries";
import { attachVerificationFiles } from "./files";
import { dropReadings } from "./id-card-ocr";
import { otherAccountsWith } from "./id-number-accounts";
import { idNumberHash, sealEntryField } from "./sealing";
import { verifyingAccountOf } from "./scope";

/** Name and ID number as the user confirmed (or corrected) them, and the two uploaded sides. */
export interface IdFaceInput {
  name: string;
  idNumber: string;
  frontFileId: number;
  backFileId: number;
}

/** Why an earlier ID card application still waiting for its face check was closed. */
export const SUPERSEDED_REASON = "已重新提交认证信息";

const fileId = (value: number, field: string) =>
  Number.isSafeInteger(value) && value > 0 ? value : fail("BAD_REQUEST", field, "请先上传身份证照片");

/**
 * `POST /api/v1/verification/verifications` with verify_type 0 and method id_face (issue 37 §1, decision 099): the
 * name (汉字) and ID number (GB 11643) checked beside their fields; then in one transaction, under the account's
 * lock (the one every personal submission and attempt takes, so a bank-card submission cannot interleave) and the
 * ID number's: refused when the account is verified or a bank-card check is under way, or the ID number already
 * verifies VERIFICATION_ID_MAX_ACCOUNTS other accounts; an earlier ID card application still waiting for its face
 * check is closed (the newest submission is the one checked); a pending entry is written with the values sealed,
 * and the two sides (the caller's own, unused, of the right side) are attached to it. So two submissions at once
 * leave one live entry. No outside call: the face check starts with face-print.
 */
export async function submitIdFace(ctx: Ctx, caller: Caller, input: IdFaceInput): Promise<VerificationEntry> {
  const userId = verifyingAccountOf(caller);
  const name = checkPersonName(input.name);
  if (!name.ok) return fail("PERSON_NAME_INVALID", "name", name.reason);
  const id = checkIdNumber(input.idNumber, ctx.now());
  if (!id.ok) return fail("ID_NUMBER_INVALID", "id_number", id.reason);
  const front = fileId(input.frontFileId, "front_file_id");
  const back = fileId(input.backFileId, "back_file_id");
  const hash = idNumberHash(ctx.personalData, id.idNumber);

  const row = await inTransaction(ctx.db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`verify-attempts:user:${userId}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`verify-id:${hash}`}))`);
    const now = ctx.now();
    const live = await liveEntryOf(tx, userId, "personal");
    if (live?.status === "verified") fail("VERIFICATION_ALREADY_VERIFIED");
    if (live?.status === "pending") {
      const staleCard =
        live.method === "bank_card" && live.createdAt.getTime() <= now.getTime() - BANK_CARD_PENDING_TIMEOUT_MS;
      if (live.method !== "id_face" && !staleCard) fail("VERIFICATION_PENDING");
      await tx
        .update(verificationEntries)
        .set({ status: "rejected", reason: staleCard ? TIMED_OUT_REASON : SUPERSEDED_REASON, decidedAt: now })
        .where(and(eq(verificationEntries.id, live.id), eq(verificationEntries.status, "pending")));
    }
    if ((await otherAccountsWith(tx, hash, userId)) >= ctx.site.verification.idNumberMaxAccounts)
      fail("VERIFICATION_ID_NUMBER_TAKEN", "id_number");
    // The id first: each value is sealed bound to its entry (sealing.ts).
    const [next] = await rowsOf<{ id: unknown }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('verification_entries', 'id')) as id`,
    );
    const entryId = num(next!.id);
    const [inserted] = await tx
      .insert(verificationEntries)
      .values({
        id: entryId,
        userId,
        kind: "personal",
        method: "id_face",
        status: "pending",
        nameSealed: sealEntryField(ctx.personalData, entryId, "name", name.name),
        idNumberSealed: sealEntryField(ctx.personalData, entryId, "id_number", id.idNumber),
        idNumberHash: hash,
        createdAt: now,
      })
      .returning();
    await attachVerificationFiles(tx, {
      userId,
      entryId,
      fileIds: [front],
      purposes: ["id_front"],
      field: "front_file_id",
    });
    await attachVerificationFiles(tx, {
      userId,
      entryId,
      fileIds: [back],
      purposes: ["id_back"],
      field: "back_file_id",
    });
    await dropReadings(tx, [front, back]);
    return inserted!;
  });
  return toVerificationEntry(ctx.personalData, row);
}
