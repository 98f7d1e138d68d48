/**
 * The outside services real-name verification reaches (issue 37 §4): OCR of an ID card and of a business licence,
 * a face liveness session, and the bank card four-element check. Each has a sandbox implementation (default outside
 * production) and real adapters (Aliyun) chosen by configuration; production refuses the sandbox. Every method is
 * a call to the outside world: never inside a database transaction (providers/guard.ts).
 *
 * Values that identify a person (ID numbers, card numbers, names, images) pass through these calls in memory only:
 * an implementation never logs them, puts them in a URL or in an error's message.
 */

/** An uploaded image, as bytes with its MIME type (image/jpeg, image/png). */
export interface IdentityImage {
  bytes: Uint8Array;
  contentType: string;
  /** The name the user's file had; the sandbox derives its answer from it (a test pattern), real adapters ignore it. */
  fileName: string;
}

/** What OCR read from the portrait side of a Chinese resident ID card (人像面). */
export interface IdCardFrontText {
  name: string;
  idNumber: string;
}

/** What OCR read from the national emblem side (国徽面): the validity period as printed, e.g. "2015.03.01-2035.03.01". */
export interface IdCardBackText {
  issuedBy: string;
  validPeriod: string;
}

/** What OCR read from a business licence (营业执照). */
export interface BusinessLicenceText {
  companyName: string;
  /** 统一社会信用代码, 18 characters. */
  creditCode: string;
  legalRepresentative: string;
}

export interface OcrProvider {
  /** Throws IdentityProviderError("UNREADABLE") when the image is not the side asked for or cannot be read. */
  readIdCardFront(image: IdentityImage): Promise<IdCardFrontText>;
  readIdCardBack(image: IdentityImage): Promise<IdCardBackText>;
  readBusinessLicence(image: IdentityImage): Promise<BusinessLicenceText>;
}

/** A face liveness session the user finishes on a phone (a link shown as a QR code). */
export interface FaceSession {
  /** The provider's id of the session (stored; polled with `result`). */
  sessionId: string;
  /** Where the user's phone goes to do the check (the sandbox: /sandbox/face/<session> on this site). */
  url: string;
  expiresAt: Date;
}

/** `pending` until the user finished on the phone; `passed` when the live face matches the named person. */
export type FaceResult = { state: "pending" } | { state: "passed" } | { state: "failed"; reason: string };

export interface FaceProvider {
  /** Starts a session for the person named (name and ID number as the user confirmed them). */
  start(person: { name: string; idNumber: string }): Promise<FaceSession>;
  result(sessionId: string): Promise<FaceResult>;
}

/** The four elements: the name and ID number of the holder, the card number, and the phone the bank has for it. */
export interface BankCardElements {
  name: string;
  idNumber: string;
  cardNumber: string;
  phone: string;
}

/** `match` when the bank confirms all four belong together; otherwise what did not (shown to the user in Chinese). */
export type BankCardResult = { match: true } | { match: false; reason: string };

export interface BankCardProvider {
  verify(elements: BankCardElements): Promise<BankCardResult>;
}

export interface IdentityProviders {
  ocr: OcrProvider;
  face: FaceProvider;
  bankCard: BankCardProvider;
}

/** The service did not give an answer: nothing was decided. `code` is ours (UNREADABLE, UNAVAILABLE, REFUSED). */
export class IdentityProviderError extends Error {
  constructor(
    readonly code: "UNREADABLE" | "UNAVAILABLE" | "REFUSED",
    message: string,
  ) {
    super(message);
    this.name = "IdentityProviderError";
  }
}
