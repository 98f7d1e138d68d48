/**
 * Domain errors. Modules throw these; platform/http maps them to the wire
 * through the one error catalogue in platform/http/errors.ts.
 */
export type ErrorKey =
  | "SESSION_INVALID"
  | "SESSION_EXPIRED"
  | "BAD_REQUEST"
  | "PAYLOAD_TOO_LARGE"
  | "NOT_FOUND"
  | "PERMISSION_DENIED"
  | "PHONE_INVALID"
  | "CODE_INVALID"
  | "CODE_TOO_MANY_TRIES"
  | "SMS_RATE_MINUTE"
  | "SMS_RATE_HOUR"
  | "SMS_RATE_DAY"
  | "PHONE_REGISTERED"
  | "AGREEMENT_REQUIRED"
  | "PASSWORD_WEAK"
  | "LOGIN_FAILED"
  | "LOGIN_THROTTLED"
  | "ACCOUNT_NOT_FOUND"
  | "SUB_LOGIN_FAILED"
  | "CREDIT_CODE_INVALID"
  | "COMPANY_NAME_INVALID"
  | "CONTACT_NAME_INVALID"
  | "EMAIL_INVALID"
  | "UNREGISTER_BLOCKED"
  | "DATABASE"
  | "INTERNAL";

export class DomainError extends Error {
  constructor(
    readonly key: ErrorKey,
    /** The form field the error belongs to, so the page can show it next to that field. */
    readonly field?: string,
    /** Replaces the catalogue's reason when the situation needs a more precise sentence. */
    readonly detail?: string,
    readonly data?: unknown,
  ) {
    super(detail ?? key);
    this.name = "DomainError";
  }
}

export const fail = (key: ErrorKey, field?: string, detail?: string, data?: unknown): never => {
  throw new DomainError(key, field, detail, data);
};
