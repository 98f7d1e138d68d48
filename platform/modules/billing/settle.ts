/**
 * Settling hourly usage (issue 12 §5, decisions 043 and 046): every selected
 * hourly instance that is running and not billed up to `upTo` gets one
 * settlement for [billed_until, upTo), priced by `usageChargeFen` over the
 * whole seconds (plus its extra data disk's `extraDiskChargeFen`, decision 093), paid vouchers first, then cash (down into the credit quota),
 * posted as ledger entries, with billed_until and cost_fen moved on.
 *
 * Set-based: one SQL statement settles every due instance at once (CTEs: lock
 * the due instances, price them, lock their owners in id order, split each
 * owner's vouchers and cash over the owner's instances in id order, insert the
 * settlements, ledger entries with their running balances, and update the
 * accounts and instances). The settlement's unique (instance, period start)
 * with ON CONFLICT DO NOTHING means no period is ever charged twice, and only
 * inserted settlements move money.
 *
 * A sub-account's instance's settlement also counts against that sub-account's limit (money_used_fen) and its month's
 * spending (the Beijing month the period ends in: the job settles each hour as it ends, so a period crosses a month's
 * turn only when the jobs were down over it).
 *
 * A settlement never takes more than vouchers + cash + available credit: the
 * arrears check stops instances an hour early so this does not arise; if it
 * still does (the jobs were down), the part that cannot be paid is recorded
 * (the settlement's amount due exceeds its amount) and not charged (decision 046).
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inTransaction } from "../../db/tx";
import { beijingMonth } from "../../rules/sub-account-budget";
import { rowsOf } from "../finance/rows";
import { billedUsageAmountSql } from "./sql-money";

export interface SettleOptions {
  /** Settle up to here (the job: the current hour boundary; stop and release: now). */
  upTo: Date;
  /**
   * Only these instances, waiting for their row locks (the lifecycle calls this
   * inside its own transaction at stop and release). Absent: every due
   * instance, skipping rows another runner holds.
   */
  instanceIds?: number[];
  /** When the entries are written (created_at); defaults to `upTo`. */
  now?: Date;
  /**
   * The job only: settle in this many statements at once, each on its own connection and transaction, each
   * for the owners whose id leaves its remainder, so no owner is in two of them (decision 053). Default 1.
   */
  partitions?: number;
}

/**
 * How many statements the job settles in at once by default (decision 053): two on PostgreSQL, whose
 * backends run them on two cores (100k instances: 2.4 s against 3.8-4.1 s for one), one on PGlite, which
 * runs one statement at a time anyway.
 */
export const settlementPartitionsFor = (kind: "pglite" | "postgres"): number => (kind === "postgres" ? 2 : 1);

/** One partition of the owners: those with `user_id % of = index`. */
interface Partition {
  of: number;
  index: number;
}

export interface SettleResult {
  /** Settlements inserted. */
  settlements: number;
  /** What they charged, in fen: vouchers + cash. */
  chargedFen: number;
  voucherFen: number;
  cashFen: number;
  /** What could not be paid (recorded, not charged); 0 unless the arrears stop came too late. */
  uncollectedFen: number;
  /** The instances settled. */
  instanceIds: number[];
}

interface ResultRow {
  settlements: unknown;
  instance_ids: unknown;
  amount_fen: unknown;
  paid_voucher_fen: unknown;
  paid_cash_fen: unknown;
  uncollected_fen: unknown;
}

function dueFilter(opts: SettleOptions, upTo: SQL, part: Partition): SQL {
  const base = sql`i.billing_mode = 'hour' and i.state = 'running' and i.billed_until is not null
    and i.billed_until <= ${upTo} - interval '1 second'`;
  if (opts.instanceIds === undefined)
    return part.of === 1 ? base : sql`${base} and i.user_id % ${part.of}::int = ${part.index}::int`;
  return sql`${base} and i.id = any(${`{${opts.instanceIds.map((id) => Math.trunc(id)).join(",")}}`}::bigint[])`;
}

