import {
  VERIFICATION_STATUS_CODES,
  VERIFY_TYPE_OF_KIND,
  type FacePrintWire,
  type IdCardReadingWire,
  type VerificationFileWire,
  type VerificationWire,
} from "../../contract/verification";
import type { FaceCheckView } from "../../modules/verification/face-checks";
import type { IdCardReading } from "../../modules/verification/id-card-ocr";
import { maskIdNumber } from "../../rules/identity-numbers";
import type { VerificationEntry } from "../../modules/verification/entries";
import type { VerificationFile } from "../../modules/verification/files";

export const toVerification = (e: VerificationEntry): VerificationWire => ({
  id: e.id,
  verify_type: VERIFY_TYPE_OF_KIND[e.kind],
  kind: e.kind,
  method: e.method,
  status: VERIFICATION_STATUS_CODES[e.status],
  state: e.status,
  name: e.maskedName ?? "",
  id_number: e.maskedIdNumber ?? "",
  card_number: e.maskedCardNumber ?? "",
  company_name: e.companyName ?? "",
  credit_code: e.creditCode ?? "",
  legal_representative: e.maskedLegalRepresentative ?? "",
  document_type: e.documentType ?? "",
  reason: e.reason ?? "",
  created_at: e.createdAt.toISOString(),
  decided_at: e.decidedAt?.toISOString() ?? null,
  expires_at: e.expiresAt?.toISOString() ?? null,
});

export const toVerificationFile = (file: VerificationFile): VerificationFileWire => ({
  id: file.id,
  purpose: file.purpose,
  content_type: file.mime,
  size: file.byteSize,
  created_at: file.createdAt.toISOString(),
});

export const toIdCardReading = (r: IdCardReading): IdCardReadingWire => ({
  file_id: r.fileId,
  side: r.side,
  name: r.name,
  id_number: r.idNumber,
  masked_id_number: r.idNumber ? maskIdNumber(r.idNumber) : "",
  issued_by: r.issuedBy,
  valid_period: r.validPeriod,
});

export const toFacePrint = (v: FaceCheckView): FacePrintWire => ({
  state: v.state,
  url: v.url,
  expires_at: v.expiresAt?.toISOString() ?? null,
  reason: v.reason,
  verification: v.entry ? toVerification(v.entry) : null,
});
