import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  verificationEntries,
  type VerificationFilePurpose,
  type VerificationKind,
  type VerificationMethod,
} from "../../platform/db/verification-schema";
import { num, rowsOf } from "../../platform/modules/finance/rows";
import { attachVerificationFiles, storeVerificationFile } from "../../platform/modules/verification/files";
import { idNumberHash, sealEntryField } from "../../platform/modules/verification/sealing";
import { idCheckChar } from "../../platform/rules/identity-numbers";
import { pngImage } from "./upload-fixtures";
import type { RegisteredUser, TestPlatform } from "./platform";

/**
 * A valid resident ID number (GB 11643) no other test of the run draws: Dongcheng, Beijing, born on a random day of
 * 1970–1999 with a random sequence (about 10 million numbers; one ID number verifies one account, so two tests
 * drawing the same would refuse each other).
 */
export function newIdNumber(): string {
  const born = new Date(Date.UTC(1970, 0, 1) + randomInt(0, 10_950) * 86_400_000).toISOString().slice(0, 10);
  const first17 = `110101${born.replaceAll("-", "")}${String(randomInt(0, 1000)).padStart(3, "0")}`;
  return first17 + idCheckChar(first17);
}

export interface PendingEntryInput {
  kind: VerificationKind;
  method: VerificationMethod;
  name?: string;
  idNumber?: string;
  /** An enterprise application's company (required for kind enterprise). */
  company?: { name: string; creditCode: string; legalRepresentative: string };
  /** The other channel's document type and note. */
  documentType?: "passport" | "hk_macao_permit" | "taiwan_permit" | "foreign_permanent_residence" | "other";
  note?: string;
  /** One uploaded PNG per purpose, stored sealed and attached to the entry. */
  files?: VerificationFilePurpose[];
  createdAt?: Date;
}

/**
 * A pending application made as the application calls make one (values sealed with sealEntryField, files stored
 * and attached), written directly: the desk reviews any pending entry of a reviewed method.
 */
export async function insertPendingEntry(
  t: TestPlatform,
  user: RegisteredUser,
  input: PendingEntryInput,
): Promise<{ id: number; fileIds: number[] }> {
  const caller = await t.callerOf(user);
  const fileIds: number[] = [];
  for (const purpose of input.files ?? [])
    fileIds.push(
      (await storeVerificationFile(t.ctx, caller, { purpose, name: `${purpose}.png`, bytes: pngImage(8, 6) })).id,
    );
  const [next] = await rowsOf<{ id: unknown }>(
    t.db,
    sql`select nextval(pg_get_serial_sequence('verification_entries', 'id')) as id`,
  );
  const id = num(next!.id);
  const keys = t.ctx.personalData;
  await t.db.insert(verificationEntries).values({
    id,
    userId: user.userId,
    kind: input.kind,
    method: input.method,
    status: "pending",
    nameSealed: input.name === undefined ? null : sealEntryField(keys, id, "name", input.name),
    idNumberSealed: input.idNumber === undefined ? null : sealEntryField(keys, id, "id_number", input.idNumber),
    idNumberHash: input.idNumber === undefined ? null : idNumberHash(keys, input.idNumber),
    companyName: input.company?.name ?? null,
    creditCode: input.company?.creditCode ?? null,
    legalRepresentativeSealed: input.company
      ? sealEntryField(keys, id, "legal_representative", input.company.legalRepresentative)
      : null,
    documentType: input.documentType ?? null,
    noteSealed: input.note === undefined ? null : sealEntryField(keys, id, "note", input.note),
    createdAt: input.createdAt ?? t.clock.now(),
  });
  await attachVerificationFiles(t.db, {
    userId: user.userId,
    entryId: id,
    fileIds,
    purposes: input.files ?? [],
    field: "files",
  });
  return { id, fileIds };
}
