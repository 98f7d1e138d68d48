import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { BP } from "../../rules/price";
import { vipLevelFor, vipTier } from "../../rules/vip";
import type { Caller } from "../context";
import { fail } from "../errors";
import type { VerifiedAs } from "../../rules/coupons";

/** What a rental needs to know of the paying account. */
export interface RentingAccount {
  /** The membership discount in basis points (10000 = none, 9400 = diamond). */
  vipDiscountBp: number;
  verifiedAs: VerifiedAs;
}

/** A visitor's terms: the list price (no membership discount), no verification. */
export const LIST_PRICE_ACCOUNT: RentingAccount = { vipDiscountBp: BP, verifiedAs: null };

/**
 * The caller's membership discount and verification: a main account's own,
 * a sub-account's main account's (caller.userId is always the main account;
 * spec §9: the tier follows the main account's cumulative top-up).
 */
export async function rentingAccount(db: Db, caller: Caller): Promise<RentingAccount> {
  const [row] = await db
    .select({ accumulatedTopUpFen: users.accumulatedTopUpFen, verifiedAs: users.verifiedAs })
    .from(users)
    .where(eq(users.id, caller.userId));
  if (!row) return fail("NOT_FOUND");
  return rentingAccountOf(row);
}

/** The renting account's terms from its row (the cumulative top-up decides the tier). */
export function rentingAccountOf(row: { accumulatedTopUpFen: number; verifiedAs: VerifiedAs }): RentingAccount {
  const discount = vipTier(vipLevelFor(row.accumulatedTopUpFen)).discount;
  return { vipDiscountBp: Math.round(discount * BP), verifiedAs: row.verifiedAs };
}
