import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { instances } from "../../db/market-schema";
import type { Caller } from "../context";
import { fail } from "../errors";

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

/** The caller's instance row (locked for the transaction when `lock`), or INSTANCE_NOT_FOUND: anyone else's is. */
export async function ownInstanceRow(
  db: Db,
  caller: Caller,
  uuid: string,
  { lock }: { lock: boolean },
): Promise<typeof instances.$inferSelect> {
  const query = db
    .select()
    .from(instances)
    .where(and(eq(instances.uuid, uuid), ownedBy(caller)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? fail("INSTANCE_NOT_FOUND");
}
