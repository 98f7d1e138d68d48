/**
 * The desk's real-name verification review under /staff (issue 37 §2, decision 101): the queue of pending
 * applications a person decides, one application with its values masked, the audited reveal of its whole values
 * (and, for the same reviewer, its files for REVEAL_VALID minutes), and the decision. Reviewers, leads and admins
 * only (PERMISSION_DENIED, HTTP 403, to anyone else). The envelope is the main API's; times are ISO 8601.
 */
import type { MainApiCall } from "./calls";
import type { PageFields, PageWire } from "./page";
import type {
  VerificationFilePurposeWire,
  VerificationKindWire,
  VerificationMethodWire,
  VerificationStatusWire,
} from "./verification";

/** One application as the queue and its page show it: masked (张*, 3***************4, ****1234, 138****0000). */
export type ReviewItemWire = {
  id: number;
  kind: VerificationKindWire;
  method: VerificationMethodWire;
  state: VerificationStatusWire;
  user_id: number;
  user_phone: string;
  name: string;
  id_number: string;
  card_number: string;
  reason: string;
  created_at: string;
  decided_at: string | null;
  expires_at: string | null;
};

export type ReviewFileWire = {
  id: number;
  purpose: VerificationFilePurposeWire;
  content_type: string;
  size: number;
  /** The bytes were deleted after the decision or when the account closed (decision 101). */
  purged: boolean;
};

/** A student application's details: the student number masked (23******01). */
export type ReviewStudentWire = {
  school: string;
  student_number: string;
  enrolment_year: number;
  graduation_year: number;
  /** The school mailbox's domain (method mailbox); "" otherwise. */
  mailbox_domain: string;
};

/** An enterprise application's company: name and credit code whole (public registry data), legal representative masked. */
export type ReviewCompanyWire = {
  company_name: string;
  credit_code: string;
  legal_representative: string;
};

/**
 * `person_name`: the applicant's verified personal name, masked, for another kind's application; "" without one.
 * `document_type`: the other channel's document (passport, hk_macao_permit, …), "" otherwise; `has_note`: it carries
 * a note, shown after the reveal.
 */
export type ReviewDetailWire = ReviewItemWire & {
  reviewer_id: number | null;
  files: ReviewFileWire[];
  person_name: string;
  student: ReviewStudentWire | null;
  company: ReviewCompanyWire | null;
  document_type: string;
  has_note: boolean;
};

/** `kind`: personal, enterprise, student or other; `min_wait_hours` (1–720): waiting at least that long. */
export type ReviewQueueFields = PageFields & { kind?: VerificationKindWire; min_wait_hours?: number };

export type ReviewEntryFields = { id: number };

/** `reason` (2–100 characters) goes to the audit log with who, when and which application. */
export type ReviewRevealFields = { id: number; reason: string };

export type ReviewRevealedFields = { id: number; reveal_id: number };

/** The whole values ("" when the application has none) and `reveal_id`, which opens the files (below). */
export type ReviewRevealWire = {
  reveal_id: number;
  name: string;
  id_number: string;
  card_number: string;
  person_name: string;
  student_number: string;
  legal_representative: string;
  note: string;
};

/**
 * `decision`: "approve" or "reject"; a rejection's `reason` is one of REJECT_REASONS (platform/rules/
 * verification-review.ts) or "other" with `reason_text` (2–200 characters). An application decided already is
 * VERIFICATION_ALREADY_DECIDED (HTTP 409).
 */
export type ReviewDecideFields = { id: number; decision: "approve" | "reject"; reason?: string; reason_text?: string };

export type VerificationReviewCalls = {
  "/verification/queue": MainApiCall<ReviewQueueFields, PageWire<ReviewItemWire>, "required">;
  "/verification/detail": MainApiCall<ReviewEntryFields, ReviewDetailWire, "required">;
  "/verification/reveal": MainApiCall<ReviewRevealFields, ReviewRevealWire, "required">;
  /** The values again for the reviewer whose reveal (`reveal_id`) of this entry is at most 15 minutes old; audited. */
  "/verification/revealed": MainApiCall<ReviewRevealedFields, ReviewRevealWire, "required">;
  "/verification/decide": MainApiCall<ReviewDecideFields, ReviewDetailWire, "required">;
};

/**
 * GET, a live staff token: one file of an application, for the reviewer whose reveal (`reveal` in the query, the
 * reveal's id) is at most 15 minutes old; each opening is audited. `Cache-Control: no-store`. Another application's
 * file through this path, or none, is NOT_FOUND (HTTP 404).
 */
export const reviewFilePath = (entryId: number, fileId: number, revealId: number) =>
  `/verification/entries/${entryId}/files/${fileId}?reveal=${revealId}`;
