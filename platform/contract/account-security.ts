/**
 * Changing the account's password and phone on /console/safe (issue 38 §1). The spec names no calls for them: these
 * are ours, in the main API's style (POST, form fields, {status, reason, data}); errors name their field in
 * `data.field`. Each change ends the account's other sessions and leaves a site message.
 */
import type { MainApiCall } from "./calls";
import type { CaptchaFields } from "./security";

/**
 * `old_password`, or when it is forgotten `code` (a reset_password SMS code sent to the account's own phone), and
 * the new `password` (8–32 characters with letters and digits, not the current one).
 */
export type ChangePasswordFields = { old_password?: string; code?: string; password: string } & CaptchaFields;

export interface PasswordChangedWire {
  /** How many other sessions of the account were ended. */
  signed_out: number;
}

/** 更换手机号 step 1: the change_phone code sent to the account's own (old) number. */
export type VerifyOldPhoneFields = { old_code: string } & CaptchaFields;

export interface OldPhoneVerifiedWire {
  /** The proof for step 2, shown once (the page keeps it in a hidden field; never in a URL); 15 minutes. */
  ticket: string;
  expires_at: string;
}

/** Step 2: the ticket, the new number and the change_phone code sent to it. */
export type ChangePhoneFields = { ticket: string; phone: string; code: string };

export interface PhoneChangedWire {
  /** The new number, masked. */
  phone: string;
  signed_out: number;
}

export type AccountSecurityCalls = {
  "/change_password": MainApiCall<ChangePasswordFields, PasswordChangedWire, "required">;
  /** A change_phone code to the account's own number (it takes no phone: the account's is used). */
  "/change_phone/send_old_code": MainApiCall<CaptchaFields, { resend_after_seconds: number }, "required">;
  "/change_phone/verify_old": MainApiCall<VerifyOldPhoneFields, OldPhoneVerifiedWire, "required">;
  /** Refusals: `phone` (format, the same number, another account's), `code`, `old_code` (the ticket is over). */
  "/change_phone": MainApiCall<ChangePhoneFields, PhoneChangedWire, "required">;
};
