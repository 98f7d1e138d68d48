import type { Caller } from "../context";
import { fail } from "../errors";

/**
 * Real-name verification is the main account's (issue 37 §1): a sub-account is refused as the other
 * main-account-only calls refuse it (PERMISSION_DENIED), and every query is scoped to the returned account.
 */
export function verifyingAccountOf(caller: Caller): number {
  if (caller.subAccountId !== null) fail("PERMISSION_DENIED", undefined, "子账号无权进行实名认证，请使用主账号操作");
  return caller.userId;
}
