import type { AccountSecurityCalls } from "../../platform/contract/account-security";
import { callApiOrThrow } from "./transport.server";

/** One security-settings call, its fields and reply typed by the contract (platform/contract/account-security.ts). */
function call<P extends keyof AccountSecurityCalls>(path: P, session: string, input: AccountSecurityCalls[P]["input"]) {
  return callApiOrThrow<AccountSecurityCalls[P]["data"]>(path, input, { session });
}

/** 修改密码: the current password or a reset_password code; refusals name their field. */
export function changePassword(session: string, fields: AccountSecurityCalls["/change_password"]["input"]) {
  return call("/change_password", session, fields);
}

/** 更换手机号 step 1: a change_phone code to the account's own number. */
export function sendOldPhoneCode(
  session: string,
  captcha: AccountSecurityCalls["/change_phone/send_old_code"]["input"],
) {
  return call("/change_phone/send_old_code", session, captcha);
}

/** Step 1's check: the ticket for step 2 (kept in the page's hidden field, never in a URL). */
export function verifyOldPhone(session: string, fields: AccountSecurityCalls["/change_phone/verify_old"]["input"]) {
  return call("/change_phone/verify_old", session, fields);
}

/** Step 2: the new number and its code, with the ticket. */
export function changePhone(session: string, fields: AccountSecurityCalls["/change_phone"]["input"]) {
  return call("/change_phone", session, fields);
}
