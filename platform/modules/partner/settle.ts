import { sql } from "drizzle-orm";
import { inTransaction } from "../../db/tx";
import { lastSettleableMonth, nextMonth, settleMonth } from "../../rules/partner-commission";
import type { Ctx } from "../context";
import { num, rowsOf } from "../finance/rows";
import { accrueCommissions } from "./accrue";
import { refuseSameIdNumbers } from "./binding";

type SettleCtx = Pick<Ctx, "db" | "now">;

/** Partners one settlement transaction takes at most. */
const BATCH = 50;

/**
 * Settles one partner's due months in order, under its row lock (held by the caller): each month's pending entries
 * become a statement at the month's tier (rules/partner-commission), the carry of clawed-back refunds moves on,
 * and the commission is added to what the partner may withdraw.
 */
async function settlePartner(tx: SettleCtx["db"], partnerUserId: number, due: string, at: Date): Promise<number> {
  const [partner] = await rowsOf<{ settled_through: string | null; carry_fen: unknown }>(
    tx,
    sql`select settled_through, carry_fen from sales_partners where user_id = ${partnerUserId}`,
  );
  let carry = num(partner!.carry_fen);
  let through = partner!.settled_through;
  if (through)
    // Entries that landed in a closed month (a late commit) move to the first open month.
    await tx.execute(sql`update commission_entries set month = ${nextMonth(through)}
      where partner_user_id = ${partnerUserId} and statement_id is null and month <= ${through}`);
  const months = await rowsOf<{ month: string; spend: unknown; refund: unknown }>(
    tx,
    sql`select month, coalesce(sum(amount_fen) filter (where kind = 'spend'), 0) as spend,
          coalesce(sum(amount_fen) filter (where kind = 'refund'), 0) as refund
        from commission_entries where partner_user_id = ${partnerUserId} and statement_id is null and month <= ${due}
        group by month order by month`,
  );
  let total = 0;
  for (const m of months) {
    const spend = { spendFen: num(m.spend), refundFen: num(m.refund) };
    const settled = settleMonth(spend, carry);
    const [statement] = await rowsOf<{ id: unknown }>(
      tx,
      sql`insert into commission_statements
            (partner_user_id, month, spend_fen, refund_fen, rate_bp, carry_in_fen, commission_fen, settled_at)
          values (${partnerUserId}, ${m.month}, ${spend.spendFen}, ${spend.refundFen}, ${settled.rateBp}, ${carry},
            ${settled.commissionFen}, ${at.toISOString()}::timestamptz)
          returning id`,
    );
    await tx.execute(sql`update commission_entries set statement_id = ${num(statement!.id)}
      where partner_user_id = ${partnerUserId} and statement_id is null and month = ${m.month}`);
    carry = settled.carryFen;
    through = m.month;
    total += settled.commissionFen;
  }
  if (months.length > 0)
    await tx.execute(sql`update sales_partners
      set settled_through = ${through}, carry_fen = ${carry}, settled_fen = settled_fen + ${total}
      where user_id = ${partnerUserId}`);
  return months.length;
}

/**
 * The monthly settlement job (decision 115), as of `ctx.now()`: first refuses bindings that turned out to share an
 * ID number and accrues new entries, then settles every month whose holding period has passed. Each batch claims
 * partners with FOR UPDATE SKIP LOCKED, and a statement is unique per partner and month, so two replicas never
 * settle one month twice. Answers the months settled.
 */
export async function settleCommissions(ctx: SettleCtx): Promise<number> {
  await refuseSameIdNumbers(ctx);
  await accrueCommissions(ctx);
  const at = ctx.now();
  const due = lastSettleableMonth(at);
  let settled = 0;
  for (;;) {
    const done = await inTransaction(ctx.db, async (tx) => {
      const partners = await rowsOf<{ user_id: unknown }>(
        tx,
        sql`select p.user_id from sales_partners p
            where exists (select 1 from commission_entries c
              where c.partner_user_id = p.user_id and c.statement_id is null and c.month <= ${due})
            order by p.user_id limit ${BATCH}
            for update of p skip locked`,
      );
      let months = 0;
      for (const p of partners) months += await settlePartner(tx, num(p.user_id), due, at);
      return { partners: partners.length, months };
    });
    settled += done.months;
    if (done.partners < BATCH) return settled;
  }
}
