import type { PersonalDataKeys } from "../security/personal-data-cipher";
import { openPersonalText, personalDataHash, sealPersonalData } from "../security/personal-data-cipher";

/** The sealed fields of a verification entry (platform/db/verification-schema.ts). */
export type SealedField = "name" | "id_number" | "card_number" | "legal_representative" | "note" | "student_number";

/** Where a sealed value belongs: its entry and field, bound into the seal (decision 094). */
export const sealContext = (entryId: number, field: SealedField) => `verification:${entryId}:${field}`;

export const sealEntryField = (keys: PersonalDataKeys, entryId: number, field: SealedField, value: string) =>
  sealPersonalData(keys, value, sealContext(entryId, field));

export const openEntryField = (keys: PersonalDataKeys, entryId: number, field: SealedField, sealed: string) =>
  openPersonalText(keys, sealed, sealContext(entryId, field));

/** The keyed hash of a resident ID number (uniqueness across accounts, attempts per ID number). */
export const idNumberHash = (keys: PersonalDataKeys, idNumber: string) => personalDataHash(keys, "id_number", idNumber);

/** The keyed hash of an other-channel document's number, with its type (a passport and a permit never collide). */
export const otherDocumentHash = (keys: PersonalDataKeys, documentType: string, documentNumber: string) =>
  personalDataHash(keys, "other_document", `${documentType}:${documentNumber}`);
