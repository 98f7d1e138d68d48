/**
 * Two-step login (issue 38 §1, docs/decisions/103): turning it on and off on /console/safe, and the second step of a
 * login. The spec names no calls for them: these are ours, in the main API's style (POST, form fields,
 * {status, reason, data}); refusals name their field in `data.field`.
 */
import type { TokenWire } from "./accounts";
import type { MainApiCall, NoFields } from "./calls";
import type { CaptchaFields } from "./security";

/** A login whose password or SMS code was right, for an account with two-step login on: no session yet. */
export interface SecondStepWire {
  need_second_step: true;
  /** For /login_second_step, shown once; 5 minutes, used once, 5 wrong codes burn it. */
  ticket: string;
  expires_at: string;
}

/** What every login call answers: a session token, or the second step's ticket. */
export type LoginReplyWire = (TokenWire & { need_second_step?: false }) | SecondStepWire;

export interface TwoStepStatusWire {
  enabled: boolean;
  /** ISO 8601; "" while off. */
  enabled_at: string;
  recovery_codes_left: number;
}

export interface TwoStepSetupWire {
  /** Base32, for typing into the authenticator app by hand. */
  secret: string;
  /** The otpauth:// link for the QR code. */
  otpauth_url: string;
  /** The secret sealed for this account (send it back with the code; keep it in a hidden field, never in a URL). */
  pending: string;
  expires_at: string;
}

/** A current 6-digit code of the scanned secret. */
export type EnableTwoStepFields = { pending: string; code: string };

/** The 10 recovery codes, shown this once. */
export interface RecoveryCodesWire {
  recovery_codes: string[];
}

/** A current 6-digit code or an unused recovery code. */
export type SecondFactorFields = { code: string } & CaptchaFields;

/** The ticket of /login's second-step reply and a current code or a recovery code. */
export type LoginSecondStepFields = { ticket: string; code: string };

export type TwoStepCalls = {
  "/get_two_step_status": MainApiCall<NoFields, TwoStepStatusWire, "required">;
  "/two_step/begin": MainApiCall<NoFields, TwoStepSetupWire, "required">;
  /** Refusals: `code` (wrong, or the setup is over 15 minutes old). A site message is left. */
  "/two_step/enable": MainApiCall<EnableTwoStepFields, RecoveryCodesWire, "required">;
  /** Refusals: `code`, `captcha`. A site message is left; sessions stay. */
  "/two_step/disable": MainApiCall<SecondFactorFields, null, "required">;
  "/two_step/regenerate_recovery_codes": MainApiCall<SecondFactorFields, RecoveryCodesWire, "required">;
  /** Refusals: `ticket` (unknown, used, expired, burnt: log in again), `code`. */
  "/login_second_step": MainApiCall<LoginSecondStepFields, TokenWire>;
};
