import type { Caller } from "../context";
import { fail } from "../errors";

/**
 * Finance records are the main account's (spec §2 "main accounts only", §6; decision 028): a sub-account is
 * refused, and every query is scoped to the returned main account's id.
 */
export function mainAccountOf(caller: Caller): number {
  if (caller.subAccountId !== null) fail("PERMISSION_DENIED");
  return caller.userId;
}
