import { sql, type SQL } from "drizzle-orm";
import { purchaseExplanation, settlementDetailOf, settlementExplanation } from "../../rules/bill-explanation";
import { PAY_TYPE_NAMES } from "../../rules/finance";
import { ledgerReference, type LedgerReference } from "../../rules/ledger-reference";
import { formatMoney } from "../../rules/money";
import { addDays, daysInRange, shanghaiDayStart, type InstantRange } from "../../rules/finance";
import type { Caller, Ctx } from "../context";
import type { Page, PageRequest } from "../page";
import type { EntryKind, Wallet } from "../wallet/ledger";
import { date, num, rowsOf } from "./rows";
import { mainAccountOf } from "./scope";

/** One ledger entry as the expense detail lists it. */
export interface BalanceChange {
  id: number;
  kind: EntryKind;
  wallet: Wallet;
  amountFen: number;
  balanceAfterFen: number;
  /** The cash and voucher balances just after this entry (each wallet's running balance). */
  cashAfterFen: number;
  voucherAfterFen: number;
  /** What the entry refers to, resolved against the caller's own rows (rules/ledger-reference.ts). */
  reference: LedgerReference;
  note: string | null;
  createdAt: Date;
  /**
   * How the amount was computed: an hourly settlement's or a package's formula
   * (the bill that explains itself, issue 12 §5), any other purchase's price and
   * payment, a top-up's channel; null for other entries.
   */
  explanation: string | null;
}

export interface BalanceChangeFilter {
  kind: EntryKind | null;
  wallet: Wallet | null;
  range: InstantRange;
}

interface EntryRow {
  id: unknown;
  kind: EntryKind;
  wallet: Wallet;
  amount_fen: unknown;
  balance_after_fen: unknown;
  refers_to: string;
  note: string | null;
  created_at: unknown;
  total?: unknown;
  /** The entry's hourly settlement, when it is one (null columns otherwise). */
  s_seconds: unknown;
  s_gpu_count: unknown;
  s_unit_price_fen: unknown;
  s_duration_discount_bp: unknown;
  s_vip_discount_bp: unknown;
  s_extra_disk_month_fen: unknown;
  s_amount_due_fen: unknown;
  s_amount_fen: unknown;
  s_paid_voucher_fen: unknown;
  s_paid_cash_fen: unknown;
  order_no: string | null;
  order_kind: string | null;
  order_amount_fen: unknown;
  order_detail: unknown;
  order_paid_voucher_fen: unknown;
  order_paid_cash_fen: unknown;
  recharge_no: string | null;
  recharge_pay_type: unknown;
  instance_uuid: string | null;
  instance_name: string | null;
  coupon_id: unknown;
  coupon_group_name: string | null;
  withdrawal_id: unknown;
  cash_after_fen: unknown;
  voucher_after_fen: unknown;
}

