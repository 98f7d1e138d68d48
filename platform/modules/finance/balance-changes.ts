import { sql, type SQL } from "drizzle-orm";
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
  refersTo: string;
  note: string | null;
  createdAt: Date;
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
}

function conditions(userId: number, filter: BalanceChangeFilter): SQL {
  const parts: SQL[] = [sql`user_id = ${userId}`];
  if (filter.kind) parts.push(sql`kind = ${filter.kind}`);
  if (filter.wallet) parts.push(sql`wallet = ${filter.wallet}`);
  if (filter.range.from) parts.push(sql`created_at >= ${filter.range.from.toISOString()}::timestamptz`);
  if (filter.range.until) parts.push(sql`created_at < ${filter.range.until.toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}

const COLUMNS = sql.raw("id, kind, wallet, amount_fen, balance_after_fen, refers_to, note, created_at");

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
    sql`select ${COLUMNS}, count(*) over () as total from ledger_entries where ${where}
        order by id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
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
    sql`select ${COLUMNS} from ledger_entries where ${conditions(userId, input)}
        order by id desc limit ${input.limit + 1}`,
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
    refersTo: row.refers_to,
    note: row.note,
    createdAt: date(row.created_at),
  };
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
