import { and, asc, desc, eq, isNotNull, ne, sql } from "drizzle-orm";
import { instances } from "../../db/market-schema";
import { subAccounts } from "../../db/schema";
import { shanghaiDate, shanghaiDayStart } from "../../rules/finance";
import type { Caller, Ctx } from "../context";
import { fail } from "../errors";
import { num, rowsOf } from "../finance/rows";
import { selectInstances, toInstance, type Instance } from "./view";

/** One sub-account of the caller, its instances and what they cost this month. */
export interface SubAccountInstanceGroup {
  subAccountId: number;
  subAccountName: string;
  disabled: boolean;
  /** Purchases, renewals and settlements of its instances since `monthStart`, less refunds, fen (cash and vouchers). */
  monthCostFen: number;
  instances: Instance[];
}

/** The first instant of `now`'s calendar month in Asia/Shanghai. */
export function shanghaiMonthStart(now: Date): Date {
  return shanghaiDayStart(`${shanghaiDate(now).slice(0, 8)}01`)!;
}

/**
 * `/instance/get_sub_account_instances` (issue 36 §2): a main account's
 * sub-accounts, each with its instances that are not released and the month's
 * cost of them from the ledger: the cash and voucher entries since the month
 * began in Asia/Shanghai that refer to one of its instances (settlements,
 * refunds) or to a purchase order of one (rentals, renewals, resizes). Three queries
 * whatever the number of sub-accounts. A sub-account is NOT_FOUND: the page is
 * its main account's alone.
 */
export async function listSubAccountInstances(
  ctx: Pick<Ctx, "db" | "now">,
  caller: Caller,
): Promise<{ monthStart: Date; groups: SubAccountInstanceGroup[] }> {
  if (caller.subAccountId !== null) fail("NOT_FOUND");
  const now = ctx.now();
  const monthStart = shanghaiMonthStart(now);
  const [subs, rows, costs] = await Promise.all([
    ctx.db
      .select({ id: subAccounts.id, name: subAccounts.name, disabledAt: subAccounts.disabledAt })
      .from(subAccounts)
      .where(eq(subAccounts.mainUserId, caller.userId))
      .orderBy(asc(subAccounts.id)),
    selectInstances(
      ctx.db,
      and(eq(instances.userId, caller.userId), isNotNull(instances.subAccountId), ne(instances.state, "released")),
    ).orderBy(desc(instances.createdAt), desc(instances.id)),
    rowsOf<{ sub_account_id: unknown; cost_fen: unknown }>(
      ctx.db,
      sql`with theirs as (
            select uuid, sub_account_id from instances where user_id = ${caller.userId} and sub_account_id is not null),
          refs as (
            select t.sub_account_id, 'instance:' || t.uuid as ref from theirs t
            union all
            select t.sub_account_id, 'purchase:' || o.order_no from theirs t
              join purchase_orders o on o.user_id = ${caller.userId} and o.refers_to = 'instance:' || t.uuid)
          select r.sub_account_id, -sum(l.amount_fen) as cost_fen
          from refs r
          join ledger_entries l on l.user_id = ${caller.userId} and l.refers_to = r.ref
          where l.kind in ('purchase', 'refund') and l.wallet in ('cash', 'voucher')
            and l.created_at >= ${monthStart.toISOString()}::timestamptz
          group by r.sub_account_id`,
    ),
  ]);
  const costOf = new Map(costs.map((c) => [num(c.sub_account_id), num(c.cost_fen)]));
  const groups = subs.map((s): SubAccountInstanceGroup => ({
    subAccountId: s.id,
    subAccountName: s.name,
    disabled: s.disabledAt !== null,
    monthCostFen: costOf.get(s.id) ?? 0,
    instances: [],
  }));
  const byId = new Map(groups.map((g) => [g.subAccountId, g]));
  for (const row of rows) byId.get(row.i.subAccountId!)?.instances.push(toInstance(row, now));
  return { monthStart, groups };
}
