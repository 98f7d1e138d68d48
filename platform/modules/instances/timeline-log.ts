/**
 * `/logs/get_instance_log_list` (issue 36 §2 "Logs", decision 082): one page
 * of an instance's log, newest first: its lifecycle events (instance_events)
 * and its charges (the purchase orders referring to `instance:<uuid>`, the
 * hourly settlements) merged by time in one statement, each charge with the
 * explanation the bill gives it. The instance is found scoped by the caller
 * (ownedBy): anyone else's is INSTANCE_NOT_FOUND.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { instances } from "../../db/market-schema";
import type { InstanceEventActor, InstanceEventKind } from "../../db/timeline-schema";
import { purchaseExplanation, settlementDetailOf, settlementExplanation } from "../../rules/bill-explanation";
import { purchaseKindName } from "../../rules/finance";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { date, num, rowsOf } from "../finance/rows";
import type { Page, PageRequest } from "../page";
import { ownedBy } from "./scope";

/** The charges merged into the log: a package's purchase order, an hourly settlement. */
export const INSTANCE_CHARGE_KINDS = ["package_order", "settlement"] as const;
export type InstanceChargeKind = (typeof INSTANCE_CHARGE_KINDS)[number];
export type InstanceLogKind = InstanceEventKind | InstanceChargeKind;
/** The kind filter: one kind, every lifecycle event, every charge, or all. */
export type InstanceLogFilter = "all" | "lifecycle" | "charge" | InstanceLogKind;

export interface InstanceLogItem {
  kind: InstanceLogKind;
  at: Date;
  actor: InstanceEventActor;
  text: string;
  /** Fen; null when no money moved. */
  amountFen: number | null;
}

export interface InstanceLogRequest extends PageRequest {
  uuid: string;
  filter: InstanceLogFilter;
}

interface LogRow {
  kind: string;
  at: unknown;
  actor: string;
  text: string | null;
  amount_fen: unknown;
  order_kind: string | null;
  detail: unknown;
  paid_voucher_fen: unknown;
  paid_cash_fen: unknown;
  seconds: unknown;
  gpu_count: unknown;
  unit_price_fen: unknown;
  duration_discount_bp: unknown;
  vip_discount_bp: unknown;
  amount_due_fen: unknown;
  extra_disk_month_fen: unknown;
  total: unknown;
}

const LOG_COLUMNS =
  "kind, at, source, id, actor, text, amount_fen, order_kind, detail, paid_voucher_fen, paid_cash_fen, seconds, " +
  "gpu_count, unit_price_fen, duration_discount_bp, vip_discount_bp, amount_due_fen, extra_disk_month_fen";

const isCharge = (kind: string): kind is InstanceChargeKind =>
  (INSTANCE_CHARGE_KINDS as readonly string[]).includes(kind);

/** Which of the three sources a filter reads, and the one event kind it narrows the events to (null: all). */
function sources(filter: InstanceLogFilter) {
  const charges = filter === "charge" || isCharge(filter);
  const wide = filter === "all" || filter === "lifecycle" || filter === "charge";
  return {
    events: !charges,
    eventKind: wide || charges ? null : filter,
    orders: filter === "all" || filter === "charge" || filter === "package_order",
    settlements: filter === "all" || filter === "charge" || filter === "settlement",
  };
}

