/**
 * Real-name verification on the wire (/third-party, spec §7 "Verification"; issue 37; decision 097). The spec gives
 * the paths and two values (`data.verifications`, entries with `verify_type` 0 personal / 1 enterprise and `status`
 * 1 verified); the rest of each payload is ours, named in the spec's snake_case. The token travels in the
 * `Authorization` header; bodies are JSON objects (form-urlencoded is read too). Personal values leave the platform
 * masked only (张*, 3***************4, ****1234).
 *
 * Refusals use the third-party envelope (platform/contract/work-orders.ts): 100022 with `data.field` for a field,
 * 100041 for a sub-account, and 102252 when the day's attempts are used, with `data.retry_at` (ISO 8601) saying
 * when the user may try again.
 */
import type { ThirdPartyCall, NoBody, NoQuery } from "./work-orders";
import type { CaptchaFields } from "./security";

/** `verify_type`: 0 personal, 1 enterprise (the spec's), 2 student, 3 other channel (ours). */
export const VERIFY_TYPE_OF_KIND = { personal: 0, enterprise: 1, student: 2, other: 3 } as const;
export type VerificationKindWire = keyof typeof VERIFY_TYPE_OF_KIND;
export type VerifyTypeWire = (typeof VERIFY_TYPE_OF_KIND)[VerificationKindWire];

/** `status`: 0 pending (审核中), 1 verified (the spec's), 2 rejected, 3 expired (a student who graduated). */
export const VERIFICATION_STATUS_CODES = { pending: 0, verified: 1, rejected: 2, expired: 3 } as const;
export type VerificationStatusWire = keyof typeof VERIFICATION_STATUS_CODES;

export const VERIFICATION_STATUS_LABELS: Record<VerificationStatusWire, string> = {
  pending: "审核中",
  verified: "已认证",
  rejected: "未通过",
  expired: "已过期",
};

/** How the entry was made: bank_card, id_face (ID card and face), licence, other, mailbox, card (student card). */
export type VerificationMethodWire = "bank_card" | "id_face" | "licence" | "other" | "mailbox" | "card";

export const VERIFICATION_METHOD_LABELS: Record<VerificationMethodWire, string> = {
  bank_card: "银行卡认证",
  id_face: "身份证与人脸认证",
  licence: "营业执照认证",
  other: "其他方式认证",
  mailbox: "学校邮箱认证",
  card: "学生证认证",
};

/** One entry of the caller's. */
export interface VerificationWire {
  id: number;
  verify_type: VerifyTypeWire;
  kind: VerificationKindWire;
  method: VerificationMethodWire;
  status: (typeof VERIFICATION_STATUS_CODES)[VerificationStatusWire];
  /** "pending" | "verified" | "rejected", the same as `status` in words. */
  state: VerificationStatusWire;
  /** Masked: 张*; "" when the entry has none. */
  name: string;
  /** Masked: 3***************4; "". */
  id_number: string;
  /** Masked: ****1234; "". */
  card_number: string;
  /** Enterprise: the company's name and unified social credit code, whole (public registry data); "" otherwise. */
  company_name: string;
  credit_code: string;
  /** Enterprise: the legal representative, masked (李*); "". */
  legal_representative: string;
  /** Other channel: the document `id_number` masks (OtherDocumentTypeWire); "" otherwise. */
  document_type: OtherDocumentTypeWire | "";
  /** Why it was rejected (and what to correct); "" otherwise. */
  reason: string;
  created_at: string;
  decided_at: string | null;
  /** When it stops holding (a student's graduation); null when it does not expire. */
  expires_at: string | null;
}

export interface VerificationListWire {
  verifications: VerificationWire[];
  /** Ours: the GPUs an unverified account may hold at once (UNVERIFIED_GPU_LIMIT), for the page that says so. */
  unverified_gpu_limit: number;
}

/** `POST captcha`: a code to the bank card's phone (purpose bank_card), with the CAPTCHA when one was asked for. */
export type BankCardCaptchaBody = { phone: string } & CaptchaFields;

export interface BankCardCaptchaWire {
  sent: true;
  resend_after_seconds: number;
}

/** `POST bank-card`: the four elements and the code sent to `phone`. */
export interface BankCardVerifyBody {
  name: string;
  id_number: string;
  card_number: string;
  phone: string;
  code: string;
}

/** The field names of BankCardVerifyBody, in the order a form asks them (errors name one of these in `data.field`). */
export const BANK_CARD_FIELDS = ["name", "id_number", "card_number", "phone", "code"] as const;

/** What an uploaded verification file shows (the `purpose` field of the `file` call). */
export type VerificationFilePurposeWire =
  "id_front" | "id_back" | "licence" | "authorisation" | "other" | "student_card";

export const VERIFICATION_FILE_PURPOSE_LABELS: Record<VerificationFilePurposeWire, string> = {
  id_front: "身份证人像面",
  id_back: "身份证国徽面",
  licence: "营业执照",
  authorisation: "授权书",
  other: "证明材料",
  student_card: "学生证或学信网认证报告",
};