export async function settleUsage(db: Db, opts: SettleOptions): Promise<SettleResult> {
  const result: SettleResult = {
    settlements: 0,
    chargedFen: 0,
    voucherFen: 0,
    cashFen: 0,
    uncollectedFen: 0,
    instanceIds: [],
  };
  if (opts.instanceIds !== undefined && opts.instanceIds.length === 0) return result;
  const of = opts.instanceIds === undefined ? Math.max(1, Math.trunc(opts.partitions ?? 1)) : 1;
  const parts = await Promise.all(
    Array.from({ length: of }, (_, index) =>
      inTransaction(db, async (tx) => {
        // The statement is large and its plan's cost high: PostgreSQL's JIT would spend seconds compiling it.
        await tx.execute(sql`set local jit = off`);
        // Its sorts and hashes over every due instance stay in memory (100k rows: tens of MB).
        await tx.execute(sql`set local work_mem = '64MB'`);
        return rowsOf<ResultRow>(tx, settlementStatement(opts, { of, index }));
      }),
    ),
  );
  for (const [row] of parts) {
    if (!row) continue;
    result.settlements += Number(row.settlements);
    result.chargedFen += Number(row.amount_fen);
    result.voucherFen += Number(row.paid_voucher_fen);
    result.cashFen += Number(row.paid_cash_fen);
    result.uncollectedFen += Number(row.uncollected_fen);
    result.instanceIds.push(...idList(row.instance_ids));
  }
  if (of > 1) result.instanceIds.sort((a, b) => a - b);
  return result;
}