export async function instanceLog(
  ctx: Pick<Ctx, "db">,
  caller: Caller,
  input: InstanceLogRequest,
): Promise<Page<InstanceLogItem>> {
  const [instance] = await ctx.db
    .select({ id: instances.id, uuid: instances.uuid, userId: instances.userId })
    .from(instances)
    .where(and(eq(instances.uuid, input.uuid), ownedBy(caller)));
  if (!instance) return fail("INSTANCE_NOT_FOUND");

  const from = sources(input.filter);
  const branches: SQL[] = [];
  if (from.events)
    branches.push(sql`
      select e.kind::text as kind, e.created_at as at, 0 as source, e.id, e.actor::text as actor, e.text, e.amount_fen,
        null::text as order_kind, null::jsonb as detail, null::bigint as paid_voucher_fen, null::bigint as paid_cash_fen,
        null::int as seconds, null::int as gpu_count, null::bigint as unit_price_fen, null::int as duration_discount_bp,
        null::int as vip_discount_bp, null::bigint as amount_due_fen, null::bigint as extra_disk_month_fen
      from instance_events e
      where e.instance_id = ${instance.id}
        ${from.eventKind === null ? sql`` : sql`and e.kind = ${from.eventKind}`}`);
  if (from.orders)
    branches.push(sql`
      select 'package_order'::text, o.created_at, 1, o.id, 'user'::text, null::text, o.amount_fen,
        o.kind, o.detail, o.paid_voucher_fen, o.paid_cash_fen,
        null::int, null::int, null::bigint, null::int, null::int, null::bigint, null::bigint
      from purchase_orders o
      where o.user_id = ${instance.userId} and o.refers_to = ${`instance:${instance.uuid}`}`);
  if (from.settlements)
    branches.push(sql`
      select 'settlement'::text, s.created_at, 2, s.id, 'system'::text, null::text, s.amount_fen,
        null::text, null::jsonb, s.paid_voucher_fen, s.paid_cash_fen,
        s.seconds, s.gpu_count, s.unit_price_fen, s.duration_discount_bp, s.vip_discount_bp, s.amount_due_fen,
        s.extra_disk_month_fen
      from instance_settlements s
      where s.instance_id = ${instance.id}`);

  // Named once for every branch: the first one's names would otherwise depend on the filter.
  const union = sql`(${sql.join(branches, sql` union all `)}) as l(${sql.raw(LOG_COLUMNS)})`;
  const offset = (input.page - 1) * input.pageSize;
  const rows = await rowsOf<LogRow>(
    ctx.db,
    sql`select l.*, count(*) over () as total
        from ${union}
        order by l.at desc, l.source desc, l.id desc
        limit ${input.pageSize} offset ${offset}`,
  );
  // The window count rides on the page's rows; past the end there are none, and it is counted on its own.
  const total =
    rows.length > 0 || offset === 0
      ? num(rows[0]?.total ?? 0)
      : num((await rowsOf<{ n: unknown }>(ctx.db, sql`select count(*) as n from ${union}`))[0]!.n);
  return { items: rows.map(toItem), total, page: input.page, pageSize: input.pageSize };
}

function toItem(r: LogRow): InstanceLogItem {
  const amountFen = r.amount_fen === null ? null : num(r.amount_fen);
  const base = { at: date(r.at), actor: r.actor as InstanceEventActor, amountFen };
  if (r.kind === "package_order") {
    const kind = r.order_kind ?? "";
    const explained = purchaseExplanation(
      kind,
      r.detail,
      amountFen ?? 0,
      num(r.paid_voucher_fen),
      num(r.paid_cash_fen),
    );
    return { ...base, kind: "package_order", text: `${purchaseKindName(kind)}：${explained}` };
  }
  if (r.kind === "settlement") {
    const explained = settlementExplanation(
      settlementDetailOf({
        seconds: num(r.seconds),
        gpuCount: num(r.gpu_count),
        unitPriceFen: num(r.unit_price_fen),
        durationDiscountBp: num(r.duration_discount_bp),
        vipDiscountBp: num(r.vip_discount_bp),
        extraDiskMonthFen: num(r.extra_disk_month_fen),
        amountDueFen: num(r.amount_due_fen),
        amountFen: amountFen ?? 0,
        paidVoucherFen: num(r.paid_voucher_fen),
        paidCashFen: num(r.paid_cash_fen),
      }),
    );
    return { ...base, kind: "settlement", text: `按量计费结算：${explained}` };
  }
  return { ...base, kind: r.kind as InstanceEventKind, text: r.text ?? "" };
}