function conditions(userId: number, filter: BalanceChangeFilter): SQL {
  const parts: SQL[] = [sql`user_id = ${userId}`];
  if (filter.kind) parts.push(sql`kind = ${filter.kind}`);
  if (filter.wallet) parts.push(sql`wallet = ${filter.wallet}`);
  if (filter.range.from) parts.push(sql`created_at >= ${filter.range.from.toISOString()}::timestamptz`);
  if (filter.range.until) parts.push(sql`created_at < ${filter.range.until.toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}

/**
 * One page of entries (`page`: a query over ledger_entries with PAGE_COLUMNS),
 * each joined with what explains it: an hourly settlement by its operation
 * key "settle:<instance id>:<period start ms>" (the unique (instance,
 * period_start) index), a package charge by its purchase order
 * ("purchase:<order no>"); what its key names, each joined on the caller's
 * own rows only (recharge order, instance, coupon, withdrawal: another
 * account's id never resolves); and the other wallet's running balance (the
 * latest cash and voucher entries up to this one, on the (user_id, id) index).
 * One query; the joins touch only the page's rows.
 */
function withExplanations(page: SQL): SQL {
  return sql`with page as (${page})
    select p.*, s.seconds as s_seconds, s.gpu_count as s_gpu_count, s.unit_price_fen as s_unit_price_fen,
      s.duration_discount_bp as s_duration_discount_bp, s.vip_discount_bp as s_vip_discount_bp,
      s.extra_disk_month_fen as s_extra_disk_month_fen,
      s.amount_due_fen as s_amount_due_fen, s.amount_fen as s_amount_fen,
      s.paid_voucher_fen as s_paid_voucher_fen, s.paid_cash_fen as s_paid_cash_fen, o.detail as order_detail,
      o.order_no as order_no, o.kind as order_kind, o.amount_fen as order_amount_fen,
      o.paid_voucher_fen as order_paid_voucher_fen, o.paid_cash_fen as order_paid_cash_fen,
      r.out_trade_no as recharge_no, r.pay_type as recharge_pay_type,
      i.uuid as instance_uuid, i.name as instance_name,
      uc.id as coupon_id, cg.name as coupon_group_name, w.id as withdrawal_id,
      coalesce(cash.balance_after_fen, 0) as cash_after_fen,
      coalesce(voucher.balance_after_fen, 0) as voucher_after_fen
    from page p
    left join lateral (
      select k.instance_id, to_timestamp(k.period_ms / 1000.0) as period_start
      from (select case when p.operation_key ~ '^settle:[0-9]{1,18}:[0-9]{1,15}$'
                     then split_part(p.operation_key, ':', 2)::bigint end as instance_id,
                   case when p.operation_key ~ '^settle:[0-9]{1,18}:[0-9]{1,15}$'
                     then split_part(p.operation_key, ':', 3)::bigint end as period_ms) k
    ) key on true
    left join instance_settlements s
      on s.instance_id = key.instance_id and s.user_id = p.user_id
     and s.period_start > key.period_start - interval '1 millisecond'
     and s.period_start < key.period_start + interval '1 millisecond'
    left join purchase_orders o
      on p.refers_to like 'purchase:%' and o.order_no = substr(p.refers_to, 10) and o.user_id = p.user_id
    left join recharge_orders r
      on p.refers_to like 'recharge:%' and r.out_trade_no = substr(p.refers_to, 10) and r.user_id = p.user_id
    left join instances i
      on p.refers_to like 'instance:%' and i.uuid = substr(p.refers_to, 10) and i.user_id = p.user_id
    left join user_coupons uc
      on uc.id = case when p.refers_to ~ '^coupon:[0-9]{1,18}$' then split_part(p.refers_to, ':', 2)::bigint end
     and uc.user_id = p.user_id
    left join coupon_groups cg on cg.id = uc.group_id
    left join withdrawals w
      on w.id = case when p.refers_to ~ '^withdrawal:[0-9]{1,18}$' then split_part(p.refers_to, ':', 2)::bigint end
     and w.user_id = p.user_id
    left join lateral (
      select e.balance_after_fen from ledger_entries e
      where e.user_id = p.user_id and e.wallet = 'cash' and e.id <= p.id order by e.id desc limit 1
    ) cash on true
    left join lateral (
      select e.balance_after_fen from ledger_entries e
      where e.user_id = p.user_id and e.wallet = 'voucher' and e.id <= p.id order by e.id desc limit 1
    ) voucher on true
    order by p.id desc`;
}

const PAGE_COLUMNS = sql.raw(
  "id, kind, wallet, amount_fen, balance_after_fen, refers_to, note, created_at, operation_key, user_id",
);

/** Every ledger entry of the caller's account that matches, newest first (the (user_id, id) index), with the total. */
export async function listBalanceChanges(
  ctx: Ctx,
  caller: Caller,
  input: PageRequest & BalanceChangeFilter,
): Promise<Page<BalanceChange>> {
  const userId = mainAccountOf(caller);
  const { page, pageSize } = input;
  const where = conditions(userId, input);
  const rows = await rowsOf<EntryRow>(
    ctx.db,
    withExplanations(
      sql`select ${PAGE_COLUMNS}, count(*) over () as total from ledger_entries where ${where}
          order by id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
  );
  let total = rows.length > 0 ? num(rows[0]!.total) : 0;
  if (rows.length === 0 && page > 1) {
    const [counted] = await rowsOf<{ n: unknown }>(
      ctx.db,
      sql`select count(*) as n from ledger_entries where ${where}`,
    );
    total = num(counted?.n ?? 0);
  }
  return { items: rows.map(toBalanceChange), total, page, pageSize };
}

/**
 * Every matching entry, newest first, for the CSV export, when there are at
 * most `limit` of them; otherwise none, and `tooMany` (one row more than
 * allowed is read to tell).
 */
export async function exportBalanceChanges(
  ctx: Ctx,
  caller: Caller,
  input: BalanceChangeFilter & { limit: number },
): Promise<{ entries: BalanceChange[]; tooMany: boolean }> {
  const userId = mainAccountOf(caller);
  const rows = await rowsOf<EntryRow>(
    ctx.db,
    withExplanations(
      sql`select ${PAGE_COLUMNS} from ledger_entries where ${conditions(userId, input)}
          order by id desc limit ${input.limit + 1}`,
    ),
  );
  if (rows.length > input.limit) return { entries: [], tooMany: true };
  return { entries: rows.map(toBalanceChange), tooMany: false };
}

