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
