/**
 * WeChat login and binding (issue 38 §2; decisions 105–106). The spec names the six calls; their fields and replies
 * are ours, in the main API's style (POST form fields, `{status, reason, data}`; errors name their field in
 * `data.field`). A QR's `ticket` is the polling browser's secret: the page keeps it in a hidden field or its own
 * state, never in a URL; the QR itself (`qr_content`, the text to draw) signs nobody in.
 */
import type { MainApiCall, NoFields } from "./calls";
import type { CaptchaFields } from "./security";
import type { LoginReplyWire } from "./two-step";

export interface WechatQrWire {
  /** The text the QR picture encodes (WeChat's QR URL, or the sandbox page). */
  qr_content: string;
  ticket: string;
  expires_at: string;
  /** Seconds between polls the page should keep (2). */
  poll_seconds: number;
}

export type WechatTicketFields = { ticket: string };

/**
 * waiting: not scanned yet; expired: the QR's 5 minutes passed, or the scene was used (a second poll after a
 * sign-in gets this); signed_in: the login's reply, as /login answers it (the session's `token`, or with two-step
 * login on the second step's ticket; given to one poll only); bind_phone: a WeChat user
 * bound to no account scanned: bind a phone with /auth/wechat/bind_phone.
 */
export type WechatLoginStatusWire =
  | { state: "waiting"; expires_at: string }
  | { state: "expired" }
  | ({ state: "signed_in" } & LoginReplyWire)
  | { state: "bind_phone"; nickname: string };

/** The ticket of a scene in state bind_phone, the phone of an existing account and its "login" SMS code. */
export type WechatBindPhoneFields = { ticket: string; phone: string; code: string } & CaptchaFields;

/** waiting, expired, bound (to the caller's account), or taken (the WeChat user is another account's). */
export type WechatBindStatusWire =
  | { state: "waiting"; expires_at: string }
  | { state: "expired" }
  | { state: "bound"; nickname: string }
  | { state: "taken" };

export interface WechatBindingWire {
  id: number;
  nickname: string;
  /** ISO instant. */
  bound_at: string;
}

export type WechatUnbindFields = { binding_id: number; code: string };

export type WechatCalls = {
  "/auth/wechat/get_login_qrcode": MainApiCall<NoFields, WechatQrWire>;
  "/auth/wechat/get_login_status": MainApiCall<WechatTicketFields, WechatLoginStatusWire>;
  /** Refusals: `phone` (format; no account: register first; the WeChat user is another account's), `code`, `ticket`. */
  "/auth/wechat/bind_phone": MainApiCall<WechatBindPhoneFields, LoginReplyWire>;
  "/auth/wechat/get_bind_qrcode": MainApiCall<NoFields, WechatQrWire, "required">;
  "/auth/wechat/get_bind_status": MainApiCall<WechatTicketFields, WechatBindStatusWire, "required">;
  "/auth/get_bind_account_list": MainApiCall<NoFields, { list: WechatBindingWire[] }, "required">;
  /** A wechat_unbind code to the account's own phone. */
  "/auth/wechat/send_unbind_code": MainApiCall<CaptchaFields, { resend_after_seconds: number }, "required">;
  "/auth/wechat/unbind_account": MainApiCall<WechatUnbindFields, { unbound: true }, "required">;
};