/** POST (multipart/form-data: one `file` and `purpose`): stores a sealed file; 10 MB at most (the upload limit). */
export const VERIFICATION_FILE_UPLOAD_PATH = "/api/v1/verification/file";

/** GET: the file's bytes (`Cache-Control: no-store`) to its owner while its application is pending; else 100022/404. */
export const verificationFileContentPath = (id: number) => `/api/v1/verification/file/${id}`;

/** An uploaded file: its id is named by the application that uses it. No file name is kept. */
export interface VerificationFileWire {
  id: number;
  purpose: VerificationFilePurposeWire;
  content_type: string;
  size: number;
  created_at: string;
}

/** `side` of `ocr-image`: the portrait side (人像面) or the national emblem side (国徽面). */
export type IdCardSideWire = "front" | "back";

/** POST (multipart/form-data: one `file` and `side`): stores the photo (purpose id_front/id_back) and reads it. */
export const ID_CARD_OCR_PATH = "/api/v1/verification/ocr-image";

/**
 * What OCR read from one side (`ocr-image`, `ocr-result`). The front's `name` and `id_number` are whole: they go to
 * the owner only, in this reply, to fill the form where the user confirms or corrects them (never a URL, never a
 * log); `masked_id_number` is for showing. The back's fields are "" on the front and the other way round.
 */
export interface IdCardReadingWire {
  file_id: number;
  side: IdCardSideWire;
  name: string;
  id_number: string;
  masked_id_number: string;
  /** The back: the issuing authority and the validity period as printed ("2015.03.01-2035.03.01", "…-长期"). */
  issued_by: string;
  valid_period: string;
}

/** `POST ocr-result`: what was read from one of the caller's own uploaded sides, again (e.g. after a refresh). */
export interface OcrResultBody {
  file_id: number;
}

/** `POST verifications`, personal by ID card and face: the values as the user confirmed them and the two sides. */
export interface IdFaceSubmitBody {
  verify_type: 0;
  method: "id_face";
  name: string;
  id_number: string;
  front_file_id: number;
  back_file_id: number;
}

/** `POST verifications`: one body per kind of application, told apart by `verify_type` (and `method`). */
export type SubmitVerificationBody = IdFaceSubmitBody | EnterpriseVerificationBody;

/** The fields of IdFaceSubmitBody a refusal may name in `data.field`. */
export const ID_FACE_FIELDS = ["name", "id_number", "front_file_id", "back_file_id"] as const;

/** Where the face check of the caller's ID card application stands: none started, waiting, passed or failed. */
export type FacePrintStateWire = "none" | "pending" | "passed" | "failed";

/**
 * `POST face-print` (no body) starts a face check for the caller's pending ID card application, or answers the one
 * still open; `GET face-print` (no parameters: the caller's newest ID card application) polls it. `url` is the link
 * to open on a phone (the sandbox's: PUBLIC_URL/sandbox/face/<session>), "" when there is none to open.
 */
export interface FacePrintWire {
  state: FacePrintStateWire;
  url: string;
  expires_at: string | null;
  /** Why it failed (the provider's sentence); "" otherwise. */
  reason: string;
  /** The application it belongs to (masked values); null when the caller has no ID card application. */
  verification: VerificationWire | null;
}

/** `POST business-license`: an uploaded licence (the `file` call with purpose licence) to read. */
export interface BusinessLicenceBody {
  file_id: number;
}

/**
 * What the licence's OCR read (the user confirms or corrects it before submitting; an "ocr" attempt, 102252 past
 * the day's limit), and whether the legal representative read is the applicant's verified personal name (then no
 * authorisation letter is needed). The applicant's own licence: the names are whole here, for the form.
 */
export interface BusinessLicenceWire {
  file_id: number;
  company_name: string;
  credit_code: string;
  legal_representative: string;
  applicant_is_legal_representative: boolean;
}

/**
 * `POST verifications` with verify_type 1: the enterprise application (decision 100), pending staff review. The
 * applicant must be personally verified; one live application per credit code across accounts (100022, field
 * credit_code); `authorisation_file_ids` (purpose authorisation) is required when `legal_representative` is not the
 * applicant's verified name (100022, field authorisation_file). Answers the pending entry.
 */
export interface EnterpriseVerificationBody {
  verify_type: 1;
  licence_file_id: number;
  company_name: string;
  credit_code: string;
  legal_representative: string;
  authorisation_file_ids: number[];
}

/** The field names of the enterprise application, as errors name them in `data.field`. */
export const ENTERPRISE_FIELDS = [
  "licence_file",
  "company_name",
  "credit_code",
  "legal_representative",
  "authorisation_file",
] as const;

/** The documents of the other channel: passport, the two permits, the foreigners' permanent residence card, other. */
export type OtherDocumentTypeWire =
  "passport" | "hk_macao_permit" | "taiwan_permit" | "foreign_permanent_residence" | "other";

