/**
 * The CAPTCHA on the wire (docs/decisions/025). When a login, a registration
 * or a code request is refused with CAPTCHA_REQUIRED or CAPTCHA_INVALID (field
 * `captcha`), the client fetches a challenge from `/auth/get_captcha` and sends
 * the request again with `captcha_id` and one answer: the image's characters
 * (`captcha_code`, works without JavaScript) or a solved proof-of-work
 * (`captcha_pow`, the base64 of ALTCHA's JSON payload {challenge, solution}).
 * A challenge passes once.
 */
import type { MainApiCall, NoFields } from "./calls";

export type CaptchaWire = {
  captcha_id: string;
  /** The image to read, a `data:image/svg+xml;base64,…` URI. */
  image: string;
  /** The proof-of-work puzzle, ALTCHA's v2 challenge JSON ({parameters, signature}). */
  pow: string;
  /** ISO 8601: after this the challenge no longer passes. */
  expires_at: string;
};

/** The answer fields every guarded call accepts. */
export type CaptchaFields = {
  captcha_id?: string;
  captcha_code?: string;
  captcha_pow?: string;
};

/** The headers by which the web tier tells the platform the client address it trusts (decision 025). */
export const CLIENT_ADDRESS_HEADER = "x-client-address";
/**
 * The browser's User-Agent as the web tier saw it (its own calls carry the web tier's): trusted on the same terms as
 * CLIENT_ADDRESS_HEADER; otherwise the request's own `user-agent` is the client's. Shown in the sign-in list (issue 38).
 */
export const CLIENT_USER_AGENT_HEADER = "x-client-user-agent";
/** Sent with CLIENT_ADDRESS_HEADER over HTTP: the shared PLATFORM_WEB_TIER_KEY. */
export const WEB_TIER_KEY_HEADER = "x-web-tier-key";

export type SecurityCalls = {
  "/auth/get_captcha": MainApiCall<NoFields, CaptchaWire>;
};
