/**
 * The signed-in devices and the sign-in history of the caller (issue 38 §1, /console/safe). The spec names no calls
 * for them: these are ours, in the main API's style (POST, form fields, {status, reason, data}). Addresses and
 * browsers are as the sign-in reported them: shown to the account's owner only.
 */
import type { MainApiCall, NoFields } from "./calls";

export interface SignedInDeviceWire {
  id: number;
  /** The device of this request. */
  current: boolean;
  /** The address the session was started from; "" when unknown. */
  ip: string;
  /** The browser's User-Agent as sent; "" when none (pages describe it: platform/rules/user-agent.ts). */
  user_agent: string;
  signed_in_at: string;
  last_seen_at: string;
}

export interface SignedInDevicesWire {
  devices: SignedInDeviceWire[];
}

/**
 * password: phone and password; code: SMS code; sub_account: a sub-account's sign-in; register: signed up;
 * wechat: scanned the official account's QR (issue 38 §2).
 */
export type SignInMethodWire = "password" | "code" | "sub_account" | "register" | "wechat";

export const SIGN_IN_METHOD_LABELS: Record<SignInMethodWire, string> = {
  password: "密码登录",
  code: "验证码登录",
  sub_account: "子账号登录",
  register: "注册并登录",
  wechat: "微信扫码登录",
};

export interface SignInRecordWire {
  id: number;
  method: SignInMethodWire;
  /** "ok" signed in; "failed" a wrong password or code; "second_step_failed" a wrong two-step code (decision 103). */
  result: "ok" | "failed" | "second_step_failed";
  ip: string;
  user_agent: string;
  at: string;
}

export interface SignInRecordsWire {
  /** The last 20, newest first. */
  records: SignInRecordWire[];
}

export type SignInCalls = {
  "/get_login_devices": MainApiCall<NoFields, SignedInDevicesWire, "required">;
  /** Another device of the caller's; the current one is refused beside `id` (it signs out with /logout). */
  "/logout_device": MainApiCall<{ id: string }, null, "required">;
  "/logout_other_devices": MainApiCall<NoFields, { signed_out: number }, "required">;
  "/get_login_records": MainApiCall<NoFields, SignInRecordsWire, "required">;
};
