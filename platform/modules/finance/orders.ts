import { sql, type SQL } from "drizzle-orm";
import type { InstantRange } from "../../rules/finance";
import type { Caller, Ctx } from "../context";
import type { Page, PageRequest } from "../page";
import { date, num, rowsOf } from "./rows";
import { mainAccountOf } from "./scope";

export type OrderKind = "recharge" | "purchase";
export type OrderStatus = "pending" | "paid" | "closed" | "rejected" | "refunded";

/** A recharge order or a purchase order, as the orders page lists them. */
export interface Order {
  orderNo: string;
  kind: OrderKind;
  /** Purchases: what was bought ("power_money", …). Recharges: null. */
  purchaseKind: string | null;
  payType: 0 | 1 | 2 | null;
  amountFen: number;
  paidVoucherFen: number | null;
  paidCashFen: number | null;
  status: OrderStatus;
  createdAt: Date;
  paidAt: Date | null;
}

export interface OrderFilter {
  kind: OrderKind | null;
  status: OrderStatus | null;
  range: InstantRange;
}

interface OrderRow {
  order_no: string;
  kind: OrderKind;
  purchase_kind: string | null;
  pay_type: number | null;
  amount_fen: unknown;
  paid_voucher_fen: unknown;
  paid_cash_fen: unknown;
  status: OrderStatus;
  created_at: unknown;
  paid_at: unknown;
  total: unknown;
}

function conditions(alias: SQL, userId: number, filter: OrderFilter): SQL {
  const parts: SQL[] = [sql`${alias}.user_id = ${userId}`];
  if (filter.status) parts.push(sql`${alias}.status = ${filter.status}`);
  if (filter.range.from) parts.push(sql`${alias}.created_at >= ${filter.range.from.toISOString()}::timestamptz`);
  if (filter.range.until) parts.push(sql`${alias}.created_at < ${filter.range.until.toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}

/**
 * The caller's recharge and purchase orders, newest first, in one query: the
 * union of both tables (each read through its (user_id, id) index), with the
 * total across pages counted by a window over the same union.
 */
export async function listOrders(ctx: Ctx, caller: Caller, input: PageRequest & OrderFilter): Promise<Page<Order>> {
  const userId = mainAccountOf(caller);
  const { page, pageSize } = input;
  const recharges = sql`
    select 'recharge' as kind, r.id, r.out_trade_no as order_no, null::text as purchase_kind, r.pay_type,
           r.amount_fen, null::bigint as paid_voucher_fen, null::bigint as paid_cash_fen, r.status,
           r.created_at, r.paid_at
    from recharge_orders r where ${conditions(sql.raw("r"), userId, input)}`;
  const purchases = sql`
    select 'purchase' as kind, p.id, p.order_no, p.kind as purchase_kind, null::integer as pay_type,
           p.amount_fen, p.paid_voucher_fen, p.paid_cash_fen, p.status,
           p.created_at, p.created_at as paid_at
    from purchase_orders p where ${conditions(sql.raw("p"), userId, input)}`;
  const union =
    input.kind === "recharge"
      ? recharges
      : input.kind === "purchase"
        ? purchases
        : sql`${recharges} union all ${purchases}`;
  const rows = await rowsOf<OrderRow>(
    ctx.db,
    sql`select o.*, count(*) over () as total from (${union}) o
        order by o.created_at desc, o.kind desc, o.id desc
        limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  let total = rows.length > 0 ? num(rows[0]!.total) : 0;
  if (rows.length === 0 && page > 1) {
    const [counted] = await rowsOf<{ n: unknown }>(ctx.db, sql`select count(*) as n from (${union}) o`);
    total = num(counted?.n ?? 0);
  }
  return { items: rows.map(toOrder), total, page, pageSize };
}

function toOrder(row: OrderRow): Order {
  return {
    orderNo: row.order_no,
    kind: row.kind,
    purchaseKind: row.purchase_kind,
    payType: row.pay_type === null ? null : (num(row.pay_type) as 0 | 1 | 2),
    amountFen: num(row.amount_fen),
    paidVoucherFen: row.paid_voucher_fen === null ? null : num(row.paid_voucher_fen),
    paidCashFen: row.paid_cash_fen === null ? null : num(row.paid_cash_fen),
    status: row.status,
    createdAt: date(row.created_at),
    paidAt: row.paid_at === null ? null : date(row.paid_at),
  };
}