function toBalanceChange(row: EntryRow): BalanceChange {
  return {
    id: num(row.id),
    kind: row.kind,
    wallet: row.wallet,
    amountFen: num(row.amount_fen),
    balanceAfterFen: num(row.balance_after_fen),
    cashAfterFen: num(row.cash_after_fen),
    voucherAfterFen: num(row.voucher_after_fen),
    reference: ledgerReference(row.refers_to, {
      rechargeOrderNo: row.recharge_no,
      purchase: row.order_no && row.order_kind ? { orderNo: row.order_no, kind: row.order_kind } : null,
      instance: row.instance_uuid ? { uuid: row.instance_uuid, name: row.instance_name ?? row.instance_uuid } : null,
      coupon: row.coupon_id != null ? { id: num(row.coupon_id), groupName: row.coupon_group_name ?? "" } : null,
      withdrawalId: row.withdrawal_id != null ? num(row.withdrawal_id) : null,
    }),
    note: row.note,
    createdAt: date(row.created_at),
    explanation: explanationOf(row),
  };
}

function explanationOf(row: EntryRow): string | null {
  if (row.s_seconds != null)
    return settlementExplanation(
      settlementDetailOf({
        seconds: num(row.s_seconds),
        gpuCount: num(row.s_gpu_count),
        unitPriceFen: num(row.s_unit_price_fen),
        durationDiscountBp: num(row.s_duration_discount_bp),
        vipDiscountBp: num(row.s_vip_discount_bp),
        extraDiskMonthFen: num(row.s_extra_disk_month_fen),
        amountDueFen: num(row.s_amount_due_fen),
        amountFen: num(row.s_amount_fen),
        paidVoucherFen: num(row.s_paid_voucher_fen),
        paidCashFen: num(row.s_paid_cash_fen),
      }),
    );
  if (row.order_kind != null)
    return purchaseExplanation(
      row.order_kind,
      typeof row.order_detail === "string" ? (JSON.parse(row.order_detail) as unknown) : row.order_detail,
      num(row.order_amount_fen),
      num(row.order_paid_voucher_fen),
      num(row.order_paid_cash_fen),
    );
  if (row.recharge_no != null && row.kind === "top_up") {
    const channel = PAY_TYPE_NAMES[num(row.recharge_pay_type)] ?? "在线支付";
    return `${channel}充值 ${formatMoney(num(row.amount_fen))}`;
  }
  return null;
}

/** Spending on one Asia/Shanghai day, by the wallet that paid. */
export interface DailySpending {
  date: string;
  cashFen: number;
  voucherFen: number;
}

/**
 * Spending per Asia/Shanghai day from `from` to `to` (both included): purchases
 * net of refunds, from cash and from vouchers, every day of the range listed
 * (0 on days without any). One grouped query over the caller's entries.
 */
export async function dailySpending(
  ctx: Ctx,
  caller: Caller,
  input: { from: string; to: string },
): Promise<DailySpending[]> {
  const userId = mainAccountOf(caller);
  const start = shanghaiDayStart(input.from)!;
  const until = shanghaiDayStart(addDays(input.to, 1))!;
  const rows = await rowsOf<{ day: unknown; wallet: Wallet; spent: unknown }>(
    ctx.db,
    // Asia/Shanghai is UTC+8 all year: the fixed offset needs no time zone data (PGlite ships none).
    sql`select to_char((created_at at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD') as day, wallet,
               -sum(amount_fen) as spent
        from ledger_entries
        where user_id = ${userId} and kind in ('purchase', 'refund') and wallet in ('cash', 'voucher')
          and created_at >= ${start.toISOString()}::timestamptz and created_at < ${until.toISOString()}::timestamptz
        group by 1, 2`,
  );
  const days = new Map<string, DailySpending>();
  const count = daysInRange(input.from, input.to);
  for (let i = 0; i < count; i++) {
    const day = addDays(input.from, i);
    days.set(day, { date: day, cashFen: 0, voucherFen: 0 });
  }
  for (const row of rows) {
    const day = days.get(String(row.day));
    if (!day) continue;
    if (row.wallet === "cash") day.cashFen = num(row.spent);
    else day.voucherFen = num(row.spent);
  }
  return [...days.values()];
}