/** The one statement of settleUsage (exported for EXPLAIN in the bench). */
export function settlementStatement(opts: SettleOptions, part: Partition = { of: 1, index: 0 }): SQL {
  const upTo = sql`${opts.upTo.toISOString()}::timestamptz`;
  const now = sql`${(opts.now ?? opts.upTo).toISOString()}::timestamptz`;
  // The job skips rows another runner holds; a named instance is waited for (it must be settled now).
  const lock = opts.instanceIds === undefined ? sql`for update of i skip locked` : sql`for update of i`;
  return sql`
    with priced as (
      select i.id, i.uuid, i.name, i.user_id, i.sub_account_id, i.billed_until,
             -- Without GPU (decision 086): 0 GPUs at its own hourly rate, no discount.
             case when i.no_gpu_rate_fen is null then i.gpu_count else 0 end as gpu_count,
             coalesce(i.no_gpu_rate_fen, i.unit_price_fen) as unit_price_fen,
             case when i.no_gpu_rate_fen is null then i.duration_discount_bp else 10000 end as duration_discount_bp,
             case when i.no_gpu_rate_fen is null then i.vip_discount_bp else 10000 end as vip_discount_bp,
             i.extra_disk_month_fen,
             t.seconds, ${billedUsageAmountSql(sql`t.seconds`, "i")} as due_fen
      from instances i
      cross join lateral (
        select floor(extract(epoch from ${upTo}) - extract(epoch from i.billed_until))::bigint as seconds
      ) t
      where ${dueFilter(opts, upTo, part)}
      order by i.id
      ${lock}
    ),
    owners as (
      select u.id, u.money_fen, u.power_money_fen, u.credit_quota_fen
      from users u where u.id in (select user_id from priced)
      order by u.id
      for update
    ),
    running_total as (
      select p.*, o.money_fen, o.power_money_fen, o.credit_quota_fen,
             sum(p.due_fen) over (partition by p.user_id order by p.id rows unbounded preceding) as upto_fen
      from priced p join owners o on o.id = p.user_id
    ),
    split as (
      select r.*,
        least(r.power_money_fen, r.upto_fen) - least(r.power_money_fen, r.upto_fen - r.due_fen) as voucher_fen,
        least(r.money_fen + r.credit_quota_fen, greatest(0, r.upto_fen - r.power_money_fen))
          - least(r.money_fen + r.credit_quota_fen, greatest(0, r.upto_fen - r.due_fen - r.power_money_fen))
          as cash_fen
      from running_total r
    ),
    inserted as (
      insert into instance_settlements
        (instance_id, user_id, period_start, period_end, seconds, gpu_count, unit_price_fen, duration_discount_bp,
         vip_discount_bp, extra_disk_month_fen, amount_due_fen, amount_fen, paid_voucher_fen, paid_cash_fen, created_at)
      select s.id, s.user_id, s.billed_until, ${upTo}, s.seconds, s.gpu_count, s.unit_price_fen,
        s.duration_discount_bp, s.vip_discount_bp, s.extra_disk_month_fen, s.due_fen, s.voucher_fen + s.cash_fen,
        s.voucher_fen, s.cash_fen, ${now}
      from split s
      on conflict (instance_id, period_start) do nothing
      returning instance_id, user_id, period_start, amount_fen, paid_voucher_fen, paid_cash_fen,
        amount_due_fen - amount_fen as uncollected_fen
    ),
    balances as (
      select n.*, s.uuid, s.name,
        case when s.gpu_count = 0 then '无卡模式计费：' else '按量计费：' end as note_head,
        'settle:' || n.instance_id || ':' || floor(extract(epoch from n.period_start) * 1000)::bigint as op_key,
        s.power_money_fen - sum(n.paid_voucher_fen)
          over (partition by n.user_id order by n.instance_id rows unbounded preceding) as voucher_after,
        s.money_fen - sum(n.paid_cash_fen)
          over (partition by n.user_id order by n.instance_id rows unbounded preceding) as cash_after
      from inserted n join split s on s.id = n.instance_id
    ),
    entries as (
      insert into ledger_entries
        (user_id, wallet, kind, amount_fen, balance_after_fen, operation_key, seq, refers_to, note, created_at)
      select user_id, wallet, 'purchase', amount_fen, balance_after_fen, op_key, seq, refers_to, note, ${now}
      from (
        select b.user_id, b.instance_id, 'voucher' as wallet, -b.paid_voucher_fen as amount_fen,
               b.voucher_after as balance_after_fen, b.op_key, 0 as seq, 'instance:' || b.uuid as refers_to,
               b.note_head || b.name as note
        from balances b where b.paid_voucher_fen > 0
        union all
        select b.user_id, b.instance_id, 'cash', -b.paid_cash_fen, b.cash_after, b.op_key,
               case when b.paid_voucher_fen > 0 then 1 else 0 end, 'instance:' || b.uuid, b.note_head || b.name
        from balances b where b.paid_cash_fen > 0
      ) e
      order by e.user_id, e.instance_id, e.seq
      returning id
    ),
    paid_by_owner as (
      select user_id, sum(paid_voucher_fen) as voucher_fen, sum(paid_cash_fen) as cash_fen
      from inserted group by user_id
    ),
    owners_updated as (
      -- Absolute values from the locked rows: this UPDATE's snapshot may predate a concurrent top-up, and
      -- PostgreSQL checks CHECK constraints on the snapshot's version before it follows the update chain.
      update users u
      set power_money_fen = o.power_money_fen - p.voucher_fen, money_fen = o.money_fen - p.cash_fen,
          credit_quota_fen = o.credit_quota_fen
      from paid_by_owner p join owners o on o.id = p.user_id
      where u.id = p.user_id and (p.voucher_fen > 0 or p.cash_fen > 0)
      returning u.id
    ),
    sub_account_charges as (
      select s.sub_account_id, sum(n.amount_fen) as amount_fen
      from inserted n join split s on s.id = n.instance_id
      where s.sub_account_id is not null and n.amount_fen > 0
      group by s.sub_account_id
    ),
    sub_accounts_charged as (
      -- A sub-account's hours count against its limit and its month (decision 107): after the owners' locks, as
      -- every purchase takes them (the account, then its sub-account).
      update sub_accounts a set money_used_fen = a.money_used_fen + c.amount_fen
      from sub_account_charges c where a.id = c.sub_account_id
      returning a.id
    ),
    sub_account_months_charged as (
      insert into sub_account_month_spending (sub_account_id, month, spent_fen)
      select c.sub_account_id, ${beijingMonth(new Date(opts.upTo.getTime() - 1))}, c.amount_fen
      from sub_account_charges c
      on conflict (sub_account_id, month) do update
        set spent_fen = sub_account_month_spending.spent_fen + excluded.spent_fen
      returning sub_account_id
    ),
    instances_updated as (
      update instances i
      set billed_until = ${upTo}, cost_fen = i.cost_fen + n.amount_fen
      from inserted n
      where i.id = n.instance_id
      returning i.id
    )
    select count(*) as settlements, coalesce(sum(n.amount_fen), 0) as amount_fen,
      coalesce(sum(n.paid_voucher_fen), 0) as paid_voucher_fen, coalesce(sum(n.paid_cash_fen), 0) as paid_cash_fen,
      coalesce(sum(n.uncollected_fen), 0) as uncollected_fen,
      coalesce(array_agg(n.instance_id order by n.instance_id), '{}') as instance_ids
    from inserted n`;
}

/** A bigint[] as the driver gives it: an array (node-postgres, PGlite) or its text form. */
export function idList(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  const text = String(value ?? "{}").replace(/[{}]/g, "");
  return text ? text.split(",").map(Number) : [];
}
