/**
 * A partner's available commission is settled − withdrawn (`sales_partners`). A withdrawal, to the wallet or to a
 * bank account, takes its amount by one conditional update, so concurrent withdrawals never take more than was
 * settled; a rejected bank withdrawal gives it back (decision 124).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../finance/rows";

/** Takes `amountFen` from what the partner may withdraw; false when less than that is available. */
export async function holdCommission(db: Db, partnerUserId: number, amountFen: number): Promise<boolean> {
  const taken = await rowsOf<{ user_id: unknown }>(
    db,
    sql`update sales_partners set withdrawn_fen = withdrawn_fen + ${amountFen}
        where user_id = ${partnerUserId} and settled_fen - withdrawn_fen >= ${amountFen}
        returning user_id`,
  );
  return taken.length > 0;
}

/** Gives a rejected bank withdrawal's amount back; the caller makes sure it happens once per withdrawal. */
export async function releaseCommission(db: Db, partnerUserId: number, amountFen: number): Promise<void> {
  const released = await rowsOf<{ user_id: unknown }>(
    db,
    sql`update sales_partners set withdrawn_fen = withdrawn_fen - ${amountFen}
        where user_id = ${partnerUserId} and withdrawn_fen >= ${amountFen}
        returning user_id`,
  );
  if (released.length === 0)
    throw new Error(`commission release of ${amountFen} fen for ${partnerUserId} found no hold`);
}
