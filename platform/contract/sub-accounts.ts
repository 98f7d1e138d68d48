/**
 * A main account's sub-accounts (issue 38 §3). The spec names /get_user_sub_accounts and /add_user_sub_account;
 * the others are ours, in the same style (POST, form fields, {status, reason, data}). Amounts are yuan with two
 * decimals. Every call takes a main account's session: another account's sub-account id, a deleted one, or a
 * sub-account calling is NOT_FOUND and changes nothing.
 */
import type { MainApiCall, NoFields } from "./calls";

export interface SubAccountWire {
  id: number;
  name: string;
  money_limit: string;
  money_used: string;
  /** What it can still spend: its unused limit, bounded by the main account's cash and credit. */
  money_can_use: string;
  running_instances: number;
  /** The last successful sign-in; "" when never. */
  last_login_at: string;
  disabled: boolean;
  may_rent: boolean;
  /** Sees the main account's notifications too (read-only), beside its own. */
  sees_main_notifications: boolean;
  /** The monthly budget (Asia/Shanghai month); "" when it has none. */
  monthly_budget: string;
  stop_at_budget: boolean;
  /** What it spent this month. */
  month_spent: string;
  created_at: string;
}

export interface SubAccountsWire {
  sub_accounts: SubAccountWire[];
}

type Id = { id: string };

export type SubAccountCalls = {
  "/get_user_sub_accounts": MainApiCall<NoFields, SubAccountsWire, "required">;
  /** name: 2-32 letters, digits, 汉字, _ or -; password: 8-32 with letters and digits; money_limit: yuan. */
  "/add_user_sub_account": MainApiCall<
    { name: string; password: string; money_limit: string },
    { id: number },
    "required"
  >;
  /** Refused beside `money_limit` below what it has used (SUB_ACCOUNT_LIMIT_BELOW_USED). */
  "/update_user_sub_account_limit": MainApiCall<Id & { money_limit: string }, null, "required">;
  /** Its sessions end. */
  "/reset_user_sub_account_password": MainApiCall<Id & { password: string }, null, "required">;
  /** Its sessions end at once; it cannot sign in until enabled. */
  "/disable_user_sub_account": MainApiCall<Id, null, "required">;
  "/enable_user_sub_account": MainApiCall<Id, null, "required">;
  /** Only with no unreleased instance (SUB_ACCOUNT_HAS_INSTANCES); soft, decision 108. */
  "/delete_user_sub_account": MainApiCall<Id, null, "required">;
  /**
   * may_rent "1"/"0": new rentals refused when off (SUB_ACCOUNT_MAY_NOT_RENT); running instances untouched.
   * sees_main_notifications "1"/"0" (absent: "0"): the main account's notifications in its list too, read-only.
   */
  "/update_user_sub_account_permissions": MainApiCall<
    Id & { may_rent: "0" | "1"; sees_main_notifications?: "0" | "1" },
    null,
    "required"
  >;
  /** monthly_budget: yuan, or "" for none; stop_at_budget "1"/"0". Decision 107. */
  "/update_user_sub_account_budget": MainApiCall<
    Id & { monthly_budget: string; stop_at_budget: "0" | "1" },
    null,
    "required"
  >;
};
