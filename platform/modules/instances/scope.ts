import { and, eq, type SQL } from "drizzle-orm";
import { instances } from "../../db/market-schema";
import type { Caller } from "../context";

/**
 * The instances a caller may see and act on: a main account its own and its
 * sub-accounts' (all carry its user id); a sub-account only its own.
 */
export function ownedBy(caller: Caller): SQL {
  if (caller.subAccountId === null) return eq(instances.userId, caller.userId);
  return and(eq(instances.userId, caller.userId), eq(instances.subAccountId, caller.subAccountId))!;
}
