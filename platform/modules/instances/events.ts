/**
 * Writing the instance log (issue 36 §2 "Logs", decision 082). Every change of
 * an instance records its event in the transaction (or the statement) that
 * makes the change, so the log never shows what did not happen and never
 * misses what did:
 *
 * - `recordInstanceEvent(tx, event)`: one event, from an action's transaction;
 * - `recordInstanceEvents(tx, events)`: many in one insert, for a job that has
 *   the moved rows in hand;
 * - `instanceEventsFrom(rows, …)`: an `insert … select` to put in a job's
 *   set-based statement as one more CTE, reading the rows its update returned.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { formatMoney } from "../../rules/money";
import { BILLING_MODE_LABELS, packageLengthText, rentalTermText } from "../../rules/billing-mode-text";
import type { BillingMode, PackageMode } from "../../rules/rental-price";
import { instanceEvents, type InstanceEventActor, type InstanceEventKind } from "../../db/timeline-schema";

export type { InstanceEventKind };

export interface InstanceEvent {
  instanceId: number;
  /** The instance's owner (its user_id). */
  userId: number;
  kind: InstanceEventKind;
  actor: InstanceEventActor;
  /** The sentence the log shows. */
  text: string;
  /** Money the event moved, in fen (a charge or a refund); omitted when none. */
  amountFen?: number | null;
  at: Date;
}

/** The sentences of the lifecycle's own events (other parts of issue 36 write theirs). */
export const EVENT_TEXT = {
  create: "用户创建实例",
  start: "用户申请开机",
  start_without_gpu: "用户申请无卡模式开机（不占用 GPU，按无卡模式小时价计费）",
  stop: "用户申请关机",
  restart: "用户申请重启",
  release: "用户申请释放实例",
  running: { creating: "实例创建完成，已开机", starting: "实例已开机", restarting: "实例已重启" },
  stopped: "实例已关机",
  released: "实例已释放，GPU 与磁盘已回收",
  arrears_stop: "余额（含可用授信额度）不足以支付下一小时费用，系统自动关机",
  expired_stop: "套餐已到期，系统自动关机",
  retention_release: "关机保留期满，系统自动释放实例",
} as const;

/** The rental's sentence: 用户创建实例：RTX 4090 × 2，包日 3 天. */
export function createEventText(gpuName: string, gpuCount: number, billingMode: BillingMode, units: number): string {
  return `${EVENT_TEXT.create}：${gpuName} × ${gpuCount}，${rentalTermText(billingMode, units)}`;
}

/** Ending a package early: 提前结束套餐并退款：未用整天 3 天，退款 ¥12.00（算力券 ¥2.00，余额 ¥10.00），实例释放中. */
export function refundEventText(unusedDays: number, voucherFen: number, cashFen: number): string {
  return `提前结束套餐并退款：未用整天 ${unusedDays} 天，退款 ${formatMoney(voucherFen + cashFen)}（算力券 ${formatMoney(voucherFen)}，余额 ${formatMoney(cashFen)}），实例释放中`;
}

/** A renewal: 续费 1 天，到期时间 2026-12-01 12:00，扣费 ¥47.52（算力券 ¥0.00，余额 ¥47.52）, and how it began. */
export function renewEventText(r: {
  unit: PackageMode;
  count: number;
  periodEnd: Date;
  fromMode: string;
  retookGpus: boolean;
  voucherFen: number;
  cashFen: number;
}): string {
  const term = packageLengthText(r.unit, r.count);
  const end = new Date(r.periodEnd.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");
  const how =
    r.fromMode === "hour"
      ? `按量计费转为${BILLING_MODE_LABELS[r.unit]}（已结算至此刻）`
      : r.retookGpus
        ? "套餐到期后续费，已重新占用 GPU"
        : "续费";
  const money = `扣费 ${formatMoney(r.voucherFen + r.cashFen)}（算力券 ${formatMoney(r.voucherFen)}，余额 ${formatMoney(r.cashFen)}）`;
  return `${how} ${term}，到期时间 ${end}（北京时间），${money}`;
}

/** A resize: GPU 由 1 卡调整为 2 卡 (hourly), or 升配 … 补差价 ¥3.20（算力券 …，余额 …） (a package). */
export function resizeEventText(
  fromGpuCount: number,
  toGpuCount: number,
  paid: { amountFen: number; paidVoucherFen: number; paidCashFen: number } | null,
): string {
  const change = `GPU 由 ${fromGpuCount} 卡调整为 ${toGpuCount} 卡`;
  if (!paid) return `${change}，下次开机起按新配置计费`;
  return `升配：${change}，补差价 ${formatMoney(paid.amountFen)}（算力券 ${formatMoney(paid.paidVoucherFen)}，余额 ${formatMoney(paid.paidCashFen)}）`;
}

/**
 * A data disk growth (decision 093): 数据盘由 50GB 扩容到 150GB，补差价 ¥1.23（算力券 ¥0.00，余额 ¥1.23） (a package),
 * or …，扩容时不收费，开机后扩容部分每小时 ¥0.03 (hourly).
 */
export function diskGrowthEventText(
  fromGb: number,
  toGb: number,
  paid: { amountFen: number; paidVoucherFen: number; paidCashFen: number } | null,
  toHourFen: number,
): string {
  const change = `数据盘由 ${fromGb}GB 扩容到 ${toGb}GB`;
  if (!paid) return `${change}，扩容时不收费，开机后扩容部分每小时 ${formatMoney(toHourFen)}`;
  return (
    `${change}，补差价 ${formatMoney(paid.amountFen)}` +
    `（算力券 ${formatMoney(paid.paidVoucherFen)}，余额 ${formatMoney(paid.paidCashFen)}）`
  );
}

/** A migration: 迁移：测试1区-1号机 → 测试1区-2号机，SSH 端口 41234 → 52345（数据盘随实例迁移）, and whether it started. */
export function migrateEventText(m: {
  fromHostName: string;
  toHostName: string;
  fromSshPort: number;
  toSshPort: number;
  started: boolean;
}): string {
  const then = m.started ? "，已在新主机上申请开机" : "";
  return `迁移：${m.fromHostName} → ${m.toHostName}，SSH 端口 ${m.fromSshPort} → ${m.toSshPort}（系统盘、数据盘随实例迁移）${then}`;
}

export async function recordInstanceEvent(tx: Db, event: InstanceEvent): Promise<void> {
  await recordInstanceEvents(tx, [event]);
}

export async function recordInstanceEvents(tx: Db, events: InstanceEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(instanceEvents).values(
    events.map((e) => ({
      instanceId: e.instanceId,
      userId: e.userId,
      kind: e.kind,
      actor: e.actor,
      text: e.text,
      amountFen: e.amountFen ?? null,
      createdAt: e.at,
    })),
  );
}

/**
 * `insert into instance_events … select … from <rows>`, for a CTE of a job's
 * statement: `rows` names an earlier CTE whose rows have `id` (the instance)
 * and `user_id`; `text` is an SQL expression over them (alias `r`), e.g. a
 * fixed sentence as a parameter.
 */
export function instanceEventsFrom(
  rows: string,
  event: { kind: InstanceEventKind; actor: InstanceEventActor; text: SQL; at: SQL },
): SQL {
  if (!/^[a-z_]+$/.test(rows)) throw new Error(`not a CTE name: ${rows}`);
  return sql`insert into instance_events (instance_id, user_id, kind, actor, text, created_at)
    select r.id, r.user_id, ${event.kind}, ${event.actor}, ${event.text}, ${event.at} from ${sql.raw(rows)} r
    returning id`;
}
