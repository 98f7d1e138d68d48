import type { WechatCalls } from "../../platform/contract/wechat";
import type { GuardedCall } from "./accounts.server";
import { callApiOrThrow, type CallOptions } from "./transport.server";

export type {
  WechatBindStatusWire,
  WechatBindingWire,
  WechatLoginStatusWire,
  WechatQrWire,
} from "../../platform/contract/wechat";

/** One WeChat call, its fields and reply typed by the contract (platform/contract/wechat.ts). */
function call<P extends keyof WechatCalls>(path: P, input: WechatCalls[P]["input"], options: CallOptions = {}) {
  return callApiOrThrow<WechatCalls[P]["data"]>(path, input, options);
}

const guardedOptions = (guarded: GuardedCall): CallOptions => ({
  clientAddress: guarded.clientAddress,
  clientUserAgent: guarded.clientUserAgent,
});

/** A login QR: what to draw, and the ticket the page polls with (kept in a cookie, never in a URL). */
export function getLoginQr(guarded: GuardedCall = {}) {
  return call("/auth/wechat/get_login_qrcode", {}, guardedOptions(guarded));
}

/** The login poll: waiting, expired, signed_in (a session token, given once) or bind_phone. */
export function getLoginStatus(ticket: string, guarded: GuardedCall = {}) {
  return call("/auth/wechat/get_login_status", { ticket }, guardedOptions(guarded));
}

/** A new WeChat user binds an existing account's phone (its login code) and is signed in. */
export function bindPhone(ticket: string, phone: string, code: string, guarded: GuardedCall = {}) {
  return call("/auth/wechat/bind_phone", { ticket, phone, code, ...guarded.captcha }, guardedOptions(guarded));
}

export function getBindQr(session: string) {
  return call("/auth/wechat/get_bind_qrcode", {}, { session });
}

export function getBindStatus(session: string, ticket: string) {
  return call("/auth/wechat/get_bind_status", { ticket }, { session });
}

export function listWechatBindings(session: string) {
  return call("/auth/get_bind_account_list", {}, { session });
}

/** A wechat_unbind code to the account's own phone. */
export function sendUnbindCode(session: string, captcha: WechatCalls["/auth/wechat/send_unbind_code"]["input"] = {}) {
  return call("/auth/wechat/send_unbind_code", captcha, { session });
}

export function unbindWechat(session: string, bindingId: number, code: string) {
  return call("/auth/wechat/unbind_account", { binding_id: bindingId, code }, { session });
}
