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

/** `status`: 0 pending (审核中), 1 verified (the spec's), 2 rejected. */
export const VERIFICATION_STATUS_CODES = { pending: 0, verified: 1, rejected: 2 } as const;
export type VerificationStatusWire = keyof typeof VERIFICATION_STATUS_CODES;

export const VERIFICATION_STATUS_LABELS: Record<VerificationStatusWire, string> = {
  pending: "审核中",
  verified: "已认证",
  rejected: "未通过",
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
};
