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

export type AccountSecurityCalls = {
  "/change_password": MainApiCall<ChangePasswordFields, PasswordChangedWire, "required">;
};
