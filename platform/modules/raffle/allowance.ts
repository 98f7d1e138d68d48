import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { drawsFromSpending } from "../../rules/raffle-odds";
import { num, rowsOf } from "../finance/rows";
import type { RaffleEvent } from "./event";

/** An account's draws in an event: earned by spending and by the questionnaire, used, left (decision 118). */
export interface DrawAllowance {
  /** Net cash spent in the window: cash purchases less cash refunds (fen, may be below 0). */
  netSpentFen: number;
  fromSpending: number;
  fromQuestionnaire: number;
  used: number;
  left: number;
  /** Cash still to spend for the next draw from spending (fen). */
  toNextDrawFen: number;
}

/**
 * Counted from the ledger at the moment of asking, in one statement: cash `purchase` entries (negative) and cash
 * `refund` entries (positive) of the window, the questionnaire answer, the draws made. A draw reads it under the
 * account's entrant lock, so two draws of one account never both take the last one.
 */
export async function drawAllowance(db: Db, event: RaffleEvent, userId: number): Promise<DrawAllowance> {
  const [row] = await rowsOf<{ spent: unknown; answered: unknown; used: unknown }>(
    db,
    sql`select
          (select coalesce(-sum(amount_fen), 0) from ledger_entries
            where user_id = ${userId} and wallet = 'cash' and kind in ('purchase', 'refund')
              and created_at >= ${event.startsAt.toISOString()}::timestamptz
              and created_at < ${event.endsAt.toISOString()}::timestamptz) as spent,
          (select count(*) from raffle_answers where event_id = ${event.id} and user_id = ${userId}) as answered,
          (select count(*) from raffle_draws where event_id = ${event.id} and user_id = ${userId}) as used`,
  );
  const netSpentFen = num(row?.spent ?? 0);
  const fromSpending = drawsFromSpending(netSpentFen, event.spendStepFen);
  const fromQuestionnaire = num(row?.answered ?? 0) > 0 ? 1 : 0;
  const used = num(row?.used ?? 0);
  const spentTowardsNext = Math.max(0, netSpentFen) - fromSpending * event.spendStepFen;
  return {
    netSpentFen,
    fromSpending,
    fromQuestionnaire,
    used,
    left: Math.max(0, fromSpending + fromQuestionnaire - used),
    toNextDrawFen: event.spendStepFen - spentTowardsNext,
  };
}
