import { sql } from "drizzle-orm";
import { inTransaction } from "../../db/tx";
import { pointsCrossed, VERIFICATION_EVENT_KEY, VERIFICATION_EVENT_POINTS } from "../../rules/points-earning";
import type { Ctx } from "../context";
import { num, rowsOf } from "../finance/rows";
import { awardPoints, expireDueLots, takePoints } from "../points/ledger";

type JobCtx = Pick<Ctx, "db" | "now">;

/** How far back the job looks for cash entries it has not counted yet (decision 116). */
export const EARNING_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** Cash entries counted per run; the next run takes the rest. */
export const EARNING_BATCH = 2_000;
const EVENT_BATCH = 500;

interface CountedRow {
  user_id: unknown;
  spent: unknown;
  refunded: unknown;
  first_id: unknown;
  last_id: unknown;
}

/**
 * Counts the cash purchases and refunds of the last week not counted yet (docs/decisions/116): in one transaction it
 * records each ledger entry it takes (keyed by the entry's id: an anti-join picks them, `on conflict do nothing`
 * leaves another replica's to it), adds them to each account's running totals, awards the whole yuan the spent
 * total crossed and takes back (as far as they are still there) those the refunded total crossed. Answers how many
 * entries it counted.
 */
export async function countCashSpending(ctx: JobCtx): Promise<number> {
  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const since = new Date(now.getTime() - EARNING_WINDOW_MS);
    const perUser = await rowsOf<CountedRow>(
      tx,
      sql`with due as (
            select le.id, le.user_id, le.amount_fen from ledger_entries le
            where le.wallet = 'cash' and le.kind in ('purchase', 'refund')
              and le.created_at > ${since.toISOString()}::timestamptz
              and not exists (select 1 from points_spend_counted c where c.ledger_entry_id = le.id)
            order by le.id limit ${EARNING_BATCH}
          ),
          counted as (
            insert into points_spend_counted (ledger_entry_id, user_id, amount_fen, counted_at)
            select id, user_id, amount_fen, ${now.toISOString()}::timestamptz from due
            on conflict do nothing
            returning ledger_entry_id, user_id, amount_fen
          )
          select c.user_id,
            coalesce(sum(-c.amount_fen) filter (where c.amount_fen < 0), 0) as spent,
            coalesce(sum(c.amount_fen) filter (where c.amount_fen > 0), 0) as refunded,
            min(c.ledger_entry_id) as first_id, max(c.ledger_entry_id) as last_id
          from counted c inner join users u on u.id = c.user_id
          group by c.user_id order by c.user_id`,
    );
    let entries = 0;
    for (const row of perUser) {
      const userId = num(row.user_id);
      const spent = num(row.spent);
      const refunded = num(row.refunded);
      const [totals] = await rowsOf<{ spent_fen: unknown; refunded_fen: unknown }>(
        tx,
        sql`insert into points_spend_totals (user_id, spent_fen, refunded_fen) values (${userId}, ${spent}, ${refunded})
            on conflict (user_id) do update set spent_fen = points_spend_totals.spent_fen + excluded.spent_fen,
              refunded_fen = points_spend_totals.refunded_fen + excluded.refunded_fen
            returning spent_fen, refunded_fen`,
      );
      const spentAfter = num(totals!.spent_fen);
      const refundedAfter = num(totals!.refunded_fen);
      const range = `ledger:${num(row.first_id)}-${num(row.last_id)}`;
      const earned = pointsCrossed(spentAfter - spent, spentAfter);
      if (earned > 0) {
        await awardPoints(
          { db: tx, now: () => ctx.now() },
          { userId, kind: "earn", points: earned, operationKey: `earn:${num(row.last_id)}`, refersTo: range },
        );
      }
      const clawed = pointsCrossed(refundedAfter - refunded, refundedAfter);
      if (clawed > 0) {
        await takePoints(
          { db: tx, now: () => ctx.now() },
          {
            userId,
            kind: "clawback",
            points: clawed,
            mode: "available",
            operationKey: `clawback:${num(row.last_id)}`,
            refersTo: range,
          },
        );
      }
      entries += 1;
    }
    return entries;
  });
}

/**
 * The verification event (decision 116): a main account that completed real-name verification (personal, student or
 * enterprise; `users.verified_as` set by whichever path verified it) gets its points once, keyed
 * "event:verification". Found by an anti-join, so every verification path counts without knowing about points.
 */
export async function awardVerificationEvents(ctx: JobCtx): Promise<number> {
  const due = await rowsOf<{ id: unknown }>(
    ctx.db,
    sql`select u.id from users u
        where u.verified_as is not null
          and not exists (select 1 from point_entries p where p.user_id = u.id and p.operation_key = ${VERIFICATION_EVENT_KEY})
        order by u.id limit ${EVENT_BATCH}`,
  );
  for (const row of due) {
    await awardPoints(ctx, {
      userId: num(row.id),
      kind: "event",
      points: VERIFICATION_EVENT_POINTS,
      operationKey: VERIFICATION_EVENT_KEY,
      refersTo: "event:verification",
      note: "完成实名认证",
    });
  }
  return due.length;
}

/** The expiry job: writes off the lots that expired, a bounded batch of accounts per run. */
export async function expirePointLots(ctx: JobCtx): Promise<number> {
  const due = await rowsOf<{ user_id: unknown }>(
    ctx.db,
    sql`select distinct user_id from point_entries
        where remaining > 0 and expires_at <= ${ctx.now().toISOString()}::timestamptz
        order by user_id limit ${EVENT_BATCH}`,
  );
  for (const row of due) await expireDueLots(ctx, num(row.user_id));
  return due.length;
}
