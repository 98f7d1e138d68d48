import { authenticator } from "otplib";

/**
 * TOTP (RFC 6238) as authenticator apps compute it: SHA-1, 6 digits, 30-second steps, a base32 secret of 20 bytes
 * (decision 103). The clock is always passed in (the platform's `ctx.now`), never read here.
 */
export const TOTP_STEP_SECONDS = 30;
const SECRET_BYTES = 20;
export const TOTP_CODE_SHAPE = /^\d{6}$/;

/** One authenticator per check: otplib's options are per instance, so a shared one must never carry a clock. */
const at = (when: Date) => authenticator.clone({ window: 1, epoch: when.getTime(), step: TOTP_STEP_SECONDS });

/** A new random secret, base32 (what the user types into the app when the QR cannot be scanned). */
export const newTotpSecret = (): string => authenticator.generateSecret(SECRET_BYTES);

/** The code of `secret` at `when` (tests and the e2e journey play the user's app with it). */
export const totpCodeAt = (secret: string, when: Date): string => at(when).generate(secret);

/** The otpauth:// link the QR code carries. */
export const totpLink = (secret: string, account: string, issuer: string): string =>
  at(new Date(0)).keyuri(account, issuer, secret);

/**
 * The time step a code belongs to when it is right at `when` within one step either side (a clock 30 s off still
 * works), or null. The caller refuses a step already used (replay).
 */
export function totpStepOf(secret: string, code: string, when: Date): number | null {
  if (!TOTP_CODE_SHAPE.test(code)) return null;
  const delta = at(when).checkDelta(code, secret);
  if (delta === null) return null;
  return Math.floor(when.getTime() / 1000 / TOTP_STEP_SECONDS) + delta;
}
