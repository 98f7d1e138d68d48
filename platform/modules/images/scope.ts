import { and, eq, type SQL } from "drizzle-orm";
import { customImages } from "../../db/images-schema";
import type { Caller } from "../context";

/**
 * The custom images a caller may see and change, as instances' ownedBy: a main
 * account its own and its sub-accounts' (all carry its user id); a sub-account
 * only those it saved.
 */
export function imagesOwnedBy(caller: Caller): SQL {
  if (caller.subAccountId === null) return eq(customImages.userId, caller.userId);
  return and(eq(customImages.userId, caller.userId), eq(customImages.subAccountId, caller.subAccountId))!;
}
