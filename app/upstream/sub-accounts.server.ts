import type { SubAccountCalls } from "../../platform/contract/sub-accounts";
import { callApiOrThrow } from "./transport.server";

export type { SubAccountWire } from "../../platform/contract/sub-accounts";

/** One sub-account call, its fields and reply typed by the contract (platform/contract/sub-accounts.ts). */
function call<P extends keyof SubAccountCalls>(path: P, session: string, input: SubAccountCalls[P]["input"]) {
  return callApiOrThrow<SubAccountCalls[P]["data"]>(path, input, { session });
}

type Fields<P extends keyof SubAccountCalls> = SubAccountCalls[P]["input"];

export const listSubAccounts = (session: string) => call("/get_user_sub_accounts", session, {});
export const addSubAccount = (session: string, fields: Fields<"/add_user_sub_account">) =>
  call("/add_user_sub_account", session, fields);
export const updateSubAccountLimit = (session: string, fields: Fields<"/update_user_sub_account_limit">) =>
  call("/update_user_sub_account_limit", session, fields);
export const resetSubAccountPassword = (session: string, fields: Fields<"/reset_user_sub_account_password">) =>
  call("/reset_user_sub_account_password", session, fields);
export const disableSubAccount = (session: string, id: string) => call("/disable_user_sub_account", session, { id });
export const enableSubAccount = (session: string, id: string) => call("/enable_user_sub_account", session, { id });
export const deleteSubAccount = (session: string, id: string) => call("/delete_user_sub_account", session, { id });
export const updateSubAccountPermissions = (session: string, fields: Fields<"/update_user_sub_account_permissions">) =>
  call("/update_user_sub_account_permissions", session, fields);
export const updateSubAccountBudget = (session: string, fields: Fields<"/update_user_sub_account_budget">) =>
  call("/update_user_sub_account_budget", session, fields);
