import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { messages, notifications } from "../../db/schema";
import type { Caller } from "../context";

/**
 * The rows of a notifications or messages table that belong to the caller
 * (docs/decisions/028): a main account's are its rows without a sub-account,
 * a sub-account's are its own rows. Neither ever sees the other's.
 */
export function ownedBy(table: typeof notifications | typeof messages, caller: Caller): SQL {
  return and(
    eq(table.userId, caller.userId),
    caller.subAccountId === null ? isNull(table.subAccountId) : eq(table.subAccountId, caller.subAccountId),
  )!;
}
