import { sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { rowsOf } from "../finance/rows";

/** How far back accrual looks for referred accounts' cash entries (a job down for weeks still catches up). */
const ACCRUAL_WINDOW_DAYS = 120;

/** The Beijing month of a timestamptz column, as "2026-11". */
const beijingMonth = (column: string) =>
  sql.raw(`to_char((${column} at time zone 'UTC') + interval '8 hours', 'YYYY-MM')`);

/**
 * Records bound referred accounts' cash purchases and cash refunds as commission entries, one per ledger entry
 * (unique), set-based: an anti-join over the recent window, never a "last id" cursor (decision 115). Only entries
 * from registration until `active_until` count. An entry lands in its Beijing month, or in the partner's first open
 * month when its own month was already settled (a late commit). The partner rows are read FOR SHARE, so an entry
 * never lands in a month that a settlement holding the partner's lock is closing.
 */
export async function accrueCommissions(ctx: Pick<Ctx, "db" | "now">): Promise<number> {
  const now = ctx.now().toISOString();
  const rows = await rowsOf<{ id: unknown }>(
    ctx.db,
    sql`insert into commission_entries
          (partner_user_id, referred_user_id, ledger_entry_id, kind, amount_fen, month, spent_at, created_at)
        select r.partner_user_id, l.user_id, l.id,
          case when l.kind = 'purchase' then 'spend' else 'refund' end, abs(l.amount_fen),
          greatest(${beijingMonth("l.created_at")},
            to_char(to_date(p.settled_through || '-01', 'YYYY-MM-DD') + interval '1 month', 'YYYY-MM')),
          l.created_at, ${now}::timestamptz
        from referrals r
        join sales_partners p on p.user_id = r.partner_user_id
        join ledger_entries l on l.user_id = r.referred_user_id
        where r.status = 'bound' and l.wallet = 'cash'
          and ((l.kind = 'purchase' and l.amount_fen < 0) or (l.kind = 'refund' and l.amount_fen > 0))
          and l.created_at >= r.registered_at and l.created_at < r.active_until
          and l.created_at >= ${now}::timestamptz - ${sql.raw(`interval '${ACCRUAL_WINDOW_DAYS} days'`)}
          and l.created_at <= ${now}::timestamptz
          and not exists (select 1 from commission_entries c where c.ledger_entry_id = l.id)
        for share of p
        on conflict (ledger_entry_id) do nothing
        returning id`,
  );
  return rows.length;
}
