import type {
  AccountCalls,
  NoticeEmailWire,
  SmsPurpose,
  UnregisterBlockerWire,
  UserInfoWire,
  VipInfoWire,
} from "../../platform/contract/accounts";
import type { CaptchaFields } from "../../platform/contract/security";
import { callApi, callApiOrThrow, type CallOptions } from "./transport.server";

export type { NoticeEmailWire, SmsPurpose, UnregisterBlockerWire, UserInfoWire, VipInfoWire };
export type UserInfo = UserInfoWire;
export type VipInfo = VipInfoWire;
export type UnregisterBlocker = UnregisterBlockerWire;

/** One accounts call, its fields and reply typed by the contract (platform/contract/accounts.ts). */
function call<P extends keyof AccountCalls>(path: P, input: AccountCalls[P]["input"], options: CallOptions = {}) {
  return callApiOrThrow<AccountCalls[P]["data"]>(path, input, options);
}

/**
 * Options of the calls a CAPTCHA may guard (logins, registrations, SMS codes):
 * the browser's address and the form's CAPTCHA answer (decision 025).
 */
export interface GuardedCall {
  clientAddress?: string;
  /** The browser's User-Agent: the sessions a login or registration starts are listed with it. */
  clientUserAgent?: string | null;
  captcha?: CaptchaFields;
}

/** The browser facts a guarded call forwards (also used by app/upstream/two-step.server.ts). */
export const callOptions = (guarded: GuardedCall): CallOptions => ({
  clientAddress: guarded.clientAddress,
  clientUserAgent: guarded.clientUserAgent,
});

export function sendVerifyCode(phone: string, purpose: SmsPurpose, guarded: GuardedCall = {}) {
  return call("/auth/send_verify_code", { phone, purpose, ...guarded.captcha }, callOptions(guarded));
}

export interface RegisterInput {
  phone: string;
  code: string;
  password: string;
  agree: boolean;
  eventChannel: "dl" | "sy";
  bdVid?: string;
  /** The browser's referral first-touch id (from its httpOnly cookie), if any. */
  referralTouch?: string;
}

function registrationFields(input: RegisterInput) {
  return {
    phone: input.phone,
    code: input.code,
    password: input.password,
    agree: input.agree ? "1" : "0",
    event_channel: input.eventChannel,
    bd_vid: input.bdVid,
    referral_touch: input.referralTouch,
  } satisfies AccountCalls["/register"]["input"];
}

export function register(input: RegisterInput, guarded: GuardedCall = {}) {
  return call("/register", { ...registrationFields(input), ...guarded.captcha }, callOptions(guarded));
}

export interface CompanyRegisterInput extends RegisterInput {
  companyName: string;
  creditCode: string;
  contactName: string;
}

export function registerCompany(input: CompanyRegisterInput, guarded: GuardedCall = {}) {
  return call(
    "/company_register",
    {
      company_name: input.companyName,
      credit_code: input.creditCode,
      contact_name: input.contactName,
      ...registrationFields(input),
      ...guarded.captcha,
    },
    callOptions(guarded),
  );
}

export function loginWithPassword(phone: string, password: string, guarded: GuardedCall = {}) {
  return call("/login", { login_type: "password", phone, password, ...guarded.captcha }, callOptions(guarded));
}

export function loginWithCode(phone: string, code: string, guarded: GuardedCall = {}) {
  return call("/login", { login_type: "code", phone, code, ...guarded.captcha }, callOptions(guarded));
}

export function loginSubAccount(phone: string, name: string, password: string, guarded: GuardedCall = {}) {
  return call("/sub_account_login", { phone, name, password, ...guarded.captcha }, callOptions(guarded));
}

/** 忘记密码: the same answer whether or not the phone has an account (decision 065). */
export function resetPassword(phone: string, code: string, password: string, guarded: GuardedCall = {}) {
  return call("/reset_password", { phone, code, password, ...guarded.captcha }, callOptions(guarded));
}

export async function logout(session: string) {
  await callApi<AccountCalls["/logout"]["data"]>("/logout", {}, { session });
}

/**
 * The caller's user info with its unread counts (what every page's shell needs),
 * or null when the session is missing, unknown or expired (status 2).
 */
export async function getUserInfo(session: string | null): Promise<UserInfo | null> {
  if (!session) return null;
  const fields: AccountCalls["/get_user_info"]["input"] = { with_unread: "1" };
  const reply = await callApi<AccountCalls["/get_user_info"]["data"]>("/get_user_info", fields, { session });
  if (reply.status === 0) return reply.data;
  if (reply.status === 2) return null;
  throw new Error(`get_user_info: ${reply.reason}`);
}

let vipInfos: Promise<AccountCalls["/get_user_vip_info"]["data"]> | null = null;

/** The membership table is the same for everyone and changes only with a release: fetched once per process. */
export function getVipInfos(session: string) {
  if (!vipInfos) {
    const pending = call("/get_user_vip_info", {}, { session });
    vipInfos = pending;
    pending.catch(() => {
      if (vipInfos === pending) vipInfos = null;
    });
  }
  return vipInfos;
}

export function unregisterCheck(session: string) {
  return call("/unregister_check", {}, { session });
}

export function unregister(session: string, code: string, agree: boolean) {
  return call("/unregister", { code, agree: agree ? "1" : "0" }, { session });
}

export function changeNoticeEmail(session: string, email: string) {
  return call("/change_notice_email", { email }, { session });
}

export function resendNoticeEmailConfirmation(session: string) {
  return call("/resend_notice_email_confirmation", {}, { session });
}

/** Public: the token from the emailed link is the proof. */
export function confirmNoticeEmail(token: string) {
  return call("/confirm_notice_email", { token });
}
