import type {
  BankCardCaptchaBody,
  BankCardVerifyBody,
  IdFaceSubmitBody,
  BusinessLicenceBody,
  EnterpriseVerificationBody,
  OtherChannelBody,
  StudentCardBody,
  StudentMailboxCodeBody,
  VerificationCalls,
} from "../../platform/contract/verification";
import { callThirdPartyOrThrow, type ThirdPartyOptions } from "./transport.server";

/** The wire types the pages use, re-exported so routes and components never import platform/. */
export type {
  BankCardVerifyBody,
  FacePrintWire,
  IdCardReadingWire,
  IdFaceSubmitBody,
  BusinessLicenceWire,
  OtherDocumentTypeWire,
  VerificationKindWire,
  VerificationListWire,
  VerificationStatusWire,
  VerificationWire,
} from "../../platform/contract/verification";
export {
  BANK_CARD_FIELDS,
  ENTERPRISE_FIELDS,
  OTHER_CHANNEL_FIELDS,
  STUDENT_FIELDS,
  VERIFICATION_METHOD_LABELS,
  VERIFICATION_STATUS_LABELS,
} from "../../platform/contract/verification";

/** Who calls: the session token (sent as the Authorization header) and the browser's address. */
export type VerificationCaller = ThirdPartyOptions;

/** One verification call, typed by the contract (platform/contract/verification.ts). */
function call<N extends keyof VerificationCalls>(
  _name: N,
  method: VerificationCalls[N]["method"],
  path: VerificationCalls[N]["path"],
  caller: VerificationCaller,
  body?: VerificationCalls[N]["body"],
): Promise<VerificationCalls[N]["data"]> {
  return callThirdPartyOrThrow<VerificationCalls[N]["data"]>({ method, path, body: body ?? undefined }, caller);
}

/** The caller's entries, newest first (empty without a session). */
export function listVerifications(caller: VerificationCaller) {
  return call("listVerifications", "GET", "/api/v1/verification/verifications", caller);
}

/** A code to the bank card's phone (with the CAPTCHA's fields when the platform asked for one). */
export function sendBankCardCode(caller: VerificationCaller, body: BankCardCaptchaBody) {
  return call("bankCardCaptcha", "POST", "/api/v1/verification/captcha", caller, body);
}

/** The four elements and the code: the verified entry, or a refusal beside its field. */
export function verifyByBankCard(caller: VerificationCaller, body: BankCardVerifyBody) {
  return call("bankCard", "POST", "/api/v1/verification/bank-card", caller, body);
}

/** What OCR read from one of the caller's uploaded ID card sides, again (a refreshed page); NOT_FOUND once used. */
export function readIdCardAgain(caller: VerificationCaller, fileId: number) {
  return call("ocrResult", "POST", "/api/v1/verification/ocr-result", caller, { file_id: fileId });
}

/** The confirmed name and ID number with the two sides: the pending application, or a refusal beside its field. */
export function submitIdFace(caller: VerificationCaller, body: Omit<IdFaceSubmitBody, "verify_type" | "method">) {
  return call("submitVerification", "POST", "/api/v1/verification/verifications", caller, {
    verify_type: 0,
    method: "id_face",
    ...body,
  });
}

/** Starts the face check of the pending ID card application (or answers the one still open). */
export function startFacePrint(caller: VerificationCaller) {
  return call("startFacePrint", "POST", "/api/v1/verification/face-print", caller);
}

/** Where the face check of the newest ID card application stands (the provider asked while it is open). */
export function pollFacePrint(caller: VerificationCaller) {
  return call("pollFacePrint", "GET", "/api/v1/verification/face-print", caller);
}

/** Reads an uploaded licence (an OCR attempt): the company, credit code and legal representative to confirm. */
export function readBusinessLicence(caller: VerificationCaller, body: BusinessLicenceBody) {
  return call("businessLicence", "POST", "/api/v1/verification/business-license", caller, body);
}

/** The enterprise application as confirmed: the pending entry, or a refusal beside its field. */
export function submitEnterpriseVerification(caller: VerificationCaller, body: EnterpriseVerificationBody) {
  return call("submitVerification", "POST", "/api/v1/verification/verifications", caller, body);
}

/** The other channel's application (document, name, number, files, note): the pending entry. */
export function submitOtherChannel(caller: VerificationCaller, body: OtherChannelBody) {
  return call("otherChannel", "POST", "/api/v1/verification/other-channel", caller, body);
}

/** Student verification, step one by mailbox: the details and a school mailbox; a code is emailed to it. */
export function sendStudentMailboxCode(caller: VerificationCaller, body: StudentMailboxCodeBody) {
  return call("studentMailboxCode", "POST", "/api/v1/verification/student/mailbox-code", caller, body);
}

/** Step two: the code from the email; the verified student entry, or a refusal beside `code`. */
export function verifyStudentMailboxCode(caller: VerificationCaller, code: string) {
  return call("studentMailboxVerify", "POST", "/api/v1/verification/student/mailbox-verify", caller, { code });
}

/** By student card: the details and an uploaded file's id; the pending entry for review. */
export function applyStudentByCard(caller: VerificationCaller, body: StudentCardBody) {
  return call("studentCard", "POST", "/api/v1/verification/student/card", caller, body);
}
