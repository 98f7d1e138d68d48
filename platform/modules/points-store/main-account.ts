import type { Caller } from "../context";
import { fail } from "../errors";

/** Points belong to the main account: a sub-account neither sees nor spends them (the tab is hidden for it too). */
export function pointsMainAccountOnly(caller: Caller): void {
  if (caller.subAccountId !== null) fail("PERMISSION_DENIED", undefined, "子账号不能使用积分商城，请使用主账号");
}
