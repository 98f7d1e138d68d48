import { and, eq, sql, type SQL } from "drizzle-orm";
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

/**
 * ownedBy for a prepared statement: the same rule with placeholders, `userId` and (a sub-account) `subAccountId`,
 * filled from the caller when the statement runs.
 */
export function ownedByPlaceholders(subAccount: boolean): SQL {
  const own = eq(instances.userId, sql.placeholder("userId"));
  return subAccount ? and(own, eq(instances.subAccountId, sql.placeholder("subAccountId")))! : own;
}