/**
 * `POST other-channel`: personal verification without a mainland resident ID card, for staff review: the document,
 * the name and number as it prints them (sealed; its keyed hash keeps one document to VERIFICATION_ID_MAX_ACCOUNTS
 * accounts), 1 to 5 files (purpose other) and a note of at most 500 characters. Answers the pending entry
 * (verify_type 0, method other).
 */
export interface OtherChannelBody {
  document_type: OtherDocumentTypeWire;
  name: string;
  document_number: string;
  file_ids: number[];
  note: string;
}

export const OTHER_CHANNEL_FIELDS = ["document_type", "name", "document_number", "files", "note"] as const;
/** The details of a student application (issue 37 §1; decision 101): years as 4 digits. */
export interface StudentFieldsBody {
  school: string;
  student_number: string;
  enrolment_year: string;
  graduation_year: string;
}

/** The field names of a student application, in the order the form asks them (errors name one in `data.field`). */
export const STUDENT_FIELDS = ["school", "student_number", "enrolment_year", "graduation_year"] as const;

/** `POST student/mailbox-code`: the details and a school mailbox (`*.edu.cn`), refused beside `email` otherwise. */
export type StudentMailboxCodeBody = StudentFieldsBody & { email: string };

export interface StudentMailboxCodeWire {
  /** Masked: z***@pku.edu.cn. */
  sent_to: string;
  expires_at: string;
}

/** `POST student/mailbox-verify`: the 6-digit code; the entry made is verified (method mailbox). */
export interface StudentMailboxVerifyBody {
  code: string;
}

/** `POST student/card`: the details and the id of an uploaded file of purpose student_card; the entry is pending. */
export type StudentCardBody = StudentFieldsBody & { file_id: number };

export type VerificationCalls = {
  /** multipart/form-data: `file` and `purpose`. JPG/PNG for ID sides and licences; PDF too for the others. */
  uploadFile: ThirdPartyCall<"POST", typeof VERIFICATION_FILE_UPLOAD_PATH, NoQuery, FormData, VerificationFileWire>;
  /** Without a token the list is empty (spec §7); a dead token is 100031/100032; a sub-account 100041. */
  listVerifications: ThirdPartyCall<"GET", "/api/v1/verification/verifications", NoQuery, NoBody, VerificationListWire>;
  bankCardCaptcha: ThirdPartyCall<
    "POST",
    "/api/v1/verification/captcha",
    NoQuery,
    BankCardCaptchaBody,
    BankCardCaptchaWire
  >;
  /** The entry made: verified; a mismatch is refused (100022, the bank's reason) and listed as rejected. */
  bankCard: ThirdPartyCall<"POST", "/api/v1/verification/bank-card", NoQuery, BankCardVerifyBody, VerificationWire>;
  /** multipart/form-data: `file` (JPG/PNG) and `side`; counts an OCR attempt (102252 past the day's). */
  ocrImage: ThirdPartyCall<"POST", typeof ID_CARD_OCR_PATH, NoQuery, FormData, IdCardReadingWire>;
  ocrResult: ThirdPartyCall<"POST", "/api/v1/verification/ocr-result", NoQuery, OcrResultBody, IdCardReadingWire>;
  businessLicence: ThirdPartyCall<
    "POST",
    "/api/v1/verification/business-license",
    NoQuery,
    BusinessLicenceBody,
    BusinessLicenceWire
  >;
  /** Dispatched on `verify_type`: 0 personal by ID card and face, 1 enterprise (decision 100); pending until its
   * check or review decides it. */
  submitVerification: ThirdPartyCall<
    "POST",
    "/api/v1/verification/verifications",
    NoQuery,
    SubmitVerificationBody,
    VerificationWire
  >;
  /** Counts a face attempt (102252 past the day's) unless a check is still open. */
  startFacePrint: ThirdPartyCall<"POST", "/api/v1/verification/face-print", NoQuery, NoBody, FacePrintWire>;
  pollFacePrint: ThirdPartyCall<"GET", "/api/v1/verification/face-print", NoQuery, NoBody, FacePrintWire>;
  otherChannel: ThirdPartyCall<
    "POST",
    "/api/v1/verification/other-channel",
    NoQuery,
    OtherChannelBody,
    VerificationWire
  >;
  /** Student verification (ours: the spec names no call): refused until a personal entry is verified. */
  studentMailboxCode: ThirdPartyCall<
    "POST",
    "/api/v1/verification/student/mailbox-code",
    NoQuery,
    StudentMailboxCodeBody,
    StudentMailboxCodeWire
  >;
  studentMailboxVerify: ThirdPartyCall<
    "POST",
    "/api/v1/verification/student/mailbox-verify",
    NoQuery,
    StudentMailboxVerifyBody,
    VerificationWire
  >;
  studentCard: ThirdPartyCall<"POST", "/api/v1/verification/student/card", NoQuery, StudentCardBody, VerificationWire>;
};
